import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, type DraftStorage, loadDraft, saveDraft } from '@/shared/call-flow/drafts';
import type { Variables } from '@/shared/contracts/call-flow';

/** Where a step form keeps what the agent types (issue 11 Forms: per execution and step). */
export interface StepFormDraft {
  storage: DraftStorage;
  executionId: string;
  stepId: string;
}

/** A pause in typing this long saves the draft: every keystroke would be a write. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface StepFormDraftControl {
  /** The saved draft was loaded (or there is none): 'restored' when it brought values back. */
  status: 'loading' | 'restored' | 'none';
  /** Call after each change the agent makes; saves after a short pause. */
  schedule(values: Variables): void;
  /** Removes the draft and stops saving (the step was submitted). */
  clear(): Promise<void>;
}

/**
 * Restores the step's draft on mount (handing it to `onRestore` unless the agent already
 * typed), saves changes after a short pause, flushes a pending save when the form unmounts
 * or the page is hidden (a closed tab keeps the last keystrokes), and clears on submit.
 * Storage failures never reach the agent: a draft is a convenience, not the record.
 */
export function useStepFormDraft(
  draft: StepFormDraft | undefined,
  onRestore: (values: Variables) => void,
): StepFormDraftControl {
  const [status, setStatus] = useState<StepFormDraftControl['status']>(draft ? 'loading' : 'none');
  const pending = useRef<Variables | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cleared = useRef(false);
  const edited = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;

  // Keyed by execution and step only: a host that builds a new storage object on every
  // render must not reload (or re-enable a cleared) draft each time.
  const hasDraft = draft !== undefined;
  const executionId = draft?.executionId;
  const stepId = draft?.stepId;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    const target = draftRef.current;
    pending.current = null;
    if (!values || !target || cleared.current) return;
    void Promise.resolve(
      saveDraft(target.storage, target.executionId, target.stepId, values),
    ).catch(() => undefined);
  }, []);

  useEffect(() => {
    const target = draftRef.current;
    if (!hasDraft || !target) return;
    let active = true;
    cleared.current = false;
    Promise.resolve(loadDraft(target.storage, target.executionId, target.stepId))
      .catch(() => null)
      .then((values) => {
        if (!active) return;
        // What the agent typed while the draft loaded wins over the older draft.
        if (values && !edited.current) {
          restoreRef.current(values);
          setStatus('restored');
        } else {
          setStatus('none');
        }
      });
    return () => {
      active = false;
    };
  }, [hasDraft, executionId, stepId]);

  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  const schedule = useCallback(
    (values: Variables) => {
      edited.current = true;
      if (!draftRef.current || cleared.current) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  const clear = useCallback(async () => {
    cleared.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    const target = draftRef.current;
    if (!target) return;
    try {
      await clearDraft(target.storage, target.executionId, target.stepId);
    } catch {
      // A draft that could not be removed is overwritten by the next step's typing anyway.
    }
  }, []);

  return { status, schedule, clear };
}
