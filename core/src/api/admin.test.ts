import { describe, expect, it } from 'vitest';
import { NOW, RESPONSES, firstMessage } from '../../test/api-fixtures';
import { auditLogSchema, transactionApproveRequestSchema, userUpdateRequestSchema, walletReportSchema } from './admin';

describe('admin bodies', () => {
  it('approve defaults to approve; decline takes an optional reason; anything else is refused with a clear message', () => {
    const schema = transactionApproveRequestSchema;
    expect(schema.parse({ transaction_id: 'tx_1' })).toEqual({ transaction_id: 'tx_1', action: 'approve' });
    expect(firstMessage(schema, { transaction_id: 'tx_1', action: 'refund' })).toBe("Action must be 'approve' or 'decline'");
    expect(firstMessage(schema, { transaction_id: 'tx_1', action: 'decline', reason: ' ' })).toBe('Reason must not be empty');
  });

  it('users/update needs something to change, refuses other fields, and can only set must_change_password to true', () => {
    const schema = userUpdateRequestSchema;
    expect(firstMessage(schema, { user_id: 'u_1' })).toBe('Nothing to update');
    expect(firstMessage(schema, { user_id: 'u_1', role: 1 })).toBe(
      'Only names, permissions and must_change_password can be updated',
    );
    expect(firstMessage(schema, { user_id: 'u_1', must_change_password: false })).toBe(
      'must_change_password can only be set to true',
    );
    expect(firstMessage(schema, { user_id: 'u_1', can_post_signal: 'yes' })).toBe('can_post_signal must be true or false');
  });

  it('an audit entry may say it was refused', () => {
    const entry = { id: 'l1', admin_id: 'u_1', action: 'approveTransaction', target: null, refused: true, createdAt: NOW };
    expect(auditLogSchema.safeParse(entry).success).toBe(true);
  });

  it('the wallet report refuses unknown transaction types and negative sums', () => {
    const body = RESPONSES.walletReport as { data: Record<string, unknown> };
    expect(walletReportSchema.safeParse({ ...body.data, transaction_values: { BOGUS_TYPE: 5 } }).success).toBe(false);
    expect(walletReportSchema.safeParse({ ...body.data, transaction_values: { FUNDING: -5 } }).success).toBe(false);
  });
});
