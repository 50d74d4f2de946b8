/**
 * Safer play (ADR 0019): the user's limits and pause, read through the query cache under the wallet
 * prefix (a purchase or a top-up changes what is used, and invalidates queryKeys.wallet), and the two
 * changes a user makes: a limit, and a break or self-exclusion.
 */
import type { SaferPlayState } from '@punter/core/api/safer-play';
import type { BreakOption, ExclusionOption, LimitKind, LimitPeriod } from '@punter/core/safer-play';
import { callApi } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export const saferPlayKey = (uid: string) => ['wallet', 'safer-play', uid] as const;

export async function fetchSaferPlay(): Promise<SaferPlayState> {
  return (await callApi('saferPlay')).data;
}

export function useSaferPlay(): QueryState<SaferPlayState> {
  return useApiQuery(saferPlayKey, fetchSaferPlay);
}

function keep(uid: string, state: SaferPlayState): void {
  queryClient.setQueryData(saferPlayKey(uid), state);
}

/** Sets one limit (null: none); answers the provider's message ('takes effect in 24 hours' for a raise). */
export async function setLimit(
  uid: string,
  input: { kind: LimitKind; period: LimitPeriod; amount: number | null },
): Promise<string> {
  const answer = await callApi('saferPlayLimit', { body: input });
  keep(uid, answer.data);
  return answer.message;
}

export async function startPause(
  uid: string,
  input: { kind: 'break'; duration: BreakOption; pin: string } | { kind: 'exclusion'; duration: ExclusionOption; pin: string },
): Promise<SaferPlayState> {
  const answer = await callApi('saferPlayPause', { body: input });
  keep(uid, answer.data);
  return answer.data;
}
