/** Admin views of the ledger: every transaction, pending withdrawals, and approving or declining one. */
import { users, withdrawals, type EntryDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, parseBody, type ProviderResponse } from '../http';
import { readEntry, statement, transactionView } from '../ledger';
import { approveBody } from '../schemas';
import type { Wallet } from '../wallet';
import type { Audit } from './audit';

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

export function createAdminTransactions(deps: ProviderDeps, wallet: Wallet, { audit, auditIn }: Audit) {
  /** A withdrawal's ledger entry with its owner's e-mail. */
  async function withdrawalEntry(userId: string, entryId: string): Promise<AdminEntry> {
    const entry = await readEntry(deps.store, userId, entryId);
    if (!entry) throw new Error(`Withdrawal entry ${userId}/${entryId} is missing`);
    const owner = await users.get(deps.store, userId);
    return { ...entry, email: owner?.email ?? '' };
  }

  return {
    async allTransactions(admin: UserDoc): Promise<ProviderResponse> {
      const list = await allEntries(deps);
      await audit(admin, 'transactions.all', null);
      return ok({ message: 'Transactions fetched', data: list.slice(0, 1000).map(adminTx) });
    },

    async pendingTransactions(admin: UserDoc): Promise<ProviderResponse> {
      const pending = await withdrawals.query(deps.store, { where: [['status', '==', 'PENDING']] });
      const list = await Promise.all(pending.map((p) => withdrawalEntry(p.data.user_id, p.data.entry_id)));
      await audit(admin, 'transactions.pending', null);
      return ok({ message: 'Pending transactions fetched', data: list.sort((a, b) => b.created_at - a.created_at).map(adminTx) });
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
