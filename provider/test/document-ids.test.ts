/**
 * Issue 31 item 7: every id that comes from outside and names a document is a Firestore document id, or the
 * call answers a 400 that names the field, at once. Before, on Firestore, an id with '/' or a broken Unicode
 * character was a 500 and '.', '..' or '__x__' hung for the store's deadline and came back as a 503.
 * Runs on the project's emulator through firebase-admin, as production does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { client, makeProvider, onboardedUser } from './helpers';
import { firestoreEnv, type StoreEnv } from './stores';

const BAD_IDS: Array<[string, string, RegExp]> = [
  ['a slash', 'pot/1', /must not contain '\/'/],
  ['a dot', '.', /must not be '\.' or '\.\.'/],
  ['two dots', '..', /must not be '\.' or '\.\.'/],
  ['__x__', '__x__', /must not start and end with '__'/],
  ['an unpaired surrogate', 'pot\uD800', /broken Unicode character/],
  ['1,501 bytes', 'x'.repeat(1501), /must not be more than 1500 bytes/],
];

let env: StoreEnv;
let store: Store;
let provider: Provider;
let user: { token: string };
let admin: { token: string };

beforeAll(async () => {
  env = await firestoreEnv();
  [store] = env.clients(1) as [Store];
  provider = makeProvider({ store });
  user = await onboardedUser(provider);
  const a = await onboardedUser(provider);
  await store.update(C.users, a.id, { role: 1 });
  admin = a;
});
afterAll(() => env.stop());

const key = { 'idempotency-key': 'document-id-test-0001' };

function bodyCalls(id: string) {
  return [
    { field: 'pot_id', as: 'user', method: 'POST', path: '/api/v1/user/join-auto-trada', body: { pot_id: id, amount: 10_000 } },
    { field: 'pot_id', as: 'user', method: 'POST', path: '/api/v1/user/pot-payout', body: { pot_id: id } },
    {
      field: 'game_id',
      as: 'user',
      method: 'POST',
      path: '/api/v1/puntershub/buy-or-get-game',
      body: { game_id: id, amount: 0 },
    },
    {
      field: 'game_id',
      as: 'user',
      method: 'POST',
      path: '/api/v1/puntershub/dispute',
      body: { game_id: id, reason: 'The code did not load at all' },
    },
    {
      field: 'destination_account',
      as: 'user',
      method: 'POST',
      path: '/api/v1/user/wallet/withdraw',
      body: { destination_account: id, amount: 500, pin: '1234' },
    },
    {
      field: 'dispute_id',
      as: 'admin',
      method: 'PUT',
      path: '/api/v1/admin/disputes/resolve',
      body: { dispute_id: id, note: 'Looked at it' },
    },
    { field: 'transaction_id', as: 'admin', method: 'PUT', path: '/api/v1/transactions/approve', body: { transaction_id: id } },
    { field: 'user_id', as: 'admin', method: 'PUT', path: '/api/v1/users/suspend-account', body: { user_id: id } },
  ] as const;
}

describe('odd ids get a 400 naming the field, at once (issue 31 item 7)', () => {
  for (const [what, id, message] of BAD_IDS) {
    it(`${what} in a body`, async () => {
      const c = client(provider);
      for (const call of bodyCalls(id)) {
        const started = Date.now();
        const res = await c.call(call.method, call.path, call.body, call.as === 'admin' ? admin.token : user.token, key);
        expect({ path: call.path, status: res.status }).toEqual({ path: call.path, status: 400 });
        expect(res.body.message).toMatch(new RegExp(`^${call.field}: `));
        expect(res.body.message).toMatch(message);
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    });

    it(`${what} as a URL's :id`, async () => {
      const c = client(provider);
      const encoded = id === 'pot\uD800' ? 'pot%ED%A0%80' : encodeURIComponent(id);
      for (const path of [
        `/api/v1/admin/users/${encoded}/ledger`,
        `/api/v1/admin/pots/${encoded}/participants`,
        `/api/v1/admin/users/${encoded}/safer-play`,
        `/api/v1/giftcards/categories/${encoded}`,
      ]) {
        const res = await c.call('GET', path, undefined, admin.token);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.body.message).toMatch(/^id: /);
      }
      const profile = await c.call('GET', `/api/v1/puntershub/punter/${encoded}`, undefined, user.token);
      expect([profile.status, profile.body.message]).toEqual([400, expect.stringMatching(/^id: /)]);
    });
  }

  it('a good id still reaches the store: an unknown code is a 404, not a 400', async () => {
    const res = await client(provider).call(
      'POST',
      '/api/v1/puntershub/buy-or-get-game',
      { game_id: 'no-such-game', amount: 0 },
      user.token,
      key,
    );
    expect(res.status).toBe(404);
  });
});
