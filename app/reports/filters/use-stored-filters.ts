import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@/app/host/host';

/**
 * A screen's own applied filters, persisted through the host's storage (spec: dashboards 4
 * "Filters are persisted locally") for screens whose filters are not the shared report
 * panel's: null while the stored ones are read. `override` (filters a link carried, read
 * with the stored ones as base) wins over the stored ones and is stored in turn, so the
 * next visit opens where the link left the screen.
 */
export function useStoredFilters<T>(
  storageKey: string,
  parse: (text: string | null) => T,
  override?: (stored: T) => T | null,
) {
  const { storage } = useHost();
  const [applied, setApplied] = useState<T | null>(null);

  const apply = useCallback(
    (next: T) => {
      setApplied(next);
      void storage.set(storageKey, JSON.stringify(next)).catch(() => undefined);
    },
    [storage, storageKey],
  );

  useEffect(() => {
    let cancelled = false;
    storage
      .get(storageKey)
      .catch(() => null)
      .then((text) => {
        if (cancelled) return;
        const stored = parse(text);
        const linked = override?.(stored) ?? null;
        if (linked) apply(linked);
        else setApplied(stored);
      });
    return () => {
      cancelled = true;
    };
    // Read once per screen and key: the parse and the link's filters are the arrival's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storage, storageKey]);

  return { applied, apply };
}
