/** Wallet calls of SPEC section 7 (balance, transactions, saved banks, PIN check, top-up, withdrawal). */
import type { SavedBank } from '@punter/core/api/bank';
import type { Transaction } from '@punter/core/api/wallet';
import { callApi } from '@/lib/api';

export type { SavedBank, Transaction };

export async function fetchBalance(): Promise<number> {
  return (await callApi('nairaWallet')).data.balance;
}

export async function fetchRecentTransactions(): Promise<Transaction[]> {
  return (await callApi('limitTransactions')).data;
}

export async function fetchTransactions(): Promise<Transaction[]> {
  return (await callApi('transactions')).data;
}

export async function fetchSavedBanks(): Promise<SavedBank[]> {
  return (await callApi('savedBanks')).data;
}

/** The device token SPEC's PIN check sends (a fixed placeholder for the web client). */
export const WEB_DEVICE_TOKEN = 'web-device-token';

export async function verifyPin(pin: string): Promise<void> {
  await callApi('pinVerify', { body: { pin, device_token: WEB_DEVICE_TOKEN } });
}

/** Withdraws to a saved bank; the idempotency key makes a retried request debit once only. */
export async function withdraw(input: {
  destinationAccount: string;
  amountNaira: number;
  pin: string;
  idempotencyKey: string;
}): Promise<Transaction> {
  const answer = await callApi('withdraw', {
    body: { destination_account: input.destinationAccount, amount: input.amountNaira, pin: input.pin },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return answer.data.transaction;
}

/** Asks the provider to verify a checkout payment and credit the wallet once. */
export async function verifyTopup(transactionId: string, amountNaira: number): Promise<void> {
  await callApi('topup', {
    body: { transaction_id: transactionId, expectedAmount: amountNaira, expectedCurrency: 'NGN' },
  });
}
