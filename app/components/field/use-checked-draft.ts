import { type FormEvent, useEffect, useRef, useState } from 'react';

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

export interface DraftSubmitOptions<Request, Answer, Failure> {
  /** What the form does once the server answered: a toast, the draft started again. */
  onSent: (answer: Answer, request: Request) => void;
  /**
   * What to show beside the form for a failure (everything typed stays). Omitted: nothing,
   * for forms whose API client shows the server's reason itself.
   */
  failureOf?: (error: unknown) => Failure | null;
  /** Anything else a failure changes (a field marked and focused), after `failure` is set. */
  onFailed?: (error: unknown) => void;
}

/**
 * A checked form's submit, written once: the draft is read first (its errors show, focused,
 * and nothing is sent); while the request is on its way `sending` is true and a second
 * submit is ignored; a failure keeps the draft and sets `failure`.
 */
export function useDraftSubmit<Request, Answer, Failure = string>(
  check: () => Request | null,
  send: (request: Request) => Promise<Answer>,
  { onSent, failureOf, onFailed }: DraftSubmitOptions<Request, Answer, Failure>,
) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const inFlight = useRef(false);

  async function run() {
    if (inFlight.current) return;
    setFailure(null);
    const request = check();
    if (request === null) return;
    inFlight.current = true;
    setSending(true);
    let answer: Answer;
    try {
      answer = await send(request);
    } catch (error) {
      setFailure(failureOf ? failureOf(error) : null);
      onFailed?.(error);
      return;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    // Outside the try: what the form does with a saved answer is never a failure to send.
    onSent(answer, request);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run();
  }

  return { submit, sending, failure, setFailure };
}
