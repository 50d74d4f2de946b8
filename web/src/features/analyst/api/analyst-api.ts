/**
 * The analyst's reads (SPEC section 7: GET /games, GET /top-games) through the query cache: one
 * filter set is one request, and going back to filters seen a moment ago shows them without another.
 * The answers are parsed with core's contract by lib/api.
 */
import { useQueries } from '@tanstack/react-query';
import { leagueList } from '@punter/core/analyst';
import type { AnalystGame } from '@punter/core/api/analyst';
import { gamesQuery, type AnalystFilters } from '@/features/analyst/filters';
import { callApi, toApiFailure, type ApiFailure } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { useProfile } from '@/lib/session';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export type { AnalystGame };

const analystKey = (name: string, query: Record<string, string>) => (uid: string) => ['analyst', name, query, uid] as const;

export async function fetchGames(query: Record<string, string>): Promise<AnalystGame[]> {
  return (await callApi('analystGames', { query })).data;
}

export async function fetchTopGames(): Promise<AnalystGame[]> {
  return (await callApi('topGames')).data;
}

/** The games of the filters: the last 10 rounds up to the chosen time, newest first. */
export function useGames(filters: AnalystFilters): QueryState<AnalystGame[]> {
  const query = gamesQuery(filters);
  return useApiQuery(analystKey('games', query), () => fetchGames(query));
}

export function useTopGames(): QueryState<AnalystGame[]> {
  return useApiQuery(analystKey('top', {}), fetchTopGames);
}

export interface SlotDays {
  /** One entry per league day (newest first); games undefined while loading or after a failure. */
  days: { date: string; games: AnalystGame[] | undefined }[];
  loading: boolean;
  error: ApiFailure | null;
  reload: () => void;
}

/**
 * The chosen time slot (one round, the chosen team's game only when a team is chosen) on each of the
 * last 10 league days, for 'over 2.5 at this time'. Small answers: 10 games a day at most. Asked only
 * once `enabled` (the page waits for the main games first: on a slow line they come before these 10).
 */
export function useSlotDays(filters: AnalystFilters, now: number, enabled: boolean): SlotDays {
  const uid = useProfile()?.data.id ?? '';
  const leagues = leagueList(now);
  const results = useQueries(
    {
      queries: leagues.map((league) => {
        const query = gamesQuery({ ...filters, date: league.date }, 1);
        return { queryKey: analystKey('slot', query)(uid), queryFn: () => fetchGames(query), enabled };
      }),
    },
    queryClient,
  );
  const failed = results.find((r) => r.isError);
  const reload = () => {
    for (const result of results) if (result.isError) void result.refetch();
  };
  return {
    days: leagues.map((league, i) => ({ date: league.date, games: results[i]?.data })),
    loading: !enabled || results.some((r) => r.data === undefined && r.isFetching),
    error: failed ? toApiFailure(failed.error) : null,
    reload,
  };
}
