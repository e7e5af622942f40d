import { useCallback, useEffect, useRef, useState } from 'react';

/** A card's load (spec: dashboards 4 "Cards load independently"). */
export type CardLoad<T> =
  | { status: 'locked' }
  | { status: 'loading' }
  | { status: 'error'; detail?: string }
  | { status: 'loaded'; data: T };

/** spec: dashboards 5, 8 — empty data is treated as an error ('No Data'). */
export class NoDataError extends Error {
  constructor() {
    super('No Data');
    this.name = 'NoDataError';
  }
}

/**
 * Loads one card's data whenever `requestKey` changes (the cockpit's filter and its
 * reload counter) and on `reload()` (Try Again). A locked card never loads. Answers that
 * arrive after a newer request started are dropped, so a slow old range cannot overwrite
 * a new one.
 */
export function useCardData<T>(
  enabled: boolean,
  requestKey: string,
  load: () => Promise<T>,
): { state: CardLoad<T>; reload: () => void } {
  const [state, setState] = useState<CardLoad<T>>(
    enabled ? { status: 'loading' } : { status: 'locked' },
  );
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'locked' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    latestLoad
      .current()
      .then((data) => {
        if (current) setState({ status: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // spec: dashboards 8 — a failed load is logged and the card shows its error view.
        console.error('Cockpit card failed to load', error);
        setState({ status: 'error', detail: error instanceof NoDataError ? 'No Data' : undefined });
      });
    return () => {
      current = false;
    };
  }, [enabled, requestKey, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
