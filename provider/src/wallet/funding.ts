/**
 * Top-up: a verified payment is credited once per payment transaction_id (FUNDING), if it fits the user's
 * deposit limits and no break or self-exclusion runs, checked in the transaction that credits it (so
 * concurrent credits, on any number of instances, serialize on the user's guard document). One that does
 * not fit (a race past topupCheck, a late verification) is held in its own account and refunded to the
 * gateway, never spendable (issue 31, ADR 0019's amendment).
 */
import { limitRefusal, pauseMessage } from '@punter/core/safer-play';
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import { topups, users, type EntryDoc, type TopupDoc } from '../collections';
import { notify, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { ApiError, conflict, ok, parseBody, type ProviderResponse } from '../http';
import { activePause, readPlayGuard, recordUsage } from '../safer-play';
import { GATEWAY, postEntry, readAccount, readEntry, readWallet, transactionView, transfer } from '../ledger';
import { topupBody } from '../schemas';

/** What the user is told of a payment held over a limit or during a pause (the web shows the message). */
export function heldTopupMessage(amountKobo: number, reason: string): string {
  return `Your payment of ${formatNaira(amountKobo)} was not added to your wallet. ${reason} It is being refunded to you through the payment gateway.`;
}

/**
 * Hands a held payment back to the gateway: hold -> gateway (REFUND), status REFUNDED, once (re-read in
 * the transaction). The gateway's own refund to the card is the payment operator's step; the ledger shows
 * the money as no longer the provider's.
 */
export async function refundHeldTopup(deps: ProviderDeps, transactionId: string): Promise<boolean> {
  return deps.store.runTransaction(async (tx) => {
    const topup = await topups.get(tx, transactionId);
    if (!topup || topup.status !== 'HELD') return false;
    const hold = await readAccount(tx, { kind: 'hold', id: transactionId });
    transfer(deps, tx, {
      from: hold,
      to: GATEWAY,
      amountKobo: topup.amount_kobo,
      type: 'REFUND',
      narration: `Payment ${transactionId} refunded through the gateway: ${topup.held_reason ?? 'held'}`,
      reference: `topup-refund:${transactionId}`,
    });
    topups.update(tx, transactionId, { status: 'REFUNDED', refunded_at: deps.now() });
    return true;
  });
}

/** Refunds every payment still held (a crash between the hold and its refund). For the scheduler and tests. */
export async function refundHeldTopups(deps: ProviderDeps): Promise<number> {
  const held = await topups.ids(deps.store, { where: [['status', '==', 'HELD']] });
  let refunded = 0;
  for (const id of held) if (await refundHeldTopup(deps, id)) refunded += 1;
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

      return walletLocks.run(user.id, async () => {
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
        if (!result.already && result.held) {
          await refundHeldTopup(deps, input.transaction_id).catch((error: unknown) =>
            deps.log('held top-up not refunded yet; the job retries', {
              transaction_id: input.transaction_id,
              error: String(error),
            }),
          );
          throw heldError(result.held);
        }
        if (!result.already) return answer(result.entry, result.balance, false);
        const replay = await earlier();
        if (!replay) throw new ApiError(500, 'Something went wrong');
        return replay;
      });
    },
  };
}
