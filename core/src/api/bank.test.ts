import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../test/api-fixtures';
import { bankVerifyRequestSchema } from './bank';

describe('bank requests', () => {
  it('bank verify takes a 10-digit account number and a bank code', () => {
    const schema = bankVerifyRequestSchema;
    expect(firstMessage(schema, { account_number: '012345678', bank_code: '044' })).toBe('Account number must be 10 digits');
    expect(firstMessage(schema, { account_number: '01234567890', bank_code: '044' })).toBe('Account number must be 10 digits');
    expect(firstMessage(schema, { account_number: '01234567a9', bank_code: '044' })).toBe('Account number must be 10 digits');
    expect(firstMessage(schema, { account_number: '0123456789', bank_code: '' })).toBe('Bank code is not valid');
  });
});
