/**
 * Payouts to a bank account. The sandbox pays every account at once, except two magic account
 * numbers that make the other paths testable:
 *   0000000000 -> the payout FAILS (the withdrawal is reversed by a new ledger entry)
 *   1111111111 -> the payout stays PENDING (an admin approves it later)
 */
export interface PayoutRequest {
  reference: string;
  amountKobo: number;
  accountNumber: string;
  bankCode: string;
  accountName: string;
}

export type PayoutResult = { status: 'SUCCESS' } | { status: 'PENDING' } | { status: 'FAILED'; reason: string };

export interface PayoutGateway {
  readonly name: 'sandbox' | 'manual';
  pay(request: PayoutRequest): Promise<PayoutResult>;
}

export const PAYOUT_FAILS_ACCOUNT = '0000000000';
export const PAYOUT_PENDING_ACCOUNT = '1111111111';

export function createSandboxPayouts(): PayoutGateway {
  return {
    name: 'sandbox',
    pay(request) {
      if (request.accountNumber === PAYOUT_FAILS_ACCOUNT) {
        return Promise.resolve({ status: 'FAILED', reason: 'The beneficiary bank declined the transfer' });
      }
      if (request.accountNumber === PAYOUT_PENDING_ACCOUNT) return Promise.resolve({ status: 'PENDING' });
      return Promise.resolve({ status: 'SUCCESS' });
    },
  };
}

/**
 * Used when real keys are configured (no payout API is wired in): every withdrawal stays PENDING
 * until an admin has paid it out by hand and approves it (PUT /api/v1/transactions/approve).
 */
export function createManualPayouts(): PayoutGateway {
  return { name: 'manual', pay: () => Promise.resolve({ status: 'PENDING' }) };
}
