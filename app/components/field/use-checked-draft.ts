import { useEffect, useRef, useState } from 'react';

/** What a form's pure reader makes of its draft: the request to send, or an error per field. */
export type DraftReading<Request, Errors> =
  { ok: true; request: Request } | { ok: false; errors: Errors };

/**
 * A form's draft with its per-field errors, checked by a pure reader before anything is
 * sent: editing a field clears only its own error (the others wait for the next submit),
 * and each refused submit moves the focus to the first field in error, so keyboard and
 * screen-reader users land on what needs fixing. Nothing typed is lost on a refusal.
 */
export function useCheckedDraft<Draft extends object, Request, Errors extends object>(
  empty: Draft,
  read: (draft: Draft) => DraftReading<Request, Errors>,
) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  /** Sets one field (and any that follow from it, `alongside`), clearing that field's error. */
  function update<K extends keyof Draft>(key: K, value: Draft[K], alongside?: Partial<Draft>) {
    setDraft((current) => ({ ...current, [key]: value, ...alongside }));
    if (key in errors && errors[key as unknown as keyof Errors]) {
      setErrors((current) => ({ ...current, [key]: undefined }));
    }
  }

  /** The request when the draft reads, else null with its errors shown and focused. */
  function check(): Request | null {
    const reading = read(draft);
    if (reading.ok) return reading.request;
    setErrors(reading.errors);
    setRefused((count) => count + 1);
    return null;
  }

  return { draft, setDraft, errors, setErrors, formRef, update, check };
}
