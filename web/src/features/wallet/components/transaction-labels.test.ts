import { describe, expect, it } from 'vitest';
import { transactionStatusDisplay, transactionTypeLabel } from './transaction-labels';

describe('transactionTypeLabel', () => {
  it('turns the API enum into words', () => {
    expect(transactionTypeLabel('FUNDING')).toBe('Funding');
    expect(transactionTypeLabel('JOIN_AUTO_TRADA')).toBe('Join auto trada');
    expect(transactionTypeLabel('MC_DASAINT_BONUS')).toBe('Mc dasaint bonus');
  });
  it('keeps an empty type empty', () => {
    expect(transactionTypeLabel('')).toBe('');
  });
});

describe('transactionStatusDisplay', () => {
  it('labels PENDING orange Pending and SUCCESS green Succesfull', () => {
    expect(transactionStatusDisplay('PENDING')).toEqual({ label: 'Pending', colour: 'orange' });
    expect(transactionStatusDisplay('SUCCESS')).toEqual({ label: 'Succesfull', colour: 'green' });
    expect(transactionStatusDisplay('FAILED')).toEqual({ label: 'FAILED', colour: 'grey' });
  });
});
