/** A list of transactions; a row opens the detail modal. */
import { useState } from 'react';
import { Modal } from '@/components/modal';
import { transactionStatusDisplay, transactionTypeLabel } from '@/features/wallet/components/transaction-labels';
import type { Transaction } from '@/features/wallet/api/wallet-api';
import { formatApiNaira, formatDateTime } from '@/lib/format';

function isCredit(t: Transaction): boolean {
  return t.new_balance >= t.old_balance;
}

export function TransactionList({ items }: { items: readonly Transaction[] }) {
  const [selected, setSelected] = useState<Transaction | null>(null);
  return (
    <>
      <ul className="plain-list tx-list">
        {items.map((t) => {
          const status = transactionStatusDisplay(t.status);
          return (
            <li key={t.id}>
              <button type="button" className="tx-row" onClick={() => setSelected(t)} aria-haspopup="dialog">
                <span className="tx-main">
                  <span className="tx-type">{transactionTypeLabel(t.type, isCredit(t))}</span>
                  <span className="tx-date muted">{formatDateTime(t.createdAt)}</span>
                </span>
                <span className="tx-side">
                  <span className={isCredit(t) ? 'tx-amount credit' : 'tx-amount debit'}>
                    {isCredit(t) ? '+' : '-'}
                    {formatApiNaira(t.amount)}
                  </span>
                  <span className={`tx-status status-${status.colour}`}>{status.label}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Modal open={selected !== null} title="Transaction details" onClose={() => setSelected(null)}>
        {selected ? <TransactionDetail transaction={selected} /> : null}
      </Modal>
    </>
  );
}

function TransactionDetail({ transaction: t }: { transaction: Transaction }) {
  const status = transactionStatusDisplay(t.status);
  return (
    <dl className="detail-list">
      <div>
        <dt>Type</dt>
        <dd>{transactionTypeLabel(t.type, isCredit(t))}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd className="strong">{formatApiNaira(t.amount)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`pill status-${status.colour}`} data-testid="tx-detail-status">
            {status.label}
          </span>
        </dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{formatDateTime(t.createdAt)}</dd>
      </div>
      <div>
        <dt>Narration</dt>
        <dd>{t.narration || '—'}</dd>
      </div>
      <div>
        <dt>Wallet</dt>
        <dd>{t.wallet_type}</dd>
      </div>
      <div>
        <dt>Balance before</dt>
        <dd>{formatApiNaira(t.old_balance)}</dd>
      </div>
      <div>
        <dt>Balance after</dt>
        <dd>{formatApiNaira(t.new_balance)}</dd>
      </div>
    </dl>
  );
}
