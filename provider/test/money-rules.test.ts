/**
 * The money rules under load (issue 5), on the in-memory store and on Firestore through the project's
 * own emulator: concurrent withdrawals never overdraw, one payment credits once however raced, a crash
 * between debit and payout leaves a PENDING entry an admin sees and settles, failed payouts reverse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import type { PayoutGateway } from '../src/adapters/payouts';
import { client, makeProvider, onboardedUser, sandboxPayment, topUp } from './helpers';
import { expectLedgerMatchesBalance, firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

describe.each(envs)('money rules on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('100 concurrent withdrawals from two provider instances never overdraw, and the ledger sums to the balance', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const user = await onboardedUser(a);
    await topUp(a, user.token, user.email, 50_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client(i % 2 === 0 ? a : b).call(
          'POST',
          '/api/v1/user/wallet/withdraw',
          { destination_account: user.bankId, amount: 1000, pin: '1234' },
          user.token,
          { 'idempotency-key': `withdraw-${user.id}-${i}` },
        ),
      ),
    );
    const statuses = results.map((r) => (r.status === 200 ? 'ok' : `${r.status} ${r.body.message}`));
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(50);
    expect(statuses.filter((s) => s === '400 Insufficient funds')).toHaveLength(50);
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(s1!, user.id);
    expect(balanceKobo).toBe(0);
    expect(entries.filter((e) => e.type === 'WITHDRAWAL')).toHaveLength(50);
  });

  it('50 concurrent verifications of one transaction_id credit it exactly once; another user cannot reuse it', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const user = await onboardedUser(a);
    const transactionId = await sandboxPayment(a, 7_500.25, user.email);
    const body = { transaction_id: transactionId, expectedAmount: 7_500.25, expectedCurrency: 'NGN' };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client(i % 2 === 0 ? a : b).call('POST', '/api/v1/user/topup', body, user.token)),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(results.filter((r) => r.body.message === 'Wow! Your top up was successful')).toHaveLength(1);
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(s1!, user.id);
    expect(balanceKobo).toBe(750_025);
    expect(entries).toHaveLength(1);

    const other = await onboardedUser(a);
    const stolen = await client(b).call('POST', '/api/v1/user/topup', body, other.token);
    expect(stolen.status).toBe(409);
    await expectLedgerMatchesBalance(s1!, other.id);
    expect((await s1!.get(C.wallets, other.id))?.balance_kobo).toBe(0);
  });

  it('a crash between the debit and the payout leaves a PENDING entry that an admin sees and settles once', async () => {
    const [store] = env.clients(1);
    const crashing: PayoutGateway = { name: 'sandbox', pay: () => Promise.reject(new Error('process died mid-payout')) };
    const beforeCrash = makeProvider({ store: store!, payouts: crashing });
    const user = await onboardedUser(beforeCrash);
    await topUp(beforeCrash, user.token, user.email, 10_000);
    const w = await client(beforeCrash).call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 4_000, pin: '1234' },
      user.token,
      { 'idempotency-key': `crash-${user.id}` },
    );
    expect(w.status).toBe(200);
    const pendingId = (w.body.data as { transaction: { id: string; status: string } }).transaction.id;
    expect((w.body.data as { transaction: { status: string } }).transaction.status).toBe('PENDING');

    // A new process (restart) with a working payout gateway; an admin looks at what is pending.
    const afterRestart = makeProvider({ store: store! });
    const c = client(afterRestart);
    const admin = await onboardedUser(afterRestart);
    await store!.update(C.users, admin.id, { role: 1 });
    const forbidden = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: pendingId }, user.token);
    expect(forbidden.status).toBe(403);
    const pending = await c.call('GET', '/api/v1/transactions/pending', undefined, admin.token);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toContainEqual(
      expect.objectContaining({ id: pendingId, status: 'PENDING', amount: 4000, user_id: user.id }),
    );
    const approved = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: pendingId }, admin.token);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: pendingId, status: 'SUCCESS' });
    const again = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: pendingId }, admin.token);
    expect(again.status).toBe(409);
    const list = await c.call('GET', '/api/v1/user/transactions', undefined, user.token);
    expect((list.body.data as Array<{ id: string; status: string }>).find((t) => t.id === pendingId)?.status).toBe('SUCCESS');
    const { balanceKobo } = await expectLedgerMatchesBalance(store!, user.id);
    expect(balanceKobo).toBe(600_000);
    const logs = await c.call('GET', '/api/v1/admin/all-logs', undefined, admin.token);
    expect(logs.body.data).toContainEqual(
      expect.objectContaining({ action: 'transaction.approve', target: pendingId, admin_id: admin.id }),
    );
  });

  it('an admin declines a pending withdrawal with a new refund entry, once, even when two admins settle it at the same time', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({
      store: s1!,
      payouts: { name: 'sandbox', pay: () => Promise.reject(new Error('payout gateway down')) },
    });
    const b = makeProvider({ store: s2! });
    const user = await onboardedUser(a);
    await topUp(a, user.token, user.email, 5_000);
    const w = await client(a).call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 3_000, pin: '1234' },
      user.token,
      {
        'idempotency-key': `decline-race-${user.id}`,
      },
    );
    const id = (w.body.data as { transaction: { id: string } }).transaction.id;
    const admin = await onboardedUser(a);
    await s1!.update(C.users, admin.id, { role: 1 });
    const settle = (p: typeof a, action: string) =>
      client(p).call('PUT', '/api/v1/transactions/approve', { transaction_id: id, action }, admin.token);
    const results = await Promise.all([settle(a, 'decline'), settle(b, 'decline'), settle(a, 'approve'), settle(b, 'decline')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200);
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(s1!, user.id);
    if (winner?.body.message === 'Transaction approved') {
      expect(balanceKobo).toBe(200_000);
      expect(entries).toHaveLength(2);
    } else {
      expect(winner?.body.message).toBe('Transaction declined and refunded');
      expect(balanceKobo).toBe(500_000);
      expect(entries.map((e) => [e.type, e.direction, e.amount_kobo])).toEqual([
        ['FUNDING', 'credit', 500_000],
        ['WITHDRAWAL', 'debit', 300_000],
        ['FUNDING', 'credit', 300_000],
      ]);
      expect(entries[2]?.narration).toMatch(
        /^Refund: your withdrawal of ₦3,000 .* failed \(declined by an admin\); ₦3,000 was returned to your wallet$/,
      );
    }
    const audit = await s1!.query(C.audit, { where: [['target', '==', id]] });
    expect(audit).toHaveLength(1);
  });

  it('a failed payout is reversed by a new entry; a retried request with the same key moves no money twice', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const c = client(provider);
    const user = await onboardedUser(provider, { account_number: '0000000000' });
    await topUp(provider, user.token, user.email, 3_000);
    const failed = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 2_500, pin: '1234' },
      user.token,
      {
        'idempotency-key': `fail-${user.id}`,
      },
    );
    expect(failed.status).toBe(400);
    expect(failed.body.message).toContain('returned to your wallet');
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(store!, user.id);
    expect(balanceKobo).toBe(300_000);
    expect(entries.map((e) => [e.type, e.direction, e.amount_kobo])).toEqual([
      ['FUNDING', 'credit', 300_000],
      ['WITHDRAWAL', 'debit', 250_000],
      ['FUNDING', 'credit', 250_000],
    ]);

    const ok = await onboardedUser(provider);
    await topUp(provider, ok.token, ok.email, 1_000);
    const send = () =>
      c.call('POST', '/api/v1/user/wallet/withdraw', { destination_account: ok.bankId, amount: 600, pin: '1234' }, ok.token, {
        'idempotency-key': `retry-${ok.id}`,
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    const different = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: ok.bankId, amount: 100, pin: '1234' },
      ok.token,
      {
        'idempotency-key': `retry-${ok.id}`,
      },
    );
    expect(different.status).toBe(409);
    expect((await expectLedgerMatchesBalance(store!, ok.id)).balanceKobo).toBe(40_000);
  });
});
