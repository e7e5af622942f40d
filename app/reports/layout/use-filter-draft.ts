import { useEffect, useState } from 'react';

/**
 * The filter form's unsubmitted choices: they start from (and follow) the applied filters,
 * and a field's change patches them; the screen applies them on Filter. Null while the
 * applied filters are still being read.
 */
export function useFilterDraft<T extends object>(applied: T | null) {
  const [draft, setDraft] = useState<T | null>(applied);
  useEffect(() => setDraft(applied), [applied]);
  const patch = (next: Partial<T>) =>
    setDraft((current) => (current ? { ...current, ...next } : current));
  return { draft, patch };
}
