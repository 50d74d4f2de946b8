/**
 * Issue 31 item 5, the gateway side: a payment that arrives over a deposit limit is HELD, then sent back to its
 * payer through the payment gateway (one idempotency key per held payment), and the ledger moves it from the hold
 * to the gateway account only once the gateway accepted. A refusal or no answer leaves it HELD, audited with the
 * reason in the operator console's audit log, and the job retries it safely. On the in-memory store and on
 * Firestore through the project's own emulator, two provider instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, createSandboxPayments, type PaymentGateway, type RefundRequest } from '../src/adapters/payments';
import { C, sandboxPayments, topups, wallets } from '../src/collections';
import { accountBalanceKobo, GATEWAY, ledgerCheck } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { REFUND_FAILED_ACTION, REFUND_LEASE_MS, refundKey } from '../src/wallet/funding';
import { client, makeProvider, onboardedUser, sandboxPayment, topUp } from './helpers';
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

/** The sandbox gateway of `store`, with every refund request counted and an optional behaviour in front. */
function gatewayOf(
  store: Store,
  calls: RefundRequest[],
  front?: (request: RefundRequest, sandbox: PaymentGateway) => ReturnType<PaymentGateway['refund']>,
): PaymentGateway {
  const sandbox = createSandboxPayments(store);
  return {
    name: 'sandbox',
    verify: (id) => sandbox.verify(id),
    refund: (request) => {
      calls.push(request);
      return front ? front(request, sandbox) : sandbox.refund(request);
    },
  };
}

async function limitedUser(provider: Provider, dayLimit: number) {
  const user = await onboardedUser(provider);
  const limit = await client(provider).call(
    'POST',
    '/api/v1/user/safer-play/limit',
    { kind: 'deposit', period: 'day', amount: dayLimit },
    user.token,
  );
  expect(limit.status).toBe(200);
  return user;
}

async function refundAudits(store: Store, transactionId: string) {
  const docs = await store.query(C.audit, { where: [['target', '==', transactionId]] });
  return docs
    .map((d) => d.data as { admin_id: string; action: string; reason?: string })
    .filter((a) => a.action === REFUND_FAILED_ACTION);
}

async function noNegativeWallet(store: Store) {
  const all = await store.query(C.wallets);
  expect(all.length).toBeGreaterThan(0);
  for (const w of all) expect(wallets.parse(w.id, w.data).balance_kobo).toBeGreaterThanOrEqual(0);
}

