/**
 * A provider read through the query cache, in the shape every panel shows (components/load-state.tsx):
 * a spinner until the first answer, the failure's messages with 'Try again', and the data meanwhile.
 * Offline with nothing known yet, it says so instead of spinning; with a last known answer (kept in
 * memory or in storage, lib/query-persist.ts) it shows that one and when it was fetched (`updatedAt`).
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiFailure, toApiFailure } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { useProfile } from '@/lib/session';

export type AsyncState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: ApiFailure };

/** `updatedAt`: when the data shown was fetched (ms since the epoch), for 'Offline · last updated {time}'. */
export type QueryState<T> = AsyncState<T> & { reload: () => void; updatedAt?: number };

/** What a read says when the device is offline and nothing was loaded before. */
export const OFFLINE_NO_DATA_MESSAGE = 'You are offline. This shows once you are back online.';

/** Reads `load` under `key(uid)`: the signed-in user's id is part of every key (lib/query-client.ts). */
export function useApiQuery<T>(key: (uid: string) => QueryKey, load: () => Promise<T>): QueryState<T> {
  const uid = useProfile()?.data.id ?? '';
  const query = useQuery({ queryKey: key(uid), queryFn: load }, queryClient);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  // The cache pauses a read while the browser is offline: with nothing to show, say why instead of spinning.
  if (query.data === undefined && query.fetchStatus === 'paused')
    return { status: 'error', data: undefined, error: new ApiFailure([OFFLINE_NO_DATA_MESSAGE], 'offline'), reload };
  // 'Try again' shows the spinner again while nothing is known yet (as a first load does).
  if (query.data === undefined && (query.isPending || query.isFetching))
    return { status: 'loading', data: undefined, error: null, reload };
  const updatedAt = query.dataUpdatedAt;
  if (query.isError) return { status: 'error', data: query.data, error: toApiFailure(query.error), reload, updatedAt };
  if (query.data === undefined) return { status: 'loading', data: undefined, error: null, reload };
  return { status: 'success', data: query.data, error: null, reload, updatedAt };
}
