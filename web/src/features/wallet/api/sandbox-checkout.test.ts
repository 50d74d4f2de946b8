import { describe, expect, it } from 'vitest';
import { resultFromSandboxMessage } from './sandbox-checkout';

const base = { source: 'sandbox-checkout', tx_ref: 'punter-1' };

describe('resultFromSandboxMessage', () => {
  it('passes Cancel on although it carries transaction_id: null', () => {
    expect(resultFromSandboxMessage({ ...base, status: 'cancelled', transaction_id: null }, 'punter-1')).toEqual({
      status: 'cancelled',
    });
  });
  it('passes a payment that could not be made (null id) on as a failure', () => {
    expect(resultFromSandboxMessage({ ...base, status: 'failed', transaction_id: null }, 'punter-1')).toEqual({
      status: 'failed',
    });
  });
  it('keeps the transaction id of a payment, as a string', () => {
    expect(resultFromSandboxMessage({ ...base, status: 'successful', transaction_id: 4711 }, 'punter-1')).toEqual({
      status: 'successful',
      transactionId: '4711',
    });
  });
  it("ignores another attempt's message and anything that is not a checkout message", () => {
    expect(resultFromSandboxMessage({ ...base, status: 'cancelled', transaction_id: null }, 'punter-2')).toBeNull();
    expect(resultFromSandboxMessage({ source: 'other', status: 'cancelled', tx_ref: 'punter-1' }, 'punter-1')).toBeNull();
    expect(resultFromSandboxMessage('cancelled', 'punter-1')).toBeNull();
  });
});
