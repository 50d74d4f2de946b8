/** Bank calls of SPEC section 7: the bank list, account-name resolution, saving a bank. */
import type { BankListEntry, SavedBank } from '@punter/core/api/bank';
import { filterBanksByName } from '@punter/core/form-schemas';
import { callApi } from '@/lib/api';

export type { BankListEntry };

export async function fetchBanks(): Promise<BankListEntry[]> {
  return (await callApi('banks')).data;
}

export async function resolveAccountName(accountNumber: string, bankCode: string): Promise<string> {
  return (await callApi('bankVerify', { body: { account_number: accountNumber, bank_code: bankCode } })).data.account_name;
}

export async function saveBank(input: { bank_name: string; account_name: string; code: string; account_number: string }): Promise<SavedBank> {
  return (await callApi('bankAdd', { body: input })).data;
}

/** The bank list filtered by a case-insensitive name search (SPEC section 5; the rule is core's). */
export function filterBanks(banks: readonly BankListEntry[], search: string): BankListEntry[] {
  return filterBanksByName(banks, search);
}
