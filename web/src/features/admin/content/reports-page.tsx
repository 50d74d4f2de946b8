/**
 * Reports: SPEC section 7's wallet report as figures (users, balances, totals by type, pending and reversed
 * withdrawals) and the per-day series of a chosen range (reports/daily) as charts with the same numbers in a
 * table: money in and out, pot volumes, subscriptions. Days are UTC, as the console's other date filters.
 */
import { useState } from 'react';
import { API_CALLS } from '@punter/core/api/calls';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { formatApiNaira } from '@/lib/format';
import { useFormSubmit } from '@/lib/use-form-submit';
import { TableScroll } from '../components/admin-ui';
import { useDailyReport, useWalletReport, type DailyReport, type DayRange } from './admin-content-api';
import { ReportChart, type ChartSeries } from './report-chart';
import './admin-content.css';

const SERIES = {
  money: [
    { key: 'money_in', label: 'Money in (top-ups)', colour: '#13795a' },
    { key: 'money_out', label: 'Money out (withdrawals)', colour: '#c25e00' },
    { key: 'refunds', label: 'Refunded withdrawals', colour: '#6b7280' },
  ],
  pots: [
    { key: 'pot_joins', label: 'Joined pots', colour: '#1d4ed8' },
    { key: 'pot_payouts', label: 'Pot payouts', colour: '#7c3aed' },
  ],
  subscriptions: [{ key: 'subscriptions_count', label: 'Subscriptions', colour: '#0f766e' }],
} as const satisfies Record<string, readonly ChartSeries[]>;

export function ReportsPage() {
  return (
    <section className="stack" aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      <WalletFigures />
      <DailySeries />
    </section>
  );
}

function WalletFigures() {
  const report = useWalletReport();
  const r = report.data;
  return (
    <section className="stack" aria-labelledby="wallet-report-title">
      <h2 id="wallet-report-title">Wallet and bills</h2>
      <LoadState state={report} loadingLabel="Loading the wallet report..." />
      {r ? (
        <>
          <dl className="report-figures">
            <Figure label="Users" value={String(r.users_count)} />
            <Figure label="Held in wallets" value={formatApiNaira(r.total_wallet_balance)} />
            <Figure
              label="Pending withdrawals"
              value={`${formatApiNaira(r.pending_withdrawals_total)} (${r.pending_withdrawals_count})`}
            />
            <Figure
              label="Reversed withdrawals"
              value={`${formatApiNaira(r.reversed_withdrawals_total ?? 0)} (${r.reversed_withdrawals_count ?? 0})`}
            />
          </dl>
          {Object.keys(r.transaction_values).length === 0 ? (
            <p className="empty">No transaction yet.</p>
          ) : (
            <TableScroll label="Totals by transaction type">
              <table className="admin-table">
                <caption className="visually-hidden">Successful transactions by type</caption>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(r.transaction_values).map(([type, value]) => (
                    <tr key={type}>
                      <th scope="row">{type}</th>
                      <td className="num">{formatApiNaira(value ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      ) : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="report-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function DailySeries() {
  const [range, setRange] = useState<DayRange>({});
  const [draft, setDraft] = useState({ from: '', to: '' });
  const form = useFormSubmit(API_CALLS.dailyReport.query, (data) => {
    setRange({ ...(data.from ? { from: data.from } : {}), ...(data.to ? { to: data.to } : {}) });
    return Promise.resolve();
  });
  const daily = useDailyReport(range);
  const formError = Object.values(form.errors);

  return (
    <section className="stack" aria-labelledby="daily-title">
      <h2 id="daily-title">Day by day</h2>
      <form
        className="admin-filters"
        aria-label="Choose the days"
        noValidate
        onSubmit={(e) => form.submit(e, { from: draft.from, to: draft.to })}
      >
        <div className="field">
          <label htmlFor="report-from">From</label>
          <input id="report-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="report-to">To</label>
          <input id="report-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </form>
      <ErrorMessages messages={formError} />
      <p className="muted">
        {daily.data ? `${daily.data.from} to ${daily.data.to} (UTC days). ` : ''}Without dates: the last 30 days.
      </p>
      <LoadState state={daily} loadingLabel="Loading the days..." />
      {daily.data ? <DailyCharts report={daily.data} /> : null}
    </section>
  );
}

function DailyCharts({ report }: { report: DailyReport }) {
  const days = report.days;
  const quiet = days.every(
    (d) => d.money_in + d.money_out + d.refunds + d.pot_joins + d.pot_payouts + d.subscriptions_count === 0,
  );
  if (quiet) return <p className="empty">Nothing moved on these days.</p>;
  return (
    <>
      <div className="report-charts">
        <ReportChart title="Money in and out (₦)" rows={days} series={SERIES.money} />
        <ReportChart title="Pot volumes (₦)" rows={days} series={SERIES.pots} />
        <ReportChart title="Subscriptions per day" rows={days} series={SERIES.subscriptions} />
      </div>
      <TableScroll label="Day by day figures">
        <table className="admin-table" data-testid="daily-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                Money in
              </th>
              <th scope="col" className="num">
                Money out
              </th>
              <th scope="col" className="num">
                Refunded
              </th>
              <th scope="col" className="num">
                Joined pots
              </th>
              <th scope="col" className="num">
                Pot payouts
              </th>
              <th scope="col" className="num">
                Subscriptions
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="nowrap">
                  {d.day}
                </th>
                <td className="num">{formatApiNaira(d.money_in)}</td>
                <td className="num">{formatApiNaira(d.money_out)}</td>
                <td className="num">{formatApiNaira(d.refunds)}</td>
                <td className="num">{formatApiNaira(d.pot_joins)}</td>
                <td className="num">{formatApiNaira(d.pot_payouts)}</td>
                <td className="num">
                  {d.subscriptions_count} ({formatApiNaira(d.subscriptions_total)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
