import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { DEMO_ACCOUNTS, DEMO_ADS, DEMO_PASSWORD, credentialsTable, seedDemo } from '../src/seed';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider } from './helpers';

describe('demo seed', () => {
  it('creates the four demo accounts with their permissions and history, and is idempotent', async () => {
    const store = createMemoryStore();
    const provider = makeProvider({ store });
    const first = await seedDemo(provider, store);
    expect(first.map((r) => r.outcome)).toEqual(['created', 'created', 'created', 'created']);
    const countDocs = () => store.dump().size;
    const before = countDocs();
    const second = await seedDemo(provider, store);
    expect(second.map((r) => r.outcome)).toEqual(['existed', 'existed', 'existed', 'existed']);
    expect(countDocs()).toBe(before);
    expect(credentialsTable(second)).toContain('admin@punter.test');

    const c = client(provider);
    for (const account of DEMO_ACCOUNTS) {
      const login = await c.call('POST', '/api/v1/user/login', { email: account.email, password: DEMO_PASSWORD });
      expect(login.body.code).toBe(200);
      expect(login.body.data).toMatchObject(account.permissions);
      // The rules and callables authorise from the permissions document (ADR 0004), so the seed writes it too.
      const id = (login.body.data as { id: string }).id;
      expect(await store.get(C.permissions, id)).toMatchObject({ active: true, ...account.permissions });
      const tx = await c.call('GET', '/api/v1/user/transactions', undefined, String(login.body.token));
      const list = tx.body.data as Array<{ amount: number; type: string }>;
      const expected = account.topUps.reduce((a, b) => a + b, 0) - (account.subscribe ? 2000 : 0) - account.withdraw;
      const wallet = await c.call('GET', '/api/v1/user/naira-wallet', undefined, String(login.body.token));
      expect((wallet.body.data as { balance: number }).balance).toBe(expected);
      expect(list.length).toBe(account.topUps.length + (account.subscribe ? 1 : 0) + (account.withdraw > 0 ? 1 : 0));
    }
    expect((await store.query(C.games)).length).toBe(3);
    // The admin screens have something real to read: ads (seeded), a category with a card and a rate (through the admin calls).
    const admin = await c.call('POST', '/api/v1/user/login', { email: 'admin@punter.test', password: DEMO_PASSWORD });
    const t = String(admin.body.token);
    const ads = await c.call('GET', '/api/v1/ads/all-ads', undefined, t);
    expect((ads.body.data as Array<{ id: string }>).map((a) => a.id)).toEqual(DEMO_ADS.map((a) => a.id));
    const category = await c.call('GET', '/api/v1/giftcards/categories/apple', undefined, t);
    expect(category.body.data).toMatchObject({
      id: 'apple',
      name: 'Apple / iTunes',
      cards: [{ name: 'iTunes US $100', rate: 950 }],
    });
    expect((await c.call('GET', '/api/v1/crypto/rates', undefined, t)).body.data).toEqual([
      expect.objectContaining({ symbol: 'USDT', buy_rate: 1500 }),
    ]);
    expect((await store.query('trading_pots')).length).toBe(2);
  });
});
