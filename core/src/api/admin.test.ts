import { describe, expect, it } from 'vitest';
import { NOW, RESPONSES, firstMessage } from '../../test/api-fixtures';
import {
  adminLogsQuerySchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
  auditLogSchema,
  transactionApproveRequestSchema,
  userUpdateRequestSchema,
  walletReportSchema,
} from './admin';

describe('admin list queries (server-side paging and filters)', () => {
  it('reads query-string text, defaults the page, drops blank filters', () => {
    expect(adminUsersQuerySchema.parse({ q: ' ada ', status: '', page: '2' })).toEqual({ q: 'ada', page: 2, page_size: 20 });
    expect(adminTransactionsQuerySchema.parse({ type: 'WITHDRAWAL', from: '2026-11-01', page_size: '50' })).toEqual({
      type: 'WITHDRAWAL',
      from: '2026-11-01',
      page: 1,
      page_size: 50,
    });
  });
  it('refuses bad filters with a message naming the field', () => {
    expect(firstMessage(adminUsersQuerySchema, { status: 'gone' })).toBe("status must be 'active' or 'suspended'");
    expect(firstMessage(adminUsersQuerySchema, { page_size: '500' })).toBe('page_size must not be more than 100');
    expect(firstMessage(adminUsersQuerySchema, { page: 'x' })).toBe('page must be a number');
    expect(firstMessage(adminTransactionsQuerySchema, { from: '1/2/2026' })).toBe('from must be a date (YYYY-MM-DD)');
    expect(firstMessage(adminTransactionsQuerySchema, { to: '2026-13-45' })).toBe('to must be a real date');
    expect(firstMessage(adminLogsQuerySchema, { who: 'me' })).toBe('Unknown filter: who');
  });
});

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
