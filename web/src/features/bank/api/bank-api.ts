/** Bank calls of SPEC section 7 (the bank list, account-name resolution, saving a bank) and their hooks. */
import { useCallback } from 'react';
import type { BankListEntry, SavedBank } from '@punter/core/api/bank';
import { filterBanksByName } from '@punter/core/form-schemas';
import { callApi } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export type { BankListEntry };

export async function fetchBanks(): Promise<BankListEntry[]> {
  return (await callApi('banks')).data;
}

/** The bank's name for an account, and whether it is the caller's registered name (false: the screen asks to confirm). */
export async function resolveAccountName(accountNumber: string, bankCode: string): Promise<{ name: string; ownName: boolean }> {
  const { data } = await callApi('bankVerify', { body: { account_number: accountNumber, bank_code: bankCode } });
  return { name: data.account_name, ownName: data.holder_match !== false };
}

export async function saveBank(input: {
  bank_name: string;
  account_name: string;
  code: string;
  account_number: string;
  /** The holder's consent to an account in another name (ADR 0046); the provider audits it. */
  confirm_other_name?: boolean;
}): Promise<SavedBank> {
  return (await callApi('bankAdd', { body: input })).data;
}

/** The bank list filtered by a case-insensitive name search (SPEC section 5; the rule is core's). */
export function filterBanks(banks: readonly BankListEntry[], search: string): BankListEntry[] {
  return filterBanksByName(banks, search);
}

/** Every bank the provider pays out to (the same for every user; the key still carries the user). */
export function useBanks(): QueryState<BankListEntry[]> {
  return useApiQuery(queryKeys.bankList, fetchBanks);
}

/** Saves a bank, then marks the saved-bank lists stale (the wallet's withdraw form and profile panel show them). */
export function useSaveBank(): (input: Parameters<typeof saveBank>[0]) => Promise<SavedBank> {
  return useCallback(async (input: Parameters<typeof saveBank>[0]) => {
    const saved = await saveBank(input);
    void queryClient.invalidateQueries({ queryKey: queryKeys.savedBanks });
    return saved;
  }, []);
}
