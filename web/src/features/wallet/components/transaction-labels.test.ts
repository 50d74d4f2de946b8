import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@punter/core/account';
import { transactionTypeLabel } from '@/features/wallet/components/transaction-labels';

describe('transaction type labels', () => {
  it("reads a Punters Hub refund as 'Refunded' and an escrow release as a payout; SPEC's types in words", () => {
    expect(transactionTypeLabel('REFUND')).toBe('Refunded');
    expect(transactionTypeLabel('ESCROW_RELEASE')).toBe('Code sales paid out');
    expect(transactionTypeLabel('BUY_GAME')).toBe('Betting code bought');
    // An inherited key is not a label; an unknown code reads in words.
    expect(transactionTypeLabel('constructor')).toBe('Constructor');
    expect(transactionTypeLabel('SOME_NEW_TYPE')).toBe('Some new type');
  });

  it("names the pot referral bonus 'Referral bonus' (never 'Mc dasaint bonus') and every type in a punter's words", () => {
    expect(transactionTypeLabel('MC_DASAINT_BONUS')).toBe('Referral bonus');
    expect(transactionTypeLabel('SIGNUP_BONUS')).toBe('Sign-up bonus');
    expect(transactionTypeLabel('JOIN_AUTO_TRADA')).toBe('Joined an Auto-Trada pot');
    expect(transactionTypeLabel('POT_PAYOUT')).toBe('Pot payout');
    for (const type of TRANSACTION_TYPES.filter((t) => t !== 'POT_RESULT')) {
      expect(transactionTypeLabel(type)).not.toMatch(/dasaint|auto trada|_/i);
    }
  });
});
