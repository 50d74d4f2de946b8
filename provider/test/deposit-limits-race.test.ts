/**
 * Issue 31 item 5 (ADR 0019's amendment): a deposit limit holds under concurrency and across provider
 * instances. Top-ups started at once all pass the check before the checkout; the credit checks the limit
 * again in its own transaction, and a payment over it is held and refunded to the gateway, never
 * spendable. Twenty at once on two instances, on the memory store and on the project's Firestore emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries as entriesOf, topups } from '../src/collections';
import { accountBalanceKobo, GATEWAY, ledgerCheck } from '../src/ledger';
import type { Provider } from '../src/provider';
import { client, makeProvider, onboardedUser, sandboxPayment } from './helpers';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

const topup = (provider: Provider, token: string, transactionId: string, amount: number) =>
  client(provider).call(
    'POST',
    '/api/v1/user/topup',
    { transaction_id: transactionId, expectedAmount: amount, expectedCurrency: 'NGN' },
    token,
  );

describe.each(envs)('deposit limits under concurrency, on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('20 top-ups of ₦4,000 at once on two instances against a ₦5,000 daily limit: one credited, 19 held and refunded', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const user = await onboardedUser(a);
    const limit = await client(a).call(
      'POST',
      '/api/v1/user/safer-play/limit',
      { kind: 'deposit', period: 'day', amount: 5_000 },
      user.token,
    );
    expect(limit.status).toBe(200);
    // Each passes the check before its checkout: none is credited yet.
    const checks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(i % 2 ? a : b).call('POST', '/api/v1/user/topup/check', { amount: 4_000 }, user.token),
      ),
    );
    expect(checks.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const payments = await Promise.all(Array.from({ length: 20 }, () => sandboxPayment(a, 4_000, user.email)));
    const gatewayBefore = await accountBalanceKobo(s1!, GATEWAY.ref);

    const results = await Promise.all(payments.map((id, i) => topup(i % 2 ? a : b, user.token, id, 4_000)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe(
      'Your payment of ₦4,000 was not added to your wallet. This would take you past your daily deposit limit of ₦5,000 (₦1,000 left today). It is being refunded to you through the payment gateway.',
    );

    // The wallet holds one top-up; nothing held is spendable; the ledger shows the holds refunded.
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(400_000);
    const funding = (await entriesOf(user.id).query(s1!)).map((d) => d.data).filter((e) => e.type === 'FUNDING');
    expect(funding).toHaveLength(1);
    const records = await Promise.all(payments.map((id) => topups.get(s1!, id)));
    expect(records.map((r) => r?.status).sort()).toEqual(['CREDITED', ...Array.from({ length: 19 }, () => 'REFUNDED')]);
    for (const [i, r] of records.entries()) {
      if (r?.status !== 'REFUNDED') continue;
      expect(r.entry_id).toBeNull();
      expect(await accountBalanceKobo(s1!, { kind: 'hold', id: payments[i]! })).toBe(0);
    }
    // Money entered once (₦4,000): the other 19 payments went back to the gateway.
    expect(await accountBalanceKobo(s1!, GATEWAY.ref)).toBe(gatewayBefore - 400_000);
    const state = await client(a).call('GET', '/api/v1/user/safer-play', undefined, user.token);
    expect((state.body.data as { limits: Array<{ kind: string; period: string; used: number }> }).limits).toContainEqual(
      expect.objectContaining({ kind: 'deposit', period: 'day', used: 4_000 }),
    );
    // A retry of a held payment gets the same answer and credits nothing.
    const heldId = payments[records.findIndex((r) => r?.status === 'REFUNDED')]!;
    const retried = await Promise.all([topup(a, user.token, heldId, 4_000), topup(b, user.token, heldId, 4_000)]);
    expect(retried.map((r) => r.status)).toEqual([409, 409]);
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(400_000);
    expect(await a.refundHeldTopups()).toBe(0);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a payment verified after a break started is held and refunded, not credited', async () => {
    const [s1] = env.clients(1);
    const a = makeProvider({ store: s1! });
    const user = await onboardedUser(a);
    const paid = await sandboxPayment(a, 2_000, user.email);
    const pause = await client(a).call(
      'POST',
      '/api/v1/user/safer-play/pause',
      { kind: 'break', duration: '24h', pin: '1234' },
      user.token,
    );
    expect(pause.status).toBe(200);
    const res = await topup(a, user.token, paid, 2_000);
    expect(res.status).toBe(409);
    expect(String(res.body.message)).toMatch(
      /^Your payment of ₦2,000 was not added to your wallet\. You are taking a break until /,
    );
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(0);
    expect((await topups.get(s1!, paid))?.status).toBe('REFUNDED');
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