describe.each(envs)('gateway refunds of held payments on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('20 over-limit credits at once on two instances, with the refund job running beside them: each held payment refunded at the gateway exactly once', async () => {
    const [s1, s2] = env.clients(2);
    const calls: RefundRequest[] = [];
    const a = makeProvider({ store: s1!, payments: gatewayOf(s1!, calls) });
    const b = makeProvider({ store: s2!, payments: gatewayOf(s2!, calls) });
    const user = await limitedUser(a, 5_000);
    const payments = await Promise.all(Array.from({ length: 20 }, () => sandboxPayment(a, 4_000, user.email)));
    const gatewayBefore = await accountBalanceKobo(s1!, GATEWAY.ref);

    const [results] = await Promise.all([
      Promise.all(payments.map((id, i) => topup(i % 2 ? a : b, user.token, id, 4_000))),
      Promise.all([a.refundHeldTopups(), b.refundHeldTopups(), a.refundHeldTopups(), b.refundHeldTopups()]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    // A job run that began while a credit was still in flight may have left one for the next run.
    await Promise.all([a.refundHeldTopups(), b.refundHeldTopups()]);

    const records = await Promise.all(payments.map((id) => topups.get(s1!, id)));
    const held = payments.filter((_, i) => records[i]?.status !== 'CREDITED');
    expect(held).toHaveLength(19);
    for (const id of held) {
      const record = await topups.get(s1!, id);
      expect(record).toMatchObject({ status: 'REFUNDED', refund_state: 'ACCEPTED', entry_id: null });
      expect(record?.gateway_refund_id).toMatch(/^sandbox-refund-/);
      // Exactly once at the gateway: one request under the payment's key, and the payment refunded once.
      expect(calls.filter((c) => c.transactionId === id)).toEqual([
        expect.objectContaining({ idempotencyKey: refundKey(id), amountKobo: 400_000 }),
      ]);
      expect((await sandboxPayments.get(s1!, id))?.refunded_kobo).toBe(400_000);
      expect(await accountBalanceKobo(s1!, { kind: 'hold', id })).toBe(0);
    }
    expect(calls).toHaveLength(19);
    // The credited one was never refunded.
    const credited = payments.find((_, i) => records[i]?.status === 'CREDITED')!;
    expect((await sandboxPayments.get(s1!, credited))?.refunded_kobo).toBeUndefined();
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(400_000);
    expect(await accountBalanceKobo(s1!, GATEWAY.ref)).toBe(gatewayBefore - 400_000);

    // Retries, forced, on both instances: nothing more is refunded or asked of the gateway.
    expect(await Promise.all([a.refundHeldTopups({ force: true }), b.refundHeldTopups({ force: true })])).toEqual([0, 0]);
    expect(calls).toHaveLength(19);
    await noNegativeWallet(s1!);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a refund the gateway refuses leaves the payment HELD, unspendable and audited with the reason; a retry once the gateway takes it refunds it once', async () => {
    const [s1] = env.clients(1);
    const calls: RefundRequest[] = [];
    let refusing = true;
    const gateway = gatewayOf(s1!, calls, (request, sandbox) =>
      refusing
        ? Promise.resolve({ status: 'refused', reason: 'Insufficient available balance to process refund' })
        : sandbox.refund(request),
    );
    const a = makeProvider({ store: s1!, payments: gateway });
    const user = await limitedUser(a, 5_000);
    await topUp(a, user.token, user.email, 4_000);
    const paid = await sandboxPayment(a, 3_000, user.email);
    const res = await topup(a, user.token, paid, 3_000);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Your payment of ₦3,000 was not added to your wallet. This would take you past your daily deposit limit of ₦5,000 (₦1,000 left today). It is being refunded to you through the payment gateway.',
    );

    // Held: the money sits in the hold account, not the wallet and not back at the gateway.
    expect(await topups.get(s1!, paid)).toMatchObject({
      status: 'HELD',
      refund_state: 'FAILED',
      refund_failure: 'Insufficient available balance to process refund',
      refund_attempts: 1,
    });
    expect(await accountBalanceKobo(s1!, { kind: 'hold', id: paid })).toBe(300_000);
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(400_000);
    expect(await refundAudits(s1!, paid)).toEqual([
      expect.objectContaining({ admin_id: 'system', reason: 'Insufficient available balance to process refund' }),
    ]);
    // The operator console's audit log shows it with its reason.
    const admin = await onboardedUser(a);
    await s1!.update(C.users, admin.id, { role: 1 });
    const logs = await client(a).call('GET', `/api/v1/admin/all-logs?target=${paid}`, undefined, admin.token);
    expect(logs.status).toBe(200);
    expect(logs.body.data).toEqual([
      expect.objectContaining({
        admin_id: 'system',
        action: 'topup.refund.failed',
        target: paid,
        reason: 'Insufficient available balance to process refund',
      }),
    ]);

    // The job waits before asking again; forced retries with the same refusal add no audit entry.
    expect(await a.refundHeldTopups()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await a.refundHeldTopups({ force: true })).toBe(0);
    expect(await a.refundHeldTopups({ force: true })).toBe(0);
    expect(calls).toHaveLength(3);
    expect(await refundAudits(s1!, paid)).toHaveLength(1);
    expect(await accountBalanceKobo(s1!, { kind: 'hold', id: paid })).toBe(300_000);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });

    // The gateway takes it now: refunded once, under the same key every time.
    refusing = false;
    expect(await a.refundHeldTopups({ force: true })).toBe(1);
    expect(await a.refundHeldTopups({ force: true })).toBe(0);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([refundKey(paid)]));
    expect(await topups.get(s1!, paid)).toMatchObject({ status: 'REFUNDED', refund_state: 'ACCEPTED' });
    expect((await sandboxPayments.get(s1!, paid))?.refunded_kobo).toBe(300_000);
    expect(await accountBalanceKobo(s1!, { kind: 'hold', id: paid })).toBe(0);
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: user.id })).toBe(400_000);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a refund the gateway took but whose answer was lost is not refunded twice: the retry under the same key gets the same refund', async () => {
    const [s1] = env.clients(1);
    const calls: RefundRequest[] = [];
    let loseAnswer = true;
    const gateway = gatewayOf(s1!, calls, async (request, sandbox) => {
      const answer = await sandbox.refund(request);
      if (loseAnswer) throw new GatewayError('Flutterwave refund answered HTTP 504');
      return answer;
    });
    const a = makeProvider({ store: s1!, payments: gateway });
    const user = await limitedUser(a, 1_000);
    const paid = await sandboxPayment(a, 2_000, user.email);
    expect((await topup(a, user.token, paid, 2_000)).status).toBe(409);
    expect(await topups.get(s1!, paid)).toMatchObject({
      status: 'HELD',
      refund_state: 'FAILED',
      refund_failure: 'No answer from the payment gateway: Flutterwave refund answered HTTP 504',
    });
    // The gateway did refund it; the ledger has not moved it, since nobody knows that yet.
    expect((await sandboxPayments.get(s1!, paid))?.refunded_kobo).toBe(200_000);
    expect(await accountBalanceKobo(s1!, { kind: 'hold', id: paid })).toBe(200_000);

    loseAnswer = false;
    const [x, y] = await Promise.all([a.refundHeldTopups({ force: true }), a.refundHeldTopups({ force: true })]);
    expect(x + y).toBe(1);
    expect((await sandboxPayments.get(s1!, paid))?.refunded_kobo).toBe(200_000);
    expect(await s1!.query('provider_sandbox_refunds', { where: [['transaction_id', '==', paid]] })).toHaveLength(1);
    expect(await topups.get(s1!, paid)).toMatchObject({ status: 'REFUNDED', refund_state: 'ACCEPTED' });
    expect(await accountBalanceKobo(s1!, { kind: 'hold', id: paid })).toBe(0);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it("a worker's claim is left alone while it lasts, and taken over after a crash once its lease has passed", async () => {
    const [s1] = env.clients(1);
    const calls: RefundRequest[] = [];
    let clock = Date.now();
    let unreachable = true;
    const gateway = gatewayOf(s1!, calls, (request, sandbox) =>
      unreachable ? Promise.reject(new Error('socket hang up')) : sandbox.refund(request),
    );
    const a = makeProvider({ store: s1!, payments: gateway, now: () => clock });
    const user = await limitedUser(a, 1_000);
    const paid = await sandboxPayment(a, 2_000, user.email);
    expect((await topup(a, user.token, paid, 2_000)).status).toBe(409);
    expect((await topups.get(s1!, paid))?.refund_failure).toBe(
      'No answer from the payment gateway: the payment gateway could not be reached',
    );
    // A worker claimed it and crashed before the gateway answered.
    await topups.update(s1!, paid, { refund_state: 'PENDING', refund_claimed_at: clock });
    unreachable = false;
    expect(await a.refundHeldTopups({ force: true })).toBe(0);
    expect(calls).toHaveLength(1);
    clock += REFUND_LEASE_MS;
    expect(await a.refundHeldTopups()).toBe(1);
    expect(calls).toHaveLength(2);
    expect(await topups.get(s1!, paid)).toMatchObject({ status: 'REFUNDED', refund_attempts: 2 });
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
