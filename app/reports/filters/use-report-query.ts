import { useCallback, useEffect, useRef, useState } from 'react';

export type ReportStatus = 'idle' | 'loading' | 'error' | 'loaded';

export interface ReportQuery<T> {
  status: ReportStatus;
  data: T | null;
  /** A reason under the standard error text: 'No Data' for empty data (spec: dashboards 5, 8). */
  detail: string | null;
  /** Loads again with the same filters (the error view's Try Again?). */
  retry: () => void;
}

/** spec: dashboards 5 / 8 — "Empty data returned: treated as an error ('No Data')". */
export const NO_DATA = 'No Data';

/**
 * Loads one report and holds its state (spec: dashboards 4 "Report screens go loading,
 * then error (with try again) or loaded"). It loads again only when `key` changes (the
 * filters' key: spec 4 "refetched only when filters or date range changed") or on retry;
 * `key` null means "not yet" (filters still being restored, card hidden). Answers of an
 * older key are dropped. `isEmpty` turns an empty answer into the 'No Data' error.
 */
export function useReportQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  isEmpty?: (data: T) => boolean,
): ReportQuery<T> {
  const [state, setState] = useState<Omit<ReportQuery<T>, 'retry'>>({
    status: key === null ? 'idle' : 'loading',
    data: null,
    detail: null,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, isEmpty });
  latest.current = { load, isEmpty };

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle', data: null, detail: null });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data, detail: null }));
    latest.current
      .load(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        if (latest.current.isEmpty?.(data)) {
          setState({ status: 'error', data: null, detail: NO_DATA });
        } else {
          setState({ status: 'loaded', data, detail: null });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // spec: dashboards 8 — a report load failure is logged and shown as the error view.
        console.warn('Report load failed', error);
        setState({ status: 'error', data: null, detail: null });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
