/**
 * Admin views of the ledger: transactions searched and paged on the server, pending withdrawals (oldest
 * first, with where the money goes), one user's whole ledger with its check, and approving or declining.
 */
import { koboToNaira } from '@punter/core/money';
import { unique, users, withdrawals, type EntryDoc } from '../collections';
import { uniqueKey, type ProviderDeps, type UserDoc } from '../context';
import { notFound, ok, parseBody, type ProviderResponse } from '../http';
import { balanceKobo, readEntry, statement, transactionView } from '../ledger';
import { adminTransactionsQuerySchema, approveBody } from '../schemas';
import type { Wallet } from '../wallet';
import { dayRange, pageOf, type Audit } from './audit';
import { userDetailView } from './users';

export type AdminEntry = EntryDoc & { email?: string };

/** Every user's entries with their e-mail, newest first. */
export async function allEntries(deps: ProviderDeps): Promise<AdminEntry[]> {
  const accounts = await users.query(deps.store);
  const lists = await Promise.all(
    accounts.map(async (u) => (await statement(deps.store, u.id)).map((e) => ({ ...e, email: u.data.email }))),
  );
  return lists.flat().sort((a, b) => b.created_at - a.created_at);
}

const adminTx = (e: AdminEntry) => ({
  ...transactionView(e),
  user_id: e.user_id,
  ...(e.email ? { user_email: e.email } : {}),
});

/** An account number as the queue shows it: the first 3 and last 3 digits. */
const maskAccount = (n: string) => (n.length > 6 ? `${n.slice(0, 3)}****${n.slice(-3)}` : '****');

/** A credit adds to the balance, a debit takes from it. */
const signedKobo = (e: EntryDoc) => (e.direction === 'credit' ? e.amount_kobo : -e.amount_kobo);

export function createAdminTransactions(deps: ProviderDeps, wallet: Wallet, { audit, auditIn }: Audit) {
  /** A withdrawal's ledger entry with its owner's e-mail. */
  async function withdrawalEntry(userId: string, entryId: string): Promise<AdminEntry> {
    const entry = await readEntry(deps.store, userId, entryId);
    if (!entry) throw new Error(`Withdrawal entry ${userId}/${entryId} is missing`);
    const owner = await users.get(deps.store, userId);
    return { ...entry, email: owner?.email ?? '' };
  }

  return {
    /**
     * GET transactions/all: newest first, one page at a time, by user (id or e-mail: only that wallet is
     * read), type, status and day range.
     */
    async allTransactions(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminTransactionsQuerySchema, rawQuery);
      let list: AdminEntry[];
      if (query.user_id !== undefined || query.email !== undefined) {
        let userId = query.user_id;
        if (query.email !== undefined) {
          const index = await unique.get(deps.store, uniqueKey('email', query.email));
          userId = index && (userId === undefined || userId === index.user_id) ? index.user_id : undefined;
        }
        const owner = userId ? await users.get(deps.store, userId) : null;
        list = owner ? (await statement(deps.store, owner.id)).map((e) => ({ ...e, email: owner.email })) : [];
      } else {
        list = await allEntries(deps);
      }
      const { start, end } = dayRange(query.from, query.to);
      const matching = list.filter(
        (e) =>
          (!query.type || e.type === query.type) &&
          (!query.status || e.status === query.status) &&
          e.created_at >= start &&
          e.created_at < end,
      );
      await audit(admin, 'transactions.all', query.user_id ?? null);
      const { data, paging } = pageOf(matching, query);
      return ok({ message: 'Transactions fetched', data: data.map(adminTx), paging });
    },

    /** The withdrawals waiting for a decision, oldest first (the longest wait is served first), with their bank. */
    async pendingTransactions(admin: UserDoc): Promise<ProviderResponse> {
      const pending = await withdrawals.query(deps.store, { where: [['status', '==', 'PENDING']] });
      const list = await Promise.all(
        pending
          .map((p) => p.data)
          .sort((a, b) => a.created_at - b.created_at)
          .map(async (w) => ({
            ...adminTx(await withdrawalEntry(w.user_id, w.entry_id)),
            bank_name: w.bank_name,
            account_name: w.account_name,
            account_number: maskAccount(w.account_number),
          })),
      );
      await audit(admin, 'transactions.pending', null);
      return ok({ message: 'Pending transactions fetched', data: list });
    },

    /**
     * GET admin/users/:id/ledger: the user's profile and every entry oldest first (new_balance is the running
     * balance), checked: credits minus debits equal the wallet's balance and each entry starts where the last ended.
     */
    async userLedger(admin: UserDoc, userId: string): Promise<ProviderResponse> {
      const owner = await users.get(deps.store, userId);
      if (!owner) throw notFound('User not found');
      const [newestFirst, balance] = await Promise.all([statement(deps.store, userId), balanceKobo(deps.store, userId)]);
      const oldestFirst = [...newestFirst].reverse();
      const sum = oldestFirst.reduce((total, e) => total + signedKobo(e), 0);
      const chained = oldestFirst.every(
        (e, i) =>
          e.new_balance_kobo === e.old_balance_kobo + signedKobo(e) &&
          e.old_balance_kobo === (i === 0 ? 0 : (oldestFirst[i - 1]?.new_balance_kobo ?? -1)),
      );
      await audit(admin, 'user.ledger', userId);
      return ok({
        message: 'Ledger fetched',
        data: {
          user: userDetailView(owner),
          balance: koboToNaira(balance),
          entries: oldestFirst.map((e) => adminTx({ ...e, email: owner.email })),
          entries_sum: koboToNaira(sum),
          consistent: chained && sum === balance,
        },
      });
    },

    async approve(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(approveBody, body);
      const decline = input.action === 'decline';
      const outcome = decline
        ? ({ status: 'FAILED', reason: input.reason ?? 'declined by an admin' } as const)
        : ({ status: 'SUCCESS' } as const);
      const w = await wallet.settleWithdrawal(input.transaction_id, outcome, admin.id, (tx, settled) =>
        auditIn(tx, admin, decline ? 'transaction.decline' : 'transaction.approve', settled.id),
      );
      const entry = await withdrawalEntry(w.user_id, w.entry_id);
      return ok({
        message: decline ? 'Transaction declined and refunded' : 'Transaction approved',
        data: adminTx(entry),
      });
    },
  };
}
