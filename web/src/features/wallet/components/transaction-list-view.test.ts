import { describe, expect, it } from 'vitest';
import { nextTransactionCount, transactionListView } from './transaction-list-view';

describe('transactionListView', () => {
  const items = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);
  it('shows 5 at first with Load More +', () => {
    const view = transactionListView(items);
    expect(view.visible).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(view).toMatchObject({ showLoadMore: true, endMessage: null, emptyMessage: null });
  });
  it("adds 5 per Load More + and ends with 'Thats all your transactions'", () => {
    const second = nextTransactionCount(5);
    expect(second).toBe(10);
    expect(transactionListView(items, second).visible).toHaveLength(10);
    expect(transactionListView(items, second).showLoadMore).toBe(true);
    const third = transactionListView(items, nextTransactionCount(second));
    expect(third.visible).toHaveLength(12);
    expect(third).toMatchObject({ showLoadMore: false, endMessage: 'Thats all your transactions', emptyMessage: null });
  });
  it('ends at exactly 5 without Load More +', () => {
    expect(transactionListView(items.slice(0, 5))).toMatchObject({
      showLoadMore: false,
      endMessage: 'Thats all your transactions',
    });
    expect(transactionListView(items.slice(0, 3)).visible).toHaveLength(3);
  });
  it("shows 'You have no transaction at the moment..' when empty", () => {
    expect(transactionListView([])).toEqual({
      visible: [],
      showLoadMore: false,
      endMessage: null,
      emptyMessage: 'You have no transaction at the moment..',
    });
  });
  it('treats a negative or fractional count sanely', () => {
    expect(transactionListView(items, -3).visible).toEqual([]);
    expect(transactionListView(items, 6.9).visible).toHaveLength(6);
    expect(nextTransactionCount(-1)).toBe(5);
  });
});
