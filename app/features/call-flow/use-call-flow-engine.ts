import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  type CallFlowContext,
  type CallFlowEngine,
  createCallFlowEngine,
  initialCallFlowState,
} from '@/shared/call-flow/engine';
import type { CallFlowEffects } from '@/shared/call-flow/effects';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { readStoredCallFlowState } from './call-flow-state-storage';

// spec: session 3 Session state "automated intake: wizardStep, callFlow" — the engine's state
// is kept in the host's session storage after every change, so a reload resumes at the same
// step; spec 4 Hang up 4 — a reset flow removes it.

async function persist(storage: KeyValueStorage, key: string, state: CallFlowState) {
  try {
    if (state.status === 'idle') await storage.remove(key);
    else await storage.set(key, JSON.stringify(state));
  } catch (error) {
    // A full or blocked storage loses only the resume-after-reload, never the call.
    console.warn('Could not keep the call flow for a reload', error);
  }
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

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    setEngine(null);
    void readStoredCallFlowState(stateStorage, stateKey).then((stored) => {
      if (!active) return;
      const created = createCallFlowEngine({
        effects: setup.effects,
        context: setup.context,
        initialState: stored ?? undefined,
      });
      unsubscribe = created.subscribe((state) => void persist(stateStorage, stateKey, state));
      setEngine(created);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [stateStorage, stateKey, setup]);

  const source = engine ?? noEngine;
  const state = useSyncExternalStore(source.subscribe, source.getState);
  return engine ? { phase: 'ready', engine, state } : { phase: 'restoring', engine: null, state };
}
