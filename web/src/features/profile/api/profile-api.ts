/** Profile calls of SPEC section 7: the user's referrals. */
import type { Referral } from '@punter/core/api/profile';
import { callApi } from '@/lib/api';
import { queryKeys } from '@/lib/query-client';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export type { Referral };

export async function fetchReferrals(): Promise<Referral[]> {
  return (await callApi('myReferrals')).data;
}

export function useReferrals(): QueryState<Referral[]> {
  return useApiQuery(queryKeys.referrals, fetchReferrals);
}
