import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHost } from '@/app/host/host';
import { holdUntilSaved } from '@/app/query/pending-saves';
import { saveProcessDraft } from '@/shared/api/call-flow-designer';
import {
  readDesignerModel,
  toDefinition,
  type DesignerModel,
} from '@/shared/call-flow/designer-model';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import type { DefinitionProblem } from '@/shared/contracts/call-flow';
import type { ProcessDraft } from '@/shared/contracts/call-flow-api';

// The draft an owner edits (issue #34 "Versions": edits make a draft; two people editing
// the same draft are told, and nothing either typed is silently lost). Every change is kept
// in the editor at once and saved a moment after the last one, naming the revision it
// replaces; a save refused because someone else saved first keeps what this owner typed
// and shows theirs beside it, for the owner to keep one or the other. The problems that
// stand in the way of publishing are the engine's own checks, run on every change.

/** How long after the last change the draft is saved. */
export const DRAFT_AUTOSAVE_MS = 1200;
/**
 * How long after a failed save it is tried again by itself (the server restarting, the
 * network gone a moment): what was typed stays in the editor meanwhile, and Save now tries
 * at once.
 */
export const DRAFT_RETRY_MS = 5000;

export type DraftSaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

export interface DesignerDraft {
  model: DesignerModel;
  /** Applies a designer-model operation; the draft is saved shortly after. */
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
  status: DraftSaveStatus;
  /** Why the last save failed (status failed). */
  failure: string | null;
  /** The other editor's draft (status conflict); null when it was published or discarded. */
  theirs: ProcessDraft | null;
  problems: DefinitionProblem[];
  /** The revision the next save names (0: no draft yet). */
  revision: number;
  /** Saves now (publishing first saves what is on screen); answers the saved revision. */
  saveNow: () => Promise<number | null>;
  /** After a conflict: this editor's version is saved over theirs. */
  keepMine: () => Promise<void>;
  /** After a conflict: theirs is taken; what this editor typed since is dropped. */
  takeTheirs: () => void;
}

export function useDesignerDraft(input: {
  workspaceId: string;
  uid: string;
  model: DesignerModel;
  revision: number;
}): DesignerDraft {
  const { api } = useHost();
  const { workspaceId, uid } = input;
  const [model, setModel] = useState(input.model);
  const [status, setStatus] = useState<DraftSaveStatus>('saved');
  const [failure, setFailure] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<ProcessDraft | null>(null);
  const revision = useRef(input.revision);
  const latest = useRef(model);
  /** The model as last saved (what the server holds, as far as this editor knows). */
  const saved = useRef<DesignerModel | null>(model);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<number | null> | null>(null);
  const conflicted = useRef(false);

  const save = useCallback(async (): Promise<number | null> => {
    if (saving.current) await saving.current;
    if (conflicted.current) return null;
    const sending = latest.current;
    if (sending === saved.current) return revision.current;
    const run = (async () => {
      setStatus('saving');
      try {
        const outcome = await saveProcessDraft(
          api,
          workspaceId,
          uid,
          toDefinition(sending),
          revision.current,
        );
        if (!outcome.saved) {
          conflicted.current = true;
          setTheirs(outcome.theirs);
          setStatus('conflict');
          return null;
        }
        revision.current = outcome.draft.revision;
        saved.current = sending;
        setFailure(null);
        setStatus(latest.current === sending ? 'saved' : 'unsaved');
        return revision.current;
      } catch (error) {
        setFailure(error instanceof Error ? error.message : 'The draft could not be saved.');
        setStatus('failed');
        return null;
      }
    })();
    saving.current = run;
    try {
      return await run;
    } finally {
      saving.current = null;
    }
  }, [api, workspaceId, uid]);

  const schedule = useCallback(
    (delay = DRAFT_AUTOSAVE_MS) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save().then((savedRevision) => {
          if (conflicted.current || latest.current === saved.current) return;
          // Changes made while it was saving go next; a save that failed, a while later.
          schedule(savedRevision === null ? DRAFT_RETRY_MS : DRAFT_AUTOSAVE_MS);
        });
      }, delay);
    },
    [save],
  );

  const change = useCallback(
    (operation: (model: DesignerModel) => DesignerModel) => {
      const next = operation(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      setModel(next);
      if (conflicted.current) return;
      setStatus('unsaved');
      schedule();
    },
    [schedule],
  );

  const saveNow = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const savedRevision = await save();
    // Failed again: still tried by itself a while later.
    if (savedRevision === null && !conflicted.current && latest.current !== saved.current) {
      schedule(DRAFT_RETRY_MS);
    }
    return savedRevision;
  }, [save, schedule]);

  const keepMine = useCallback(async () => {
    conflicted.current = false;
    setTheirs(null);
    // Saved over what is there now: their revision, or a new draft when theirs went.
    revision.current = theirs?.revision ?? 0;
    saved.current = null;
    await save();
  }, [save, theirs]);

  const takeTheirs = useCallback(() => {
    if (!theirs) return;
    const read = readDesignerModel(theirs.definition);
    if (!read.ok) {
      setFailure(`Their draft cannot be opened here: ${read.message}`);
      return;
    }
    const next = read.model;
    conflicted.current = false;
    revision.current = theirs.revision;
    latest.current = next;
    saved.current = next;
    setModel(next);
    setTheirs(null);
    setStatus('saved');
  }, [theirs]);

  // Nothing typed is lost when the page goes: the browser asks while a change is unsaved.
  useEffect(() => {
    if (status === 'saved') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [status]);
  // Logging out before the autosave came: the logout sends the waiting change first.
  useEffect(() => holdUntilSaved(saveNow), [saveNow]);
  // Leaving the editor inside the app (All processes, another menu entry) before the
  // autosave came: the waiting change is sent now, not dropped with the timer.
  useEffect(
    () => () => {
      if (!timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      void save();
    },
    [save],
  );

  const problems = useMemo(() => {
    const checked = validateProcessDefinition(toDefinition(model));
    return checked.ok ? [] : checked.problems;
  }, [model]);

  return {
    model,
    change,
    status,
    failure,
    theirs,
    problems,
    revision: revision.current,
    saveNow,
    keepMine,
    takeTheirs,
  };
}
