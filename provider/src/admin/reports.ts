/** The admin's wallet report: users, balances, totals by transaction type, pending and reversed withdrawals. */
import { koboToNaira } from '@punter/core/money';
import { users, withdrawals } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, type ProviderResponse } from '../http';
import { totalBalanceKobo } from '../ledger';
import type { Audit } from './audit';
import { allEntries } from './transactions';

export function createAdminReports(deps: ProviderDeps, { audit }: Audit) {
  return {
    async report(admin: UserDoc): Promise<ProviderResponse> {
      const [accounts, totalBalance, entries, pending, reversed] = await Promise.all([
        users.query(deps.store),
        totalBalanceKobo(deps.store),
        allEntries(deps),
        withdrawals.query(deps.store, { where: [['status', '==', 'PENDING']] }),
        withdrawals.query(deps.store, { where: [['status', '==', 'FAILED']] }),
      ]);
      // A reversed withdrawal's debit and its refund credit cancel out: neither counts as WITHDRAWAL or
      // FUNDING; they are reported apart.
      const excluded = new Set<string>();
      let reversedTotal = 0;
      for (const { data: w } of reversed) {
        excluded.add(`${w.user_id}/${w.entry_id}`);
        if (w.reversal_entry_id) excluded.add(`${w.user_id}/${w.reversal_entry_id}`);
        reversedTotal += w.amount_kobo;
      }
      const values: Record<string, number> = {};
      for (const e of entries) {
        if (e.status !== 'SUCCESS' || excluded.has(`${e.user_id}/${e.id}`)) continue;
        values[e.type] = (values[e.type] ?? 0) + e.amount_kobo;
      }
      const pendingTotal = pending.reduce((sum, w) => sum + w.data.amount_kobo, 0);
      await audit(admin, 'report.wallet', null);
      return ok({
        message: 'Report fetched',
        data: {
          users_count: accounts.length,
          total_wallet_balance: koboToNaira(totalBalance),
          transaction_values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, koboToNaira(v)])),
          pending_withdrawals_count: pending.length,
          pending_withdrawals_total: koboToNaira(pendingTotal),
          reversed_withdrawals_count: reversed.length,
          reversed_withdrawals_total: koboToNaira(reversedTotal),
        },
      });
    },
  };
}
