/**
 * Wallet calls of SPEC section 7 (balance, transactions, saved banks, PIN check, top-up, withdrawal)
 * and the hooks the screens use: reads through the query cache (one balance request serves every
 * screen while it is fresh), money moves that refresh what they changed.
 */
import { useCallback } from 'react';
import type { SavedBank } from '@punter/core/api/bank';
import type { Transaction } from '@punter/core/api/wallet';
import { callApi } from '@/lib/api';
import { deviceId } from '@/lib/device-id';
import { queryClient, queryKeys } from '@/lib/query-client';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';
import { useMoneyMutation, type MoneyMutation } from '@/lib/use-money-mutation';

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

/** SPEC's PIN check, with this install's device id as its device_token (ADR 0051). */
export async function verifyPin(pin: string): Promise<void> {
  await callApi('pinVerify', { body: { pin, device_token: deviceId() } });
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

/** Asks the provider, before the checkout opens, whether the user's deposit limits and a break allow the amount. */
export async function checkTopUp(amountNaira: number): Promise<void> {
  await callApi('topupCheck', { body: { amount: amountNaira } });
}

/** Asks the provider to verify a checkout payment and credit the wallet once. */
export async function verifyTopup(transactionId: string, amountNaira: number): Promise<void> {
  await callApi('topup', {
    body: { transaction_id: transactionId, expectedAmount: amountNaira, expectedCurrency: 'NGN' },
  });
}

// ---------------------------------------------------------------------------------------------
// Hooks

export function useBalance(): QueryState<number> {
  return useApiQuery(queryKeys.balance, fetchBalance);
}

/** The dashboard's few latest transactions. */
export function useRecentTransactions(): QueryState<Transaction[]> {
  return useApiQuery(queryKeys.recentTransactions, fetchRecentTransactions);
}

export function useTransactions(): QueryState<Transaction[]> {
  return useApiQuery(queryKeys.transactions, fetchTransactions);
}

/** The user's saved banks (saving one in the bank feature refreshes them through queryKeys.savedBanks). */
export function useSavedBanks(): QueryState<SavedBank[]> {
  return useApiQuery(queryKeys.savedBanksOf, fetchSavedBanks);
}

/** Marks the balance and the transaction lists stale: every screen showing them asks again. */
export function refreshWallet(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
}

export interface WithdrawRequest {
  destinationAccount: string;
  amountNaira: number;
  pin: string;
}

/**
 * A withdrawal: the PIN check, then the withdrawal, then the wallet refreshed (the one money hook,
 * lib/use-money-mutation.ts). One idempotency key per intended withdrawal: trying the same amount to the same
 * bank again after a failure (a lost answer included) sends the same key, so the provider debits once; another
 * amount or bank, or the next withdrawal after a success, gets a new key. A withdrawal always takes the PIN.
 */
export function useWithdraw(): MoneyMutation<WithdrawRequest, Transaction> {
  return useMoneyMutation<WithdrawRequest, Transaction>({
    action: (request) => ['withdraw', request.destinationAccount, request.amountNaira],
    send: async (request, { idempotencyKey }) => {
      await verifyPin(request.pin);
      return withdraw({ ...request, idempotencyKey });
    },
    invalidates: [queryKeys.wallet],
  });
}

/**
 * A checkout's payment verified by the provider (which credits the wallet once). The wallet is marked
 * stale, not fetched again: the top-up ends in a page reload (SPEC section 4), which reads it anew.
 */
export function useVerifyTopUp(): (transactionId: string, amountNaira: number) => Promise<void> {
  return useCallback(async (transactionId: string, amountNaira: number) => {
    try {
      await verifyTopup(transactionId, amountNaira);
    } finally {
      // A failed verification may still have credited (a lost answer): never trust the cached balance.
      await queryClient.invalidateQueries({ queryKey: queryKeys.wallet, refetchType: 'none' });
    }
  }, []);
}
