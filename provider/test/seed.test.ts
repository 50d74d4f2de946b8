import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { DEMO_ACCOUNTS, DEMO_ADS, DEMO_PASSWORD, DEMO_POT_JOINS, credentialsTable, seedDemo } from '../src/seed';
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
      const joins = DEMO_POT_JOINS.filter((j) => j.account === account.key);
      const expected =
        account.topUps.reduce((a, b) => a + b, 0) -
        (account.subscribe ? 2000 : 0) -
        account.withdrawals.reduce((a, w) => a + w.amount, 0) -
        joins.reduce((a, j) => a + j.amount, 0);
      const wallet = await c.call('GET', '/api/v1/user/naira-wallet', undefined, String(login.body.token));
      expect((wallet.body.data as { balance: number }).balance).toBe(expected);
      expect(list.length).toBe(account.topUps.length + (account.subscribe ? 1 : 0) + account.withdrawals.length + joins.length);
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

  it('seeds pots that agree with their participants, and a Raising pot that trades when raising ends (issue 34 point 7)', async () => {
    const store = createMemoryStore();
    const provider = makeProvider({ store });
    await seedDemo(provider, store);
    const raising = await store.get('trading_pots', 'demo-pot-raising');
    const trading = await store.get('trading_pots', 'demo-pot-trading');
    expect(raising?.status).toBe('Raising');
    expect(trading?.status).toBe('Trading');
    for (const [id, pot] of [
      ['demo-pot-raising', raising],
      ['demo-pot-trading', trading],
    ] as const) {
      const participants = (await store.query('pot_participants', { where: [['pot_id', '==', id]] })).map(
        (d) => d.data as { amount: number; status: string },
      );
      expect(participants.length).toBeGreaterThan(0);
      expect(pot?.investors_count).toBe(participants.length);
      expect(pot?.raised_amount).toBe(participants.reduce((a, p) => a + p.amount, 0));
      expect(participants.length).toBe(DEMO_POT_JOINS.filter((j) => j.pot === id).length);
    }
    // The pot page's 'Starts On' (trade_from) is when the console says it starts trading (raising_to).
    expect(raising?.trade_from).toEqual(raising?.raising_to);
    expect(trading?.raised_amount).toBe(trading?.pot_volume);
  });

  it("leaves a few withdrawals PENDING, so the console's queue has work; Approve and Decline settle them (issue 34 point 10)", async () => {
    const store = createMemoryStore();
    const provider = makeProvider({ store });
    await seedDemo(provider, store);
    const c = client(provider);
    const admin = await c.call('POST', '/api/v1/user/login', { email: 'admin@punter.test', password: DEMO_PASSWORD });
    const t = String(admin.body.token);
    const queue = await c.call('GET', '/api/v1/transactions/pending', undefined, t);
    const pending = queue.body.data as Array<{ id: string; amount: number; user_email: string }>;
    const expected = DEMO_ACCOUNTS.flatMap((a) => a.withdrawals.filter((w) => w.pending).map((w) => [a.email, w.amount]));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(pending.map((w) => [w.user_email, w.amount]).sort()).toEqual([...expected].sort());

    const [first, second] = pending;
    const approved = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: first!.id, action: 'approve' }, t);
    expect(approved.status).toBe(200);
    const declined = await c.call(
      'PUT',
      '/api/v1/transactions/approve',
      { transaction_id: second!.id, action: 'decline', reason: 'Seeded decline' },
      t,
    );
    expect(declined.status).toBe(200);
    const after = (await c.call('GET', '/api/v1/transactions/pending', undefined, t)).body.data as Array<{ id: string }>;
    expect(after.map((w) => w.id)).toEqual(pending.slice(2).map((w) => w.id));
    // The decline refunded the user: a FUNDING credit of the same amount.
    const owner = DEMO_ACCOUNTS.find((a) => a.email === second!.user_email)!;
    const login = await c.call('POST', '/api/v1/user/login', { email: owner.email, password: DEMO_PASSWORD });
    const list = (await c.call('GET', '/api/v1/user/transactions', undefined, String(login.body.token))).body.data as Array<{
      type: string;
      amount: number;
    }>;
    expect(list[0]).toMatchObject({ type: 'FUNDING', amount: second!.amount });
  });
});
