/** Top-up: a verified payment is credited once per payment transaction_id (FUNDING). */
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import { topups, type EntryDoc } from '../collections';
import { notify, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { ApiError, conflict, ok, parseBody, type ProviderResponse } from '../http';
import { GATEWAY, postEntry, readEntry, readWallet, transactionView } from '../ledger';
import { topupBody } from '../schemas';

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
          const posted = postEntry(deps, tx, wallet, {
            type: 'FUNDING',
            direction: 'credit',
            counterparty: GATEWAY,
            amountKobo: payment.amountKobo,
            narration: `Wallet top up via ${deps.payments.name === 'sandbox' ? 'sandbox checkout' : 'card payment'}`,
            reference: `topup:${input.transaction_id}`,
          });
          topups.create(tx, input.transaction_id, {
            user_id: user.id,
            entry_id: posted.entry.id,
            amount_kobo: payment.amountKobo,
            tx_ref: payment.txRef,
            created_at: deps.now(),
          });
          notify(deps, tx, user.id, 'FUNDING', {
            amount: koboToNaira(payment.amountKobo),
            message: `Your wallet was funded with ${formatNaira(payment.amountKobo)}`,
          });
          return { already: false as const, entry: posted.entry, balance: posted.wallet.balance_kobo };
        });
        if (!result.already) return answer(result.entry, result.balance, false);
        const replay = await earlier();
        if (!replay) throw new ApiError(500, 'Something went wrong');
        return replay;
      });
    },
  };
}
