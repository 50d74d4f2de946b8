/**
 * The naira wallet: balance, transaction lists, referrals, notifications, saved banks, top-up
 * verification (credits once per payment transaction_id), withdrawals (PENDING debit, then payout
 * or admin approval; a failed payout is reversed by a new entry) and the monthly subscription.
 */
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import banksData from './data/banks.json';
import type { Accounts } from './accounts';
import {
  C,
  KeyedMutex,
  asUser,
  notify,
  postEntry,
  readWallet,
  transactionView,
  writePermissions,
  type EntryDoc,
  type ProviderDeps,
  type UserDoc,
  type WalletDoc,
} from './context';
import { ApiError, badRequest, conflict, header, notFound, ok, parseBody, type ProviderResponse } from './http';
import { bankAddBody, bankVerifyBody, topupBody, withdrawBody } from './schemas';
import { sha256 } from './secrets';
import { newId, type Data, type Tx } from './store';

export interface Bank {
  name: string;
  code: string;
  nip_code?: string;
}
export const BANKS: readonly Bank[] = banksData;

export interface WithdrawalDoc {
  id: string;
  user_id: string;
  entry_id: string;
  amount_kobo: number;
  bank_id: string;
  bank_name: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  created_at: number;
  settled_at: number | null;
  settled_by: string | null;
  reversal_entry_id: string | null;
  failure_reason: string | null;
}

export interface SavedBankDoc {
  id: string;
  user_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  code: string;
  created_at: number;
}

const MAX_SAVED_BANKS = 5;

export function savedBankView(b: SavedBankDoc) {
  return { id: b.id, account_name: b.account_name, account_number: b.account_number, bank_name: b.bank_name, code: b.code };
}

/**
 * Stores the first answer of a money request under (scope, user, key) in the same transaction as
 * the money; a retry with the same key returns that answer, the same key with another request is a conflict.
 */
export async function idempotent<T>(
  tx: Tx,
  scope: string,
  userId: string,
  key: string | undefined,
  request: unknown,
  work: () => Promise<T> | T,
  now: number,
): Promise<{ replay: boolean; value: T }> {
  if (!key) return { replay: false, value: await work() };
  if (key.length > 200) throw badRequest('Idempotency-Key is too long');
  const id = sha256(`${scope}:${userId}:${key}`);
  const fingerprint = sha256(JSON.stringify(request));
  const existing = await tx.get(C.idempotency, id);
  if (existing) {
    if (existing.fingerprint !== fingerprint) throw conflict('This idempotency key was already used for a different request');
    return { replay: true, value: existing.result as T };
  }
  const value = await work();
  tx.create(C.idempotency, id, { scope, user_id: userId, fingerprint, result: value, created_at: now });
  return { replay: false, value };
}

