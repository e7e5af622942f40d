import { useCallback, useEffect, useState } from 'react';
import { TransportError } from '@/shared/transport/transport';

// The Call Flows area's lists, loaded the simple way until the shared data layer
// (app/data useDataQuery) lands for every screen: the same state shape, so the swap is a
// one-line change per list.

export type CallFlowDataStatus = 'idle' | 'loading' | 'error' | 'loaded';

export interface CallFlowDataState<T> {
  status: CallFlowDataStatus;
  data: T | null;
  /** Why it failed, under the generic error text (a 403 or 404 says more than "failed"). */
  detail: string | null;
  retry: () => void;
}

function detailOf(error: unknown): string | null {
  if (error instanceof TransportError) {
    if (error.status === 403) return 'You do not have access to this.';
    if (error.status === 404) return 'Not found.';
    return error.serverMessage;
  }
  return null;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load). A late answer for an old
 * key is dropped, so paging quickly never shows the wrong page.
 */
export function useCallFlowData<T>(
  key: string | null,
  load: () => Promise<T>,
): CallFlowDataState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    key: string | null;
    status: CallFlowDataStatus;
    data: T | null;
    detail: string | null;
  }>({
    key: null,
    status: 'idle',
    data: null,
    detail: null,
  });
  const loadRef = useLatest(load);

  useEffect(() => {
    if (key === null) {
      setState({ key, status: 'idle', data: null, detail: null });
      return;
    }
    let active = true;
    setState((current) => ({
      key,
      status: 'loading',
      data: current.key === key ? current.data : null,
      detail: null,
    }));
    loadRef.current().then(
      (data) => {
        if (active) setState({ key, status: 'loaded', data, detail: null });
      },
      (error: unknown) => {
        if (active) setState({ key, status: 'error', data: null, detail: detailOf(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [key, attempt, loadRef]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status: state.status, data: state.data, detail: state.detail, retry };
}

function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
