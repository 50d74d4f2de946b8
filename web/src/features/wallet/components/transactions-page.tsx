/** /transactions: wallet card and the list, 5 at first, 'Load More +' adds 5 (SPEC section 2). */
import { useState } from 'react';
import { LoadState } from '@/components/load-state';
import { StaleNote } from '@/components/stale-note';
import { useTransactions } from '@/features/wallet/api/wallet-api';
import { TransactionList } from '@/features/wallet/components/transaction-list';
import {
  LOAD_MORE_TRANSACTIONS_LABEL,
  nextTransactionCount,
  TRANSACTIONS_PAGE_STEP,
  transactionListView,
} from '@/features/wallet/components/transaction-list-view';
import { WalletCard } from '@/features/wallet/components/wallet-card';

export function TransactionsPage() {
  const list = useTransactions();
  const [shown, setShown] = useState(TRANSACTIONS_PAGE_STEP);
  const view = list.data ? transactionListView(list.data, shown) : null;

  return (
    <div className="stack-lg">
      <h1>Transactions</h1>
      <WalletCard />
      <section className="card" aria-label="All transactions">
        <LoadState state={list} />
        {list.data ? <StaleNote updatedAt={list.updatedAt} /> : null}
        {view?.emptyMessage ? <p className="empty">{view.emptyMessage}</p> : null}
        {view && view.visible.length > 0 ? <TransactionList items={view.visible} /> : null}
        {view?.showLoadMore ? (
          <button type="button" className="button button-secondary button-block" onClick={() => setShown(nextTransactionCount)}>
            {LOAD_MORE_TRANSACTIONS_LABEL}
          </button>
        ) : null}
        {view?.endMessage ? <p className="empty">{view.endMessage}</p> : null}
      </section>
    </div>
  );
}
