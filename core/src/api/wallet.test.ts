import { describe, expect, it } from 'vitest';
import { REQUESTS, expectEveryFieldChecked, firstMessage, ok, transaction } from '../../test/api-fixtures';
import { topupRequestSchema, topupResponseSchema, transactionSchema, withdrawRequestSchema } from './wallet';

describe('wallet', () => {
  it('a transaction has SPEC types and statuses only', () => {
    expectEveryFieldChecked(transactionSchema, transaction);
    for (const type of [
      'WITHDRAWAL',
      'FUNDING',
      'BUY_GAME',
      'SPOOWEALTH',
      'SIGNUP_BONUS',
      'MC_DASAINT_BONUS',
      'SUBSCRIPTION',
      'JOIN_AUTO_TRADA',
    ]) {
      expect(transactionSchema.safeParse({ ...transaction, type }).success).toBe(true);
    }
    expect(transactionSchema.safeParse({ ...transaction, type: 'BOGUS_TYPE' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, status: 'FAILED' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, amount: -1 }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('withdraw needs a 4-digit PIN and a saved bank id', () => {
    const schema = withdrawRequestSchema;
    expect(firstMessage(schema, { ...REQUESTS.withdraw, pin: '12345' })).toBe('PIN must be 4 digits');
    expect(firstMessage(schema, { ...REQUESTS.withdraw, destination_account: '  ' })).toBe('Id is required');
  });

  it('top-up takes a string or numeric transaction_id and only NGN', () => {
    const schema = topupRequestSchema;
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 'FLW-123_abc' }).success).toBe(true);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: -1 }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 'a b' }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, expectedCurrency: 'USD' }).success).toBe(false);
  });

  it('the top-up answer carries success: true (SPEC: "Reads success")', () => {
    expect(topupResponseSchema.safeParse(ok({ transaction, balance: 1 })).success).toBe(false);
    expect(topupResponseSchema.safeParse({ ...ok({ transaction, balance: 1 }), success: true }).success).toBe(true);
  });
});
