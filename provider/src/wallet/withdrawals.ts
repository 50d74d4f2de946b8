/**
 * Withdrawals: a PENDING debit, then the payout or an admin's decision settles it; a failed payout or a
 * decline is reversed by a new credit entry (the debit itself never changes).
 */
import { z } from 'zod';
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import type { Accounts } from '../accounts';
import { banks, withdrawals, type WithdrawalDoc } from '../collections';
import { notify, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { ApiError, badRequest, conflict, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { GATEWAY, idempotent, postEntry, readEntry, readWallet, settleEntry, balanceKobo, transactionView } from '../ledger';
import { withdrawBody } from '../schemas';
import { bankPayable, otherNameMessage } from './banks';
import { newId, type Tx } from '../store';

/** A withdrawal record that must exist (it was written before the payout was called). */
async function mustGet(deps: ProviderDeps, id: string): Promise<WithdrawalDoc> {
  const w = await withdrawals.get(deps.store, id);
  if (!w) throw new Error(`Withdrawal ${id} is missing`);
  return w;
}

export function createWithdrawals(deps: ProviderDeps, accounts: Accounts, walletLocks: KeyedMutex) {
  /**
   * Settles a PENDING withdrawal: SUCCESS marks the entry; FAILED (a failed payout or an admin's decline)
   * reverses it with a new credit entry. `also` writes more in the same transaction (the admin's audit entry).
   */
  async function settleWithdrawal(
    withdrawalId: string,
    outcome: { status: 'SUCCESS' } | { status: 'FAILED'; reason: string },
    by: string,
    also?: (tx: Tx, w: WithdrawalDoc) => void,
  ): Promise<WithdrawalDoc> {
    return deps.store.runTransaction(async (tx) => {
      const w = await withdrawals.get(tx, withdrawalId);
      if (!w) throw notFound('Transaction not found');
      if (w.status !== 'PENDING')
        throw conflict(`This transaction is already ${w.status === 'SUCCESS' ? 'approved' : 'reversed'}`);
      const now = deps.now();
      const wallet = outcome.status === 'FAILED' ? await readWallet(tx, w.user_id) : null;
      const updated: WithdrawalDoc = { ...w, status: outcome.status, settled_at: now, settled_by: by };
      if (outcome.status === 'SUCCESS') {
        settleEntry(tx, w.user_id, w.entry_id, now);
        notify(deps, tx, w.user_id, 'WITHDRAWAL_SUCCESS', {
          amount: koboToNaira(w.amount_kobo),
          bank_name: w.bank_name,
          message: `Your withdrawal of ${formatNaira(w.amount_kobo)} to ${w.bank_name} was successful`,
        });
      } else if (wallet) {
        const amount = formatNaira(w.amount_kobo);
        const reversal = postEntry(deps, tx, wallet, {
          type: 'FUNDING',
          direction: 'credit',
          // The payout never left: the gateway returns what the request handed it.
          counterparty: GATEWAY,
          amountKobo: w.amount_kobo,
          narration: `Refund: your withdrawal of ${amount} to ${w.bank_name} failed (${outcome.reason}); ${amount} was returned to your wallet`,
          reference: `reversal:${w.id}`,
        });
        // The debit stays on the statement (its amounts, balances and narration never change) and the refund
        // credit follows it, as on a bank statement. SPEC has only SUCCESS and PENDING, so the debit is settled
        // as SUCCESS with a link to its refund, from which the statement says it failed and was refunded
        // (transactionView); the withdrawal record keeps the outcome FAILED and the reason.
        settleEntry(tx, w.user_id, w.entry_id, now, reversal.entry.id);
        updated.reversal_entry_id = reversal.entry.id;
        updated.failure_reason = outcome.reason;
        notify(deps, tx, w.user_id, 'WITHDRAWAL_REVERSED', {
          amount: koboToNaira(w.amount_kobo),
          message: `Your withdrawal of ${formatNaira(w.amount_kobo)} failed and was refunded to your wallet`,
        });
      }
      withdrawals.set(tx, w.id, updated);
      also?.(tx, updated);
      return updated;
    });
  }

  return {
    settleWithdrawal,

    /**
     * What the withdraw modal shows instead of the form: always null now (ADR 0040). A stake in a running pot
     * is in the pot's own account, and SPEC's Raising and Trading messages are about it (the pot page); the
     * money in the wallet is the user's, during a break or a self-exclusion too. Kept for the web's modal.
     */
    withdrawBlock(): Promise<ProviderResponse> {
      return Promise.resolve(ok({ message: 'Withdrawal status fetched', data: { message: null } }));
    },

    async withdraw(user: UserDoc, body: unknown, idempotencyKey: string | undefined): Promise<ProviderResponse> {
      const parsed = parseBody(withdrawBody, body);
      const input = { ...parsed, amount: nairaToKobo(parsed.amount) };
      const bank = await banks.get(deps.store, input.destination_account);
      if (!bank || bank.user_id !== user.id) throw notFound('Bank account not found. Please add a bank account first.');
      // Only to an account in the holder's own name, or one the holder confirmed (audited) when saving it (ADR 0046).
      // Checked here, on the stored account and the registered name, whatever the client says.
      if (!bankPayable(bank, user)) throw new ApiError(422, otherNameMessage(bank.account_name));
      await accounts.checkPin(user.id, input.pin);

      const withdrawalId = newId();
      const request = { amount: input.amount, bank: bank.id };
      const { replay, value } = await walletLocks.run(user.id, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'withdraw',
            user.id,
            idempotencyKey,
            request,
            z.object({ withdrawal_id: z.string() }),
            async () => {
              const wallet = await readWallet(tx, user.id);
              if (input.amount > wallet.balance_kobo) throw badRequest('Insufficient funds');
              const posted = postEntry(deps, tx, wallet, {
                id: withdrawalId,
                type: 'WITHDRAWAL',
                direction: 'debit',
                counterparty: GATEWAY,
                amountKobo: input.amount,
                status: 'PENDING',
                narration: `Withdrawal to ${bank.bank_name} ${bank.account_number.slice(0, 3)}****${bank.account_number.slice(-3)}`,
                reference: `withdrawal:${withdrawalId}`,
              });
              withdrawals.create(tx, withdrawalId, {
                id: withdrawalId,
                user_id: user.id,
                entry_id: posted.entry.id,
                amount_kobo: input.amount,
                bank_id: bank.id,
                bank_name: bank.bank_name,
                bank_code: bank.code,
                account_number: bank.account_number,
                account_name: bank.account_name,
                status: 'PENDING',
                created_at: deps.now(),
                settled_at: null,
                settled_by: null,
                reversal_entry_id: null,
                failure_reason: null,
              });
              notify(deps, tx, user.id, 'WITHDRAWAL', {
                amount: koboToNaira(input.amount),
                message: `Your withdrawal of ${formatNaira(input.amount)} is being processed`,
              });
              return { withdrawal_id: withdrawalId };
            },
            deps.now(),
          ),
        ),
      );
      const id = value.withdrawal_id;
      if (!replay) {
        // The debit is committed and recorded as PENDING before the outside world is called, so a
        // crash here leaves a PENDING withdrawal an admin sees (GET /transactions/pending) and settles.
        let result: Awaited<ReturnType<typeof deps.payouts.pay>> | null = null;
        try {
          result = await deps.payouts.pay({
            reference: id,
            amountKobo: input.amount,
            accountNumber: bank.account_number,
            bankCode: bank.code,
            accountName: bank.account_name,
          });
        } catch (error) {
          deps.log('payout call failed; withdrawal stays PENDING for an admin', { withdrawal_id: id, error: String(error) });
        }
        // If an admin settled it in the meantime, their decision stands (settleWithdrawal answers 409).
        const settle = (outcome: Parameters<typeof settleWithdrawal>[1]) =>
          settleWithdrawal(id, outcome, 'payout').catch((error: unknown) => {
            if (!(error instanceof ApiError && error.status === 409)) throw error;
          });
        if (result?.status === 'SUCCESS') await settle({ status: 'SUCCESS' });
        if (result?.status === 'FAILED') {
          await settle({ status: 'FAILED', reason: result.reason });
          const after = await mustGet(deps, id);
          if (after.status === 'FAILED') {
            throw badRequest(`Withdrawal failed: ${result.reason}. The amount has been returned to your wallet.`);
          }
        }
      }
      const w = await mustGet(deps, id);
      const entry = await readEntry(deps.store, user.id, w.entry_id);
      if (w.status === 'FAILED') throw badRequest('Withdrawal failed. The amount has been returned to your wallet.');
      if (!entry) throw new Error(`Withdrawal ${id} names a missing ledger entry`);
      return ok({
        message: w.status === 'SUCCESS' ? 'Withdrawal successful' : 'Your withdrawal is being processed',
        data: { transaction: transactionView(entry), balance: koboToNaira(await balanceKobo(deps.store, user.id)) },
      });
    },
  };
}
