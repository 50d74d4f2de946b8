/**
 * The punters' verified records (ADR 0010): the ranked list for /punters and one punter's record with
 * their codes for /punter/{username}, read through the query cache (ADR 0007). The provider computes
 * every figure from settled codes; the screens only show them.
 */
import type { BettingCodeListEntry, PunterRecordView } from '@punter/core/api/punters-hub';
import { callApi } from '@/lib/api';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export type { BettingCodeListEntry, PunterRecordView };

export interface PunterProfile {
  record: PunterRecordView;
  /** The punter's codes, newest first; `game_code` only where the viewer owns or bought the code. */
  games: BettingCodeListEntry[];
}

/** Cache keys of this feature; the signed-in user's id is part of each (lib/query-client.ts). */
export const punterKeys = {
  list: (uid: string) => ['punters', uid] as const,
  profile: (username: string) => (uid: string) => ['punters', uid, 'profile', username] as const,
};

export async function fetchPunters(): Promise<PunterRecordView[]> {
  return (await callApi('punters')).data;
}

export async function fetchPunterProfile(username: string): Promise<PunterProfile> {
  return (await callApi('punterProfile', { params: { id: username } })).data;
}

export function usePunters(): QueryState<PunterRecordView[]> {
  return useApiQuery(punterKeys.list, fetchPunters);
}

export function usePunterProfile(username: string): QueryState<PunterProfile> {
  return useApiQuery(punterKeys.profile(username), () => fetchPunterProfile(username));
}
