/**
 * A provider read through the query cache, in the shape every panel shows (components/load-state.tsx):
 * a spinner until the first answer, the failure's messages with 'Try again', and the data meanwhile.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toApiFailure, type ApiFailure } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { useProfile } from '@/lib/session';

export type AsyncState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: ApiFailure };

export type QueryState<T> = AsyncState<T> & { reload: () => void };

/** Reads `load` under `key(uid)`: the signed-in user's id is part of every key (lib/query-client.ts). */
export function useApiQuery<T>(key: (uid: string) => QueryKey, load: () => Promise<T>): QueryState<T> {
  const uid = useProfile()?.data.id ?? '';
  const query = useQuery({ queryKey: key(uid), queryFn: load }, queryClient);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  // 'Try again' shows the spinner again while nothing is known yet (as a first load does).
  if (query.data === undefined && (query.isPending || query.isFetching))
    return { status: 'loading', data: undefined, error: null, reload };
  if (query.isError) return { status: 'error', data: query.data, error: toApiFailure(query.error), reload };
  if (query.data === undefined) return { status: 'loading', data: undefined, error: null, reload };
  return { status: 'success', data: query.data, error: null, reload };
}
