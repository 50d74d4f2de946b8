import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../test/api-fixtures';
import { nairaAmount, nairaAmountAsKobo, nairaBalance, otpSchema, pinSchema } from './primitives';

describe('nairaAmount', () => {
  it('accepts positive naira amounts with at most 2 decimals up to ₦1,000,000,000', () => {
    for (const value of [0.01, 1, 1.1, 2500.5, 10_000, 999_999_999.99, 1_000_000_000]) {
      expect(nairaAmount.parse(value)).toBe(value);
    }
  });

  it('refuses zero, negatives, more than 2 decimals, too much, and non-numbers, with a clear message', () => {
    expect(firstMessage(nairaAmount, 0)).toBe('Amount must be greater than 0');
    expect(firstMessage(nairaAmount, -5)).toBe('Amount must be greater than 0');
    expect(firstMessage(nairaAmount, 1.005)).toBe('Amount can have at most 2 decimal places');
    expect(firstMessage(nairaAmount, 0.001)).toBe('Amount can have at most 2 decimal places');
    expect(firstMessage(nairaAmount, 1_000_000_000.01)).toBe('Amount must not be more than ₦1,000,000,000');
    expect(firstMessage(nairaAmount, 1e15)).toBe('Amount must not be more than ₦1,000,000,000');
    for (const value of [Infinity, -Infinity, NaN, '5000', null, undefined, {}, [5]]) {
      expect(firstMessage(nairaAmount, value)).toBe('Amount must be a number');
    }
  });

  it('converts to kobo through money.ts without float noise', () => {
    expect(nairaAmountAsKobo.parse(2500.5)).toBe(250_050);
    expect(nairaAmountAsKobo.parse(0.29)).toBe(29);
    expect(nairaAmountAsKobo.parse(1_000_000_000)).toBe(100_000_000_000);
    expect(nairaAmountAsKobo.safeParse(0).success).toBe(false);
  });

  it('nairaBalance allows 0 but not negatives or sub-kobo amounts', () => {
    expect(nairaBalance.parse(0)).toBe(0);
    expect(firstMessage(nairaBalance, -0.01)).toBe('Amount must not be negative');
    expect(firstMessage(nairaBalance, 3.333)).toBe('Amount can have at most 2 decimal places');
  });
});

describe('codes and PIN', () => {
  it('a PIN is exactly 4 digits', () => {
    expect(pinSchema.parse('0123')).toBe('0123');
    for (const value of ['123', '12345', 'abcd', '12 4', '', 1234, null]) {
      expect(firstMessage(pinSchema, value)).toBe('PIN must be 4 digits');
    }
  });

  it('an OTP or reset code is exactly 4 letters or digits', () => {
    expect(otpSchema.parse('A1b2')).toBe('A1b2');
    for (const value of ['123', '12345', '12 4', '', 1234]) {
      expect(firstMessage(otpSchema, value)).toBe('Code must be 4 characters');
    }
  });
});
