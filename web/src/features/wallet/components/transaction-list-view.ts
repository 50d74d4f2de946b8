/** The transaction list of /transactions and the dashboard (SPEC sections 2 and 4): 5 at a time, 'Load More +'. */

export const TRANSACTIONS_PAGE_STEP = 5;
export const LOAD_MORE_TRANSACTIONS_LABEL = 'Load More +';
export const TRANSACTIONS_END_MESSAGE = 'Thats all your transactions';
export const TRANSACTIONS_EMPTY_MESSAGE = 'You have no transaction at the moment..';
export const VIEW_ALL_TRANSACTIONS_LABEL = 'View All Transactions';

export interface TransactionListView<T> {
  readonly visible: T[];
  /** 'Load More +' is shown. */
  readonly showLoadMore: boolean;
  /** 'Thats all your transactions' once everything is shown (never for an empty list). */
  readonly endMessage: string | null;
  /** 'You have no transaction at the moment..' for an empty list. */
  readonly emptyMessage: string | null;
}

/**
 * The transaction list after `shown` items were requested (start with TRANSACTIONS_PAGE_STEP,
 * add TRANSACTIONS_PAGE_STEP per 'Load More +', see nextTransactionCount).
 */
export function transactionListView<T>(items: readonly T[], shown: number = TRANSACTIONS_PAGE_STEP): TransactionListView<T> {
  const count = Math.max(0, Math.floor(shown));
  if (items.length === 0) {
    return { visible: [], showLoadMore: false, endMessage: null, emptyMessage: TRANSACTIONS_EMPTY_MESSAGE };
  }
  const visible = items.slice(0, count);
  const more = items.length > visible.length;
  return { visible, showLoadMore: more, endMessage: more ? null : TRANSACTIONS_END_MESSAGE, emptyMessage: null };
}

/** How many items to show after one more 'Load More +'. */
export function nextTransactionCount(shown: number): number {
  return Math.max(0, Math.floor(shown)) + TRANSACTIONS_PAGE_STEP;
}
