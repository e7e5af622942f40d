import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@/app/host/host';
import { listAsyncFailures } from '@/shared/api/async-errors';
import type { AsyncFailureList, AsyncFailureStatus } from '@/shared/contracts/async-errors';
import { TransportError } from '@/shared/transport/transport';

export const ASYNC_FAILURES_PAGE_SIZE = 25;

export type FailuresLoad =
  | { status: 'idle' }
  | { status: 'loading'; previous: AsyncFailureList | null }
  | { status: 'error'; detail: string | null }
  | { status: 'loaded'; list: AsyncFailureList };

/**
 * One page of the workspace's failed records of one status (newest first), reloaded
 * after every retry or dismiss. The last page stays on screen while the next one loads,
 * so the table does not jump.
 */
export function useAsyncFailures(
  workspaceId: string | null,
  filter: AsyncFailureStatus,
  offset: number,
) {
  const { api } = useHost();
  const [load, setLoad] = useState<FailuresLoad>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!workspaceId) return;
    let current = true;
    setLoad((last) => ({
      status: 'loading',
      previous: last.status === 'loaded' ? last.list : null,
    }));
    listAsyncFailures(
      api,
      workspaceId,
      { status: filter, limit: ASYNC_FAILURES_PAGE_SIZE, offset },
      { silent: true },
    )
      .then((list) => current && setLoad({ status: 'loaded', list }))
      .catch((error: unknown) => {
        if (!current) return;
        // The server's own words (e.g. the role or the workspace setting it refused for).
        const detail = error instanceof TransportError ? error.serverMessage : null;
        setLoad({ status: 'error', detail });
      });
    return () => {
      current = false;
    };
  }, [api, workspaceId, filter, offset, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const list =
    load.status === 'loaded' ? load.list : load.status === 'loading' ? load.previous : null;
  return { load, list, reload };
}
