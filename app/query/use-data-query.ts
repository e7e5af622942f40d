import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHost } from '@/app/host/host';
import { errorDetail } from '@/shared/query/data-errors';
import type { DataQueryOptions } from '@/shared/query/data-query';
import { queryScope, type QueryScope } from '@/shared/query/query-scope';

export type DataStatus = 'idle' | 'loading' | 'error' | 'loaded';

/** What a screen renders from one query (spec: dashboards 4 loading → error | loaded). */
export interface DataState<T> {
  /** idle: nothing asked (no workspace, filters still being restored, card off). */
  status: DataStatus;
  /** The answer while loaded (a cached one shows at once, even while a new one loads behind). */
  data: T | null;
  /** The reason under the generic error text: 'No Data' for an empty answer (spec: dashboards 5, 8). */
  detail: string | null;
  /** Loads again (the error view's Try Again?): shows loading until it answers. */
  retry: () => void;
  /** The failure itself while status is error (a form showing the server's own words). */
  error?: unknown;
}

/** What a whole screen shows of one query: loading (not asked yet included), error, or its data. */
export type ScreenLoad<T> =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; data: T };

export function screenLoadOf<T>({
  status,
  data,
}: Pick<DataState<T>, 'status' | 'data'>): ScreenLoad<T> {
  if (status === 'loaded' && data) return { status: 'loaded', data };
  return status === 'error' ? { status: 'error' } : { status: 'loading' };
}

const IDLE_KEY = ['intake', null, null, 'idle'] as const;

/** The host's query scope: every key of this sign-in starts with it. */
export function useQueryScope(): QueryScope {
  const { session } = useHost();
  const userId = session.user?.id ?? null;
  const workspaceId = session.workspace?.id ?? null;
  return useMemo(
    () =>
      queryScope({
        user: userId ? { id: userId } : null,
        workspace: workspaceId ? { id: workspaceId } : null,
      }),
    [userId, workspaceId],
  );
}

/**
 * The one way a screen loads data: a query of shared/query (or null for "not now") through
 * the host's QueryClient — cached, shared by every component asking the same thing (one
 * request), cancelled when nobody waits for it any more (unmount, new filters), and mapped
 * to the spec's states. A query whose answer is cached shows it at once.
 */
export function useDataQuery<T>(options: DataQueryOptions<T> | null): DataState<T> {
  const query = useQuery<T>(
    options
      ? { ...options, queryKey: [...options.queryKey] }
      : { queryKey: [...IDLE_KEY], queryFn: skipToken },
  );
  const { refetch } = query;
  const status: DataStatus = !options
    ? 'idle'
    : query.status === 'success'
      ? 'loaded'
      : query.status === 'error' && query.fetchStatus === 'idle'
        ? 'error'
        : 'loading';
  const data = status === 'loaded' ? (query.data as T) : null;
  const error = status === 'error' ? query.error : null;
  const detail = status === 'error' ? errorDetail(error) : null;
  return useMemo(
    () => ({ status, data, detail, error, retry: () => void refetch() }),
    [status, data, detail, error, refetch],
  );
}
