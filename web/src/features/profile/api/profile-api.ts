import type { Referral } from '@punter/core/api/profile';
import { callApi } from '@/lib/api';

export type { Referral };

export async function fetchReferrals(): Promise<Referral[]> {
  return (await callApi('myReferrals')).data;
}
