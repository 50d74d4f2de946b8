/**
 * The withdrawal queue: pending withdrawals oldest first (the longest wait first) with the user, the bank,
 * the amount and how long it has waited; approve, or decline with a reason (the provider refunds the amount
 * as a new ledger entry, audits the decision with the operator's id and notifies the user).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { settleWithdrawal, usePendingWithdrawals, type AdminTransaction } from '../api/admin-api';
import { ConfirmDialog, TableScroll, formatAge, useAction } from './admin-ui';

type Decision = { kind: 'approve' | 'decline'; withdrawal: AdminTransaction };

const destination = (w: AdminTransaction) => [w.bank_name, w.account_number, w.account_name].filter(Boolean).join(' · ');

export function WithdrawalsPage() {
  const queue = usePendingWithdrawals();
  const [decision, setDecision] = useState<Decision | null>(null);
  const { busy, run } = useAction();
  const now = Date.now();

  const confirm = async (reason: string) => {
    if (!decision) return;
    const { kind, withdrawal } = decision;
    const done = await run(() =>
      settleWithdrawal(withdrawal.id, kind === 'approve' ? { action: 'approve' } : { action: 'decline', reason }),
    );
    if (done) setDecision(null);
  };

  const amount = decision ? formatApiNaira(decision.withdrawal.amount) : '';
  const who = decision?.withdrawal.user_email ?? decision?.withdrawal.user_id ?? '';
  return (
    <section className="stack" aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">Pending withdrawals</h1>
      <LoadState state={queue} loadingLabel="Loading withdrawals..." />
      {queue.data && queue.data.length === 0 ? <p className="empty">No withdrawal is waiting.</p> : null}
      {queue.data && queue.data.length > 0 ? (
        <TableScroll label="Withdrawal queue">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Bank</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Waiting</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.map((w) => (
                <tr key={w.id} data-testid="withdrawal-row">
                  <td>
                    <Link to={paths.adminUser.getHref({ id: w.user_id })}>{w.user_email ?? w.user_id}</Link>
                  </td>
                  <td>{destination(w)}</td>
                  <td className="num">{formatApiNaira(w.amount)}</td>
                  <td title={formatDateTime(w.createdAt)}>{formatAge(w.createdAt, now)}</td>
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => setDecision({ kind: 'approve', withdrawal: w })}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="button button-small button-danger"
                        onClick={() => setDecision({ kind: 'decline', withdrawal: w })}
                      >
                        Decline
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <ConfirmDialog
        open={decision?.kind === 'approve'}
        title="Approve withdrawal"
        confirmLabel="Approve"
        busy={busy}
        onClose={() => setDecision(null)}
        onConfirm={(reason) => void confirm(reason)}
      >
        <p>
          Mark the withdrawal of {amount} by {who} to {decision ? destination(decision.withdrawal) : ''} as paid. The amount has
          already left the wallet; the user is told it was successful.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={decision?.kind === 'decline'}
        title="Decline withdrawal"
        confirmLabel="Decline and refund"
        danger
        reason={{ label: 'Reason (the user sees it)' }}
        busy={busy}
        onClose={() => setDecision(null)}
        onConfirm={(reason) => void confirm(reason)}
      >
        <p>
          Decline the withdrawal of {amount} by {who}. {amount} goes back to their wallet as a new refund entry, and they are
          notified.
        </p>
      </ConfirmDialog>
    </section>
  );
}
