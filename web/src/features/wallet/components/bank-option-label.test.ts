import { describe, expect, it } from 'vitest';
import { bankOptionLabel } from './bank-option-label';

describe('bankOptionLabel', () => {
  it('shows the bank and the last four digits of the account', () => {
    expect(bankOptionLabel({ bank_name: 'Access Bank', account_number: '0123457890' })).toBe('Access Bank ••7890');
  });
  it('shortens a long bank name so the select is not cut at 360 px', () => {
    const label = bankOptionLabel({ bank_name: 'Nigeria Inter-Bank Settlement System', account_number: '0123457890' });
    expect(label).toBe('Nigeria Inter-Bank Se… ••7890');
    expect(label.length).toBeLessThanOrEqual(29);
  });
});
