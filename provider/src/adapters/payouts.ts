/**
 * Payouts to a bank account. The sandbox pays every account at once, except magic account numbers that make the
 * other paths testable:
 *   0000000000          -> the payout FAILS (the withdrawal is reversed by a new ledger entry)
 *   111xxxxxxx          -> the payout stays PENDING (an admin approves or declines it in the console's queue);
 *                          1111111111 is one of them. The demo seed withdraws to such accounts, so the queue
 *                          has work locally (issue 34 point 10).
 * In the 'pending' mode (PROVIDER_SANDBOX_PAYOUTS=pending) every sandbox payout stays PENDING, whatever the account.
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
/** Sandbox account numbers starting with this stay PENDING (PAYOUT_PENDING_ACCOUNT among them). */
export const PAYOUT_PENDING_PREFIX = '111';

/** 'instant': the rules above (the default); 'pending': every payout waits for an admin. */
export type SandboxPayoutMode = 'instant' | 'pending';
export const SANDBOX_PAYOUT_MODES = ['instant', 'pending'] as const satisfies readonly SandboxPayoutMode[];

export function createSandboxPayouts(options: { mode?: SandboxPayoutMode } = {}): PayoutGateway {
  const mode = options.mode ?? 'instant';
  return {
    name: 'sandbox',
    pay(request) {
      if (request.accountNumber === PAYOUT_FAILS_ACCOUNT) {
        return Promise.resolve({ status: 'FAILED', reason: 'The beneficiary bank declined the transfer' });
      }
      if (mode === 'pending' || request.accountNumber.startsWith(PAYOUT_PENDING_PREFIX)) {
        return Promise.resolve({ status: 'PENDING' });
      }
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
