/**
 * The admin's reports: the wallet report (users, balances, totals by transaction type, pending and reversed
 * withdrawals) and the per-day series the console charts, read from the ledger's journal.
 */
import type { DailyReportDay } from '@punter/core/api/admin';
import { addKobo, koboToNaira } from '@punter/core/money';
import { users, withdrawals, type JournalDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, parseBody, type ProviderResponse } from '../http';
import { journalBetween, totalBalanceKobo } from '../ledger';
import { dailyReportQuerySchema } from '../schemas';
import { dayRange, iso, type Audit } from './audit';
import { allEntries } from './transactions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without a range, reports/daily covers the 30 days up to today. */
const DEFAULT_DAYS = 30;

type DayKobo = { [K in Exclude<keyof DailyReportDay, 'day' | 'subscriptions_count'>]: number } & { subscriptions_count: number };
const emptyDay = (): DayKobo => ({
  money_in: 0,
  money_out: 0,
  refunds: 0,
  pot_joins: 0,
  pot_payouts: 0,
  subscriptions_count: 0,
  subscriptions_total: 0,
});

/** Which figure of the day a journal line adds to, if any (lines between other accounts count in none). */
function figureOf(line: JournalDoc): Exclude<keyof DayKobo, 'subscriptions_count'> | null {
  const fromWallet = line.from.startsWith('wallet:');
  const toWallet = line.to.startsWith('wallet:');
  if (line.from === 'gateway' && toWallet)
    // A failed or declined withdrawal comes back from the gateway as a FUNDING line marked as its reversal.
    return line.reference.startsWith('reversal:') ? 'refunds' : 'money_in';
  if (fromWallet && line.to === 'gateway' && line.type === 'WITHDRAWAL') return 'money_out';
  if (fromWallet && line.to.startsWith('pot:') && line.type === 'JOIN_AUTO_TRADA') return 'pot_joins';
  if (line.from.startsWith('pot:') && toWallet && line.type === 'POT_PAYOUT') return 'pot_payouts';
  if (fromWallet && line.type === 'SUBSCRIPTION') return 'subscriptions_total';
  return null;
}

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

    /** GET reports/daily: each UTC day of the range with its figures, from the journal lines written in it. */
    async dailyReport(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(dailyReportQuerySchema, rawQuery);
      const today = iso(deps.now()).slice(0, 10);
      const to = query.to ?? today;
      const from = query.from ?? iso(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS).slice(0, 10);
      const { start, end } = dayRange(from, to);
      // Read time shard by time shard: created_at is never indexed on its own (ADR 0048).
      const lines = await journalBetween(deps.store, start, end);
      const days = new Map<string, DayKobo>();
      for (let t = start; t < end; t += DAY_MS) days.set(iso(t).slice(0, 10), emptyDay());
      for (const line of lines) {
        const figure = figureOf(line);
        const day = days.get(iso(line.created_at).slice(0, 10));
        if (!figure || !day) continue;
        day[figure] = addKobo(day[figure], line.amount_kobo);
        if (figure === 'subscriptions_total') day.subscriptions_count += 1;
      }
      await audit(admin, 'report.daily', null);
      return ok({
        message: 'Report fetched',
        data: {
          from,
          to,
          days: [...days].map(([day, k]) => ({
            day,
            money_in: koboToNaira(k.money_in),
            money_out: koboToNaira(k.money_out),
            refunds: koboToNaira(k.refunds),
            pot_joins: koboToNaira(k.pot_joins),
            pot_payouts: koboToNaira(k.pot_payouts),
            subscriptions_count: k.subscriptions_count,
            subscriptions_total: koboToNaira(k.subscriptions_total),
          })),
        },
      });
    },
  };
}