export function createWallet(deps: ProviderDeps, accounts: Accounts) {
  const walletLocks = new KeyedMutex();

  async function entries(userId: string, limit?: number): Promise<EntryDoc[]> {
    const docs = await deps.store.query(C.entries(userId), {
      orderBy: { field: 'seq', direction: 'desc' },
      ...(limit !== undefined ? { limit } : {}),
    });
    return docs.map((d) => d.data as unknown as EntryDoc);
  }

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
      const w = (await tx.get(C.withdrawals, withdrawalId)) as unknown as WithdrawalDoc | null;
      if (!w) throw notFound('Transaction not found');
      if (w.status !== 'PENDING') throw conflict(`This transaction is already ${w.status === 'SUCCESS' ? 'approved' : 'reversed'}`);
      const now = deps.now();
      const wallet = outcome.status === 'FAILED' ? await readWallet(tx, w.user_id) : null;
      const updated: WithdrawalDoc = { ...w, status: outcome.status, settled_at: now, settled_by: by };
      if (outcome.status === 'SUCCESS') {
        tx.update(C.entries(w.user_id), w.entry_id, { status: 'SUCCESS', settled_at: now });
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
          amountKobo: w.amount_kobo,
          narration: `Refund: your withdrawal of ${amount} to ${w.bank_name} failed (${outcome.reason}); ${amount} was returned to your wallet`,
          reference: `reversal:${w.id}`,
        });
        // The debit stays on the statement (its amounts, balances and narration never change) and the refund
        // credit follows it, as on a bank statement. SPEC has only SUCCESS and PENDING, so the debit is settled
        // as SUCCESS with a link to its refund, from which the statement says it failed and was refunded
        // (transactionView); the withdrawal record keeps the outcome FAILED and the reason.
        tx.update(C.entries(w.user_id), w.entry_id, { status: 'SUCCESS', settled_at: now, reversal_entry_id: reversal.entry.id });
        updated.reversal_entry_id = reversal.entry.id;
        updated.failure_reason = outcome.reason;
        notify(deps, tx, w.user_id, 'WITHDRAWAL_REVERSED', {
          amount: koboToNaira(w.amount_kobo),
          message: `Your withdrawal of ${formatNaira(w.amount_kobo)} failed and was refunded to your wallet`,
        });
      }
      tx.set(C.withdrawals, w.id, updated as unknown as Data);
      also?.(tx, updated);
      return updated;
    });
  }

  return {
    entries,
    settleWithdrawal,

    async balance(user: UserDoc): Promise<ProviderResponse> {
      const wallet = (await deps.store.get(C.wallets, user.id)) as unknown as WalletDoc | null;
      const balance = koboToNaira(wallet?.balance_kobo ?? 0);
      return ok({ message: 'Wallet fetched', balance, data: { balance, currency: 'NGN' } });
    },

    async limitTransactions(user: UserDoc): Promise<ProviderResponse> {
      const list = await entries(user.id, 5);
      return ok({ message: 'Transactions fetched', data: list.map(transactionView) });
    },

    async transactions(user: UserDoc): Promise<ProviderResponse> {
      const list = await entries(user.id, 1000);
      return ok({ message: 'Transactions fetched', data: list.map(transactionView) });
    },

    async referrals(user: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.users, { where: [['referred_by', '==', user.id]] });
      const now = deps.now();
      const list = docs
        .map((d) => asUser(d.data))
        .filter((u): u is UserDoc => u !== null)
        .sort((a, b) => b.created_at - a.created_at)
        .map((u) => ({
          first_name: u.first_name,
          last_name: u.last_name,
          subscription: u.subscription_expires_at !== null && u.subscription_expires_at > now,
          createdAt: new Date(u.created_at).toISOString(),
        }));
      return ok({ message: 'Referrals fetched', data: list });
    },

    async notifications(user: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.notifications, { where: [['user_id', '==', user.id]] });
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => Number(b.created_at) - Number(a.created_at))
        .slice(0, 50)
        .map((n) => ({
          id: String(n.id),
          type: String(n.type),
          meta_data: n.meta_data,
          createdAt: new Date(Number(n.created_at)).toISOString(),
        }));
      return ok({ message: 'Notifications fetched', data: list });
    },

    banks(): ProviderResponse {
      return ok({ message: 'Banks fetched', data: BANKS.map((b) => ({ code: b.code, name: b.name })) });
    },

    async verifyBank(_user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(bankVerifyBody, body);
      if (!BANKS.some((b) => b.code === input.bank_code)) throw badRequest('Please choose a valid bank');
      const name = await deps.bankResolver.resolve(input.account_number, input.bank_code);
      if (!name) throw notFound('We could not find this account number at the selected bank');
      return ok({
        message: 'Account resolved',
        data: { account_name: name, account_number: input.account_number, bank_code: input.bank_code },
      });
    },

    async addBank(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(bankAddBody, body);
      const bank = BANKS.find((b) => b.code === input.code);
      if (!bank) throw badRequest('Please choose a valid bank');
      const resolved = await deps.bankResolver.resolve(input.account_number, input.code);
      if (!resolved) throw notFound('We could not find this account number at the selected bank');
      if (resolved.trim().toLowerCase() !== input.account_name.trim().toLowerCase()) {
        throw badRequest("The account name does not match the bank's records");
      }
      const id = sha256(`${user.id}:${input.code}:${input.account_number}`).slice(0, 20);
      const doc: SavedBankDoc = {
        id,
        user_id: user.id,
        bank_name: bank.name,
        account_name: resolved,
        account_number: input.account_number,
        code: input.code,
        created_at: deps.now(),
      };
      await deps.store.runTransaction(async (tx) => {
        const existing = await tx.get(C.banks, id);
        if (existing) throw conflict('This bank account is already saved');
        const count = await tx.get(C.users, user.id);
        const saved = Number(count?.saved_banks ?? 0);
        if (saved >= MAX_SAVED_BANKS) throw badRequest(`You can save at most ${MAX_SAVED_BANKS} bank accounts`);
        tx.create(C.banks, id, doc as unknown as Data);
        tx.update(C.users, user.id, { saved_banks: saved + 1 });
      });
      return ok({ message: 'Bank details saved succesfully', data: savedBankView(doc) });
    },

    async savedBanks(user: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.banks, { where: [['user_id', '==', user.id]] });
      const list = docs
        .map((d) => d.data as unknown as SavedBankDoc)
        .sort((a, b) => a.created_at - b.created_at)
        .map(savedBankView);
      return ok({ message: 'Banks fetched', data: list });
    },

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
        const done = await deps.store.get(C.topups, input.transaction_id);
        if (!done) return null;
        if (done.user_id !== user.id) throw conflict('This payment has already been used');
        const entry = (await deps.store.get(C.entries(user.id), String(done.entry_id))) as unknown as EntryDoc;
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
          const done = await tx.get(C.topups, input.transaction_id);
          if (done) return { already: true as const, userId: String(done.user_id), entryId: String(done.entry_id) };
          const wallet = await readWallet(tx, user.id);
          const posted = postEntry(deps, tx, wallet, {
            type: 'FUNDING',
            direction: 'credit',
            amountKobo: payment.amountKobo,
            narration: `Wallet top up via ${deps.payments.name === 'sandbox' ? 'sandbox checkout' : 'card payment'}`,
            reference: `topup:${input.transaction_id}`,
          });
          tx.create(C.topups, input.transaction_id, {
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

    async withdraw(user: UserDoc, body: unknown, idempotencyKey: string | undefined): Promise<ProviderResponse> {
      const parsed = parseBody(withdrawBody, body);
      const input = { ...parsed, amount: nairaToKobo(parsed.amount) };
      const bank = (await deps.store.get(C.banks, input.destination_account)) as unknown as SavedBankDoc | null;
      if (!bank || bank.user_id !== user.id) throw notFound('Bank account not found. Please add a bank account first.');
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
            async () => {
              const wallet = await readWallet(tx, user.id);
              if (input.amount > wallet.balance_kobo) throw badRequest('Insufficient funds');
              const posted = postEntry(deps, tx, wallet, {
                id: withdrawalId,
                type: 'WITHDRAWAL',
                direction: 'debit',
                amountKobo: input.amount,
                status: 'PENDING',
                narration: `Withdrawal to ${bank.bank_name} ${bank.account_number.slice(0, 3)}****${bank.account_number.slice(-3)}`,
                reference: `withdrawal:${withdrawalId}`,
              });
              const w: WithdrawalDoc = {
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
              };
              tx.create(C.withdrawals, withdrawalId, w as unknown as Data);
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
          const after = (await deps.store.get(C.withdrawals, id)) as unknown as WithdrawalDoc;
          if (after.status === 'FAILED') {
            throw badRequest(`Withdrawal failed: ${result.reason}. The amount has been returned to your wallet.`);
          }
        }
      }
      const w = (await deps.store.get(C.withdrawals, id)) as unknown as WithdrawalDoc;
      const entry = (await deps.store.get(C.entries(user.id), w.entry_id)) as unknown as EntryDoc;
      if (w.status === 'FAILED') throw badRequest('Withdrawal failed. The amount has been returned to your wallet.');
      const after = (await deps.store.get(C.wallets, user.id)) as unknown as WalletDoc | null;
      return ok({
        message: w.status === 'SUCCESS' ? 'Withdrawal successful' : 'Your withdrawal is being processed',
        data: { transaction: transactionView(entry), balance: koboToNaira(after?.balance_kobo ?? 0) },
      });
    },

    /** The monthly subscription; the Idempotency-Key is required, so a double submit charges once. */
    async subscribe(user: UserDoc, idempotencyKey: string): Promise<ProviderResponse> {
      const price = deps.settings.subscriptionKobo;
      const { value } = await walletLocks.run(user.id, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'subscribe',
            user.id,
            idempotencyKey,
            { price },
            async () => {
              const current = asUser(await tx.get(C.users, user.id));
              if (!current) throw notFound('Account not found');
              const wallet = await readWallet(tx, user.id);
              if (price > wallet.balance_kobo) throw badRequest('Insufficient funds');
              const now = deps.now();
              const from = Math.max(now, current.subscription_expires_at ?? 0);
              const expires = from + deps.settings.subscriptionMs;
              const posted = postEntry(deps, tx, wallet, {
                type: 'SUBSCRIPTION',
                direction: 'debit',
                amountKobo: price,
                narration: `Monthly subscription until ${new Date(expires).toISOString().slice(0, 10)}`,
                reference: `subscription:${user.id}:${expires}`,
              });
              tx.update(C.users, user.id, { subscription_expires_at: expires });
              // The rules open the signal feed to subscribers from this document (ADR 0008).
              writePermissions(deps, tx, user.id, { ...current, subscription_expires_at: expires });
              notify(deps, tx, user.id, 'SUBSCRIPTION', {
                amount: koboToNaira(price),
                message: `Your subscription is active until ${new Date(expires).toISOString().slice(0, 10)}`,
              });
              return { entry: transactionView(posted.entry), subscription_expires_at: new Date(expires).toISOString() };
            },
            deps.now(),
          ),
        ),
      );
      return ok({ message: 'Subscription successful', data: value });
    },

    idempotencyKey(req: Parameters<typeof header>[0]) {
      return header(req, 'idempotency-key');
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
