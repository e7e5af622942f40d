import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  type CallFlowContext,
  type CallFlowEngine,
  createCallFlowEngine,
  initialCallFlowState,
} from '@/shared/call-flow/engine';
import type { CallFlowEffects } from '@/shared/call-flow/effects';
import { createFlowStateSync, type FlowStateSyncOptions } from '@/shared/call-flow/flow-state-sync';
import { useHost } from '@/app/host/host';
import { saveFlowState } from '@/shared/api/call-flow';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { readStoredCallFlowState } from '@/app/calls/call-flow-state-storage';

// spec: session 3 Session state "automated intake: wizardStep, callFlow" — the engine's state
// is kept in the host's session storage after every change, so a reload resumes at the same
// step; spec 4 Hang up 4 — a reset flow removes it. issue #28 "Unfinished intakes": it is
// also sent to the server (shared/call-flow/flow-state-sync.ts), so another computer, or
// this one after a sign-out, resumes it; the wizard that sends it is its holder.

/** Where a wizard keeps its holder id, beside its state (a tab's, the extension's). */
export const flowHolderKey = (stateKey: string) => `flow-holder|${stateKey}`;

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The id this wizard saves and resumes with (made once, kept in the state's storage so a
 * reload of the tab is the same holder). A storage that fails gives a fresh one each time:
 * the worst is a 409 that lets the flow go on this device, never a lost answer.
 */
export async function flowHolderOf(storage: KeyValueStorage, stateKey: string): Promise<string> {
  const key = flowHolderKey(stateKey);
  try {
    const known = await storage.get(key);
    if (known && known.length >= 8 && known.length <= 64) return known;
    const made = randomId();
    await storage.set(key, made);
    return made;
  } catch {
    return randomId();
  }
}

async function persist(storage: KeyValueStorage, key: string, state: CallFlowState) {
  try {
    if (state.status === 'idle') await storage.remove(key);
    else await storage.set(key, JSON.stringify(state));
  } catch (error) {
    // A full or blocked storage loses only the resume-after-reload, never the call.
    console.warn('Could not keep the call flow for a reload', error);
  }
}

/** Calls `recheck` when the agent comes back to this page (shown again, or focused). */
function recheckOnReturn(recheck: () => void): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
  const onVisibility = () => {
    if (document.visibilityState === 'visible') recheck();
  };
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', recheck);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The write of the server's copy of the flow's state (PUT …/flow-state), as `holder`. It
 * is not a mutation of the query layer: when to write, the last state winning, and what
 * a 409 means belong to flow-state-sync (its debounce, its take-over rule), which calls
 * this on its own schedule; no query shows the copy, so nothing is invalidated.
 */
function useFlowStateSave(): (holder: string) => FlowStateSyncOptions['save'] {
  const { api } = useHost();
  return useCallback(
    (holder: string) => (executionId: string, state: CallFlowState) =>
      saveFlowState(api, executionId, state, holder),
    [api],
  );
}

export interface UseCallFlowEngineOptions {
  effects: CallFlowEffects;
  context: CallFlowContext;
  /** Session storage (the app's sessionStorage; a widget's host gives its own). */
  stateStorage: KeyValueStorage;
  stateKey: string;
}

export type CallFlowEngineHandle =
  | { phase: 'restoring'; engine: null; state: CallFlowState }
  | { phase: 'ready'; engine: CallFlowEngine; state: CallFlowState };

const IDLE = initialCallFlowState();
const noEngine = { subscribe: () => () => {}, getState: () => IDLE };

/**
 * Holds one call-flow engine for a screen: created once the stored state is read (so a
 * reload resumes), every change written back to session storage, and the state read with
 * useSyncExternalStore over engine.subscribe. A new key (another user) builds a new engine.
 */
export function useCallFlowEngine(options: UseCallFlowEngineOptions): CallFlowEngineHandle {
  const { stateStorage, stateKey } = options;
  const [engine, setEngine] = useState<CallFlowEngine | null>(null);
  // The effects and context of the first render: an engine is not rebuilt on every render.
  const [setup] = useState(() => ({ effects: options.effects, context: options.context }));
  const saveAs = useFlowStateSave();
  // Bumped when the intake was resumed elsewhere: a new, idle engine over nothing stored.
  const [letGo, setLetGo] = useState(0);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    setEngine(null);
    void Promise.all([
      readStoredCallFlowState(stateStorage, stateKey),
      flowHolderOf(stateStorage, stateKey),
    ]).then(([stored, holder]) => {
      if (!active) return;
      const created = createCallFlowEngine({
        effects: setup.effects,
        context: setup.context,
        initialState: stored ?? undefined,
      });
      const sync = createFlowStateSync({
        // The effect only wires the engine to the sync; the sync's scheduler writes, later.
        save: saveAs(holder),
        // Another tab or computer resumed it (or it ended there): this wizard lets it go,
        // without ending anything, so two wizards never run one intake.
        onTakenOver: () => {
          if (!active) return;
          unsubscribe();
          void stateStorage.remove(stateKey).finally(() => {
            if (active) setLetGo((value) => value + 1);
          });
        },
      });
      const stopPersisting = created.subscribe((state) => {
        void persist(stateStorage, stateKey, state);
        sync.push(state);
      });
      const stopRechecking = recheckOnReturn(() => sync.recheck());
      unsubscribe = () => {
        stopPersisting();
        stopRechecking();
        sync.dispose();
      };
      sync.push(created.getState());
      setEngine(created);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [stateStorage, stateKey, setup, saveAs, letGo]);

  const source = engine ?? noEngine;
  const state = useSyncExternalStore(source.subscribe, source.getState);
  return engine ? { phase: 'ready', engine, state } : { phase: 'restoring', engine: null, state };
}
