import { describe, expect, it } from 'vitest';
import { transactionTypeLabel } from '@/features/wallet/components/transaction-labels';

describe('transaction type labels', () => {
  it("reads a Punters Hub refund as 'Refunded' and an escrow release as a payout; SPEC's types in words", () => {
    expect(transactionTypeLabel('REFUND')).toBe('Refunded');
    expect(transactionTypeLabel('ESCROW_RELEASE')).toBe('Code sales paid out');
    expect(transactionTypeLabel('BUY_GAME')).toBe('Buy game');
    // An inherited key is not a label.
    expect(transactionTypeLabel('constructor')).toBe('Constructor');
  });
});
