import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@/app/host/host';

/**
 * A screen's own applied filters, persisted through the host's storage (spec: dashboards 4
 * "Filters are persisted locally") for screens whose filters are not the shared report
 * panel's: null while the stored ones are read. `override` (filters a link carried, read
 * with the stored ones as base) wins over the stored ones and is stored in turn, so the
 * next visit opens where the link left the screen. `serialize` (default JSON) lets a
 * screen store more than the filters (the day they were saved on, so a range expires).
 */
export function useStoredFilters<T>(
  storageKey: string,
  parse: (text: string | null) => T,
  override?: (stored: T) => T | null,
  serialize: (value: T) => string = JSON.stringify,
) {
  const { storage } = useHost();
  // Tagged with the key it was read under: after a key change (another workspace) the
  // previous key's filters are not handed out while the new ones are read.
  const [state, setState] = useState<{ key: string; value: T } | null>(null);

  const apply = useCallback(
    (next: T) => {
      setState({ key: storageKey, value: next });
      void storage.set(storageKey, serialize(next)).catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the serializer is the screen's fixed format
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
        else setState({ key: storageKey, value: stored });
      });
    return () => {
      cancelled = true;
    };
    // Read once per screen and key: the parse and the link's filters are the arrival's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storage, storageKey]);

  const applied = state && state.key === storageKey ? state.value : null;
  return { applied, apply };
}
