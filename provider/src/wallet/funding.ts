/**
 * Top-up: a verified payment is credited once per payment transaction_id (FUNDING), if it fits the user's
 * deposit limits and no break or self-exclusion runs, checked in the transaction that credits it (so
 * concurrent credits, on any number of instances, serialize on the user's guard document). One that does
 * not fit (a race past topupCheck, a late verification) is held in its own account and refunded to the
 * gateway, never spendable (issue 31, ADR 0019's amendment).
 */
import { limitRefusal, pauseMessage } from '@punter/core/safer-play';
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import { auditActionKeys } from '@punter/core/api/admin';
import { GatewayError, type RefundResult } from '../adapters/payments';
import { audit, topups, users, type EntryDoc, type TopupDoc } from '../collections';
import { notify, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { ApiError, conflict, ok, parseBody, type ProviderResponse } from '../http';
import { activePause, readPlayGuard, recordUsage } from '../safer-play';
import { GATEWAY, postEntry, readAccount, readEntry, readWallet, transactionView, transfer } from '../ledger';
import { topupBody } from '../schemas';
import { newId } from '../store';

/** What the user is told of a payment held over a limit or during a pause (the web shows the message). */
export function heldTopupMessage(amountKobo: number, reason: string): string {
  return `Your payment of ${formatNaira(amountKobo)} was not added to your wallet. ${reason} It is being refunded to you through the payment gateway.`;
}

/** How long one worker's claim on a held payment's refund lasts before another may take it over (a crash). */
export const REFUND_LEASE_MS = 2 * 60 * 1000;
/** How long a refused or unreachable refund waits before the job asks the gateway again. */
export const REFUND_RETRY_MS = 15 * 60 * 1000;
/** The audit action of a gateway refund that did not go through (the operator console's audit log shows it). */
export const REFUND_FAILED_ACTION = 'topup.refund.failed';
/** The actor of audit entries the provider's own jobs write. */
export const SYSTEM_ACTOR = 'system';

/** The idempotency key of a held payment's gateway refund: one per held credit, the same on every retry. */
export const refundKey = (transactionId: string) => `topup-refund:${transactionId}`;

/**
 * Sends a held payment back to its payer through the payment gateway, then moves it in the ledger:
 *  1. claims the refund in a transaction (refund_state PENDING; a claim younger than REFUND_LEASE_MS is
 *     another worker's, and a FAILED one younger than REFUND_RETRY_MS waits, unless `now` is forced);
 *  2. asks the gateway for the refund under one idempotency key per held payment (refundKey), so a retry after
 *     a lost answer or a crash is the same refund, never a second one;
 *  3. when the gateway accepts: hold -> gateway (REFUND), status REFUNDED, once (re-read in the transaction);
 *     when it refuses or cannot be reached: the payment stays HELD (its hold account still has the money, which
 *     is never spendable), refund_state FAILED with the reason, and the reason is audited (once per new reason,
 *     so a gateway outage retried every run is one entry, not a flood).
 * Answers true when this call refunded it.
 */
export async function refundHeldTopup(
  deps: ProviderDeps,
  transactionId: string,
  options: { force?: boolean } = {},
): Promise<boolean> {
  const claimed = await deps.store.runTransaction(async (tx) => {
    const topup = await topups.get(tx, transactionId);
    if (!topup || topup.status !== 'HELD') return null;
    const now = deps.now();
    const since = now - (topup.refund_claimed_at ?? 0);
    if (topup.refund_state === 'PENDING' && since < REFUND_LEASE_MS) return null;
    if (topup.refund_state === 'FAILED' && !options.force && now - (topup.refund_failed_at ?? 0) < REFUND_RETRY_MS) {
      return null;
    }
    topups.update(tx, transactionId, {
      refund_state: 'PENDING',
      refund_claimed_at: now,
      refund_attempts: (topup.refund_attempts ?? 0) + 1,
    });
    return topup;
  });
  if (!claimed) return false;

  let outcome: RefundResult;
  try {
    outcome = await deps.payments.refund({
      transactionId,
      amountKobo: claimed.amount_kobo,
      idempotencyKey: refundKey(transactionId),
      reason: claimed.held_reason ?? 'held over a deposit limit',
    });
  } catch (error) {
    // Unknown: the gateway may have taken it. The same key on the next try answers the same refund.
    const why = error instanceof GatewayError ? error.message : 'the payment gateway could not be reached';
    outcome = { status: 'refused', reason: `No answer from the payment gateway: ${why}` };
  }

  return deps.store.runTransaction(async (tx) => {
    const topup = await topups.get(tx, transactionId);
    if (!topup || topup.status !== 'HELD') return false;
    if (outcome.status === 'accepted') {
      const hold = await readAccount(tx, { kind: 'hold', id: transactionId });
      transfer(deps, tx, {
        from: hold,
        to: GATEWAY,
        amountKobo: topup.amount_kobo,
        type: 'REFUND',
        narration: `Payment ${transactionId} refunded through the gateway: ${topup.held_reason ?? 'held'}`,
        reference: refundKey(transactionId),
      });
      topups.update(tx, transactionId, {
        status: 'REFUNDED',
        refunded_at: deps.now(),
        refund_state: 'ACCEPTED',
        gateway_refund_id: outcome.refundId,
      });
      return true;
    }
    const reason = outcome.reason;
    topups.update(tx, transactionId, { refund_state: 'FAILED', refund_failure: reason, refund_failed_at: deps.now() });
    if (topup.refund_failure !== reason) {
      const id = newId();
      audit.create(tx, id, {
        id,
        admin_id: SYSTEM_ACTOR,
        action: REFUND_FAILED_ACTION,
        ...auditActionKeys(REFUND_FAILED_ACTION),
        target: transactionId,
        reason,
        created_at: deps.now(),
      });
    }
    deps.log('held top-up not refunded; it stays held and is retried', { transaction_id: transactionId, reason });
    return false;
  });
}

/**
 * Refunds every payment still held: a crash between the hold and its refund, or a refund the gateway refused
 * or did not answer (retried after REFUND_RETRY_MS). For the scheduler and tests; answers how many it refunded.
 */
export async function refundHeldTopups(deps: ProviderDeps, options: { force?: boolean } = {}): Promise<number> {
  const held = await topups.ids(deps.store, { where: [['status', '==', 'HELD']] });
  let refunded = 0;
  for (const id of held) if (await refundHeldTopup(deps, id, options)) refunded += 1;
  return refunded;
}

const heldError = (topup: Pick<TopupDoc, 'amount_kobo' | 'held_reason'>) =>
  new ApiError(409, heldTopupMessage(topup.amount_kobo, topup.held_reason ?? ''));

export function createFunding(deps: ProviderDeps, walletLocks: KeyedMutex) {
  return {
    async topup(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const parsed = parseBody(topupBody, body);
      const input = { transaction_id: String(parsed.transaction_id), expectedAmount: nairaToKobo(parsed.expectedAmount) };
      const failed = (why: string) => new ApiError(400, `Transaction verification failed. Please try again. (${why})`);
      const answer = (entry: EntryDoc, balanceKobo: number, replay: boolean) =>
        ok({
          // SPEC section 7: the web reads `success`.
          success: true,
          message: replay ? 'This top up was already credited' : 'Wow! Your top up was successful',
          data: { transaction: transactionView(entry), balance: koboToNaira(balanceKobo) },
        });

      const earlier = async (): Promise<ProviderResponse | null> => {
        const done = await topups.get(deps.store, input.transaction_id);
        if (!done) return null;
        if (done.user_id !== user.id) throw conflict('This payment has already been used');
        if (done.entry_id === null) throw heldError(done);
        const entry = await readEntry(deps.store, user.id, done.entry_id);
        if (!entry) throw new Error(`Top-up ${input.transaction_id} names a missing ledger entry`);
        if (entry.amount_kobo !== input.expectedAmount) throw failed('the amount does not match');
        return answer(entry, entry.new_balance_kobo, true);
      };
      const first = await earlier();
      if (first) return first;

      let payment;
      try {
        payment = await deps.payments.verify(input.transaction_id);
      } catch (error) {
        deps.log('payment gateway error', { error: String(error) });
        throw new ApiError(502, 'Transaction verification failed. Please try again.');
      }
      if (!payment) throw failed('unknown transaction');
      if (payment.status !== 'successful') throw failed('the payment was not successful');
      if (payment.currency !== 'NGN') throw failed('the currency is not NGN');
      if (payment.amountKobo !== input.expectedAmount) throw failed('the amount does not match');
      // A payment belongs to the customer whose email it was made with: one without an email, or with
      // another one, cannot be claimed by whoever learns its transaction_id.
      const payer = payment.customerEmail?.trim().toLowerCase() ?? '';
      if (!payer) throw failed('the payment has no customer email, so it cannot be matched to your account');
      if (payer !== user.email.trim().toLowerCase()) throw failed('the payment belongs to another customer');

      const credited = await walletLocks.run(user.id, async (): Promise<ProviderResponse | { held: TopupDoc }> => {
        const result = await deps.store.runTransaction(async (tx) => {
          const done = await topups.get(tx, input.transaction_id);
          if (done) return { already: true as const };
          const wallet = await readWallet(tx, user.id);
          // The limits and a pause again, in the transaction that credits: topupCheck before the checkout cannot
          // see payments made at the same time. The guard is written by every credit, so credits serialize on it.
          const guard = await readPlayGuard(tx, user.id);
          const current = await users.get(tx, user.id);
          const hold = await readAccount(tx, { kind: 'hold', id: input.transaction_id });
          const now = deps.now();
          const pause = activePause(current ?? user, now);
          const refusal = pause
            ? pauseMessage(pause.kind, pause.until)
            : limitRefusal('deposit', payment.amountKobo, guard.limits.deposit, guard.usage.deposit, now);
          if (refusal) {
            transfer(deps, tx, {
              from: GATEWAY,
              to: hold,
              amountKobo: payment.amountKobo,
              type: 'FUNDING',
              narration: `Payment ${input.transaction_id} held, not credited: ${refusal}`,
              reference: `topup:${input.transaction_id}`,
            });
            const held: TopupDoc = {
              user_id: user.id,
              entry_id: null,
              amount_kobo: payment.amountKobo,
              tx_ref: payment.txRef,
              created_at: now,
              status: 'HELD',
              held_reason: refusal,
            };
            topups.create(tx, input.transaction_id, held);
            notify(deps, tx, user.id, 'FUNDING_HELD', {
              amount: koboToNaira(payment.amountKobo),
              message: heldTopupMessage(payment.amountKobo, refusal),
            });
            return { already: false as const, held };
          }
          const posted = postEntry(deps, tx, wallet, {
            type: 'FUNDING',
            direction: 'credit',
            counterparty: GATEWAY,
            amountKobo: payment.amountKobo,
            narration: `Wallet top up via ${deps.payments.name === 'sandbox' ? 'sandbox checkout' : 'card payment'}`,
            reference: `topup:${input.transaction_id}`,
          });
          recordUsage(tx, user.id, guard, 'deposit', payment.amountKobo, deps.now());
          topups.create(tx, input.transaction_id, {
            user_id: user.id,
            entry_id: posted.entry.id,
            amount_kobo: payment.amountKobo,
            tx_ref: payment.txRef,
            created_at: deps.now(),
            status: 'CREDITED',
          });
          notify(deps, tx, user.id, 'FUNDING', {
            amount: koboToNaira(payment.amountKobo),
            message: `Your wallet was funded with ${formatNaira(payment.amountKobo)}`,
          });
          return { already: false as const, held: null, entry: posted.entry, balance: posted.wallet.balance_kobo };
        });
        if (!result.already && result.held) return { held: result.held };
        if (!result.already) return answer(result.entry, result.balance, false);
        const replay = await earlier();
        if (!replay) throw new ApiError(500, 'Something went wrong');
        return replay;
      });
      if ('held' in credited) {
        // The gateway refund, outside the wallet's lock (a call to the outside world): on failure it stays HELD,
        // audited, and the job retries it.
        await refundHeldTopup(deps, input.transaction_id).catch((error: unknown) =>
          deps.log('held top-up not refunded yet; the job retries', {
            transaction_id: input.transaction_id,
            error: error instanceof Error ? error.message : 'unknown error',
          }),
        );
        throw heldError(credited.held);
      }
      return credited;
    },
  };
}
