import type { Variables } from '../contracts/call-flow';
import { type DraftStorage, parseDraftKey } from './drafts';
import type { Scheduler } from './effects';
import { systemScheduler } from './effects';

// Issue #28 "Typed answers are never lost": a step's draft is kept twice. The device's
// copy (localStorage, the extension's storage) is written at once and read first: it is
// the fastest and works offline. The server's copy, tied to the execution, is written a
// moment after the agent stops typing (the last value wins) and read when the device has
// none: after a sign-out (which clears the device's copies, for shared computers), a
// crash that lost them, or on another computer. The server deletes its copy itself when
// the step is submitted or the execution ends (server/call-center/execution-continuity.ts).

/** The server's side of the drafts (shared/api/call-flow.ts over the host's API client). */
export interface DraftServer {
  save(executionId: string, stepId: string, values: Variables): Promise<void>;
  load(executionId: string, stepId: string): Promise<Variables | null>;
  remove(executionId: string, stepId: string): Promise<void>;
}

/** How long the agent pauses before the server's copy is written. */
export const SERVER_DRAFT_DELAY_MS = 1000;

/** Whether the server holds the agent's latest typing (a host may show a quiet hint). */
export type ServerDraftStatus = 'saved' | 'failed';

/** Tells when the page goes away or is hidden; answers how to stop listening. */
export type PageHideSource = (onHide: () => void) => () => void;

export interface SyncedDraftStorageOptions {
  device: DraftStorage;
  server: DraftServer;
  delayMs?: number;
  scheduler?: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;
  /** Default: the window's pagehide and the document turning hidden (none outside a page). */
  pageHide?: PageHideSource;
  /** Each server save's outcome; failures never throw to the typing agent. */
  onServerStatus?: (status: ServerDraftStatus, error?: unknown) => void;
}

/** pagehide and visibilitychange → hidden, where there is a page. */
export const browserPageHide: PageHideSource = (onHide) => {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide();
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
};

interface KeyState {
  executionId: string;
  stepId: string;
  /** The JSON text still to send (the last set, or a send that failed). */
  pending: string | null;
  timer: unknown;
  /** The send under way: sends of one key never overlap, so the last value lands last. */
  sending: Promise<void>;
  /** The server may hold a copy (this storage saved or read one): remove deletes it. */
  onServer: boolean;
}

function parseValues(text: string): Variables | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Variables)
      : null;
  } catch {
    return null;
  }
}

/**
 * A DraftStorage that keeps the device's copy and the server's. Keys that are not a
 * draftKey (shared/call-flow/drafts.ts) stay on the device only.
 */
export function createSyncedDraftStorage(options: SyncedDraftStorageOptions): DraftStorage {
  const { device, server } = options;
  const delayMs = options.delayMs ?? SERVER_DRAFT_DELAY_MS;
  const scheduler = options.scheduler ?? systemScheduler;
  const pageHide = options.pageHide ?? browserPageHide;
  const report = options.onServerStatus ?? (() => {});
  const keys = new Map<string, KeyState>();
  let stopListening: (() => void) | null = null;

  function stateOf(key: string): KeyState | null {
    const known = keys.get(key);
    if (known) return known;
    const parsed = parseDraftKey(key);
    if (!parsed) return null;
    const created: KeyState = {
      ...parsed,
      pending: null,
      timer: null,
      sending: Promise.resolve(),
      onServer: false,
    };
    keys.set(key, created);
    return created;
  }

  // Listens for the page going away only while a write waits (no listener per instance).
  function listenWhileWaiting(): void {
    const waiting = [...keys.values()].some((s) => s.timer !== null);
    if (waiting && !stopListening) stopListening = pageHide(() => void flush());
    else if (!waiting && stopListening) {
      stopListening();
      stopListening = null;
    }
  }

  function send(state: KeyState): Promise<void> {
    if (state.timer !== null) scheduler.clearTimeout(state.timer);
    state.timer = null;
    listenWhileWaiting();
    state.sending = state.sending.then(async () => {
      const text = state.pending;
      state.pending = null;
      if (text === null) return;
      const values = parseValues(text);
      if (!values) return;
      try {
        await server.save(state.executionId, state.stepId, values);
        state.onServer = true;
        report('saved');
      } catch (error) {
        // The device's copy stays; the next keystroke or flush sends the latest again.
        state.pending ??= text;
        report('failed', error);
      }
    });
    return state.sending;
  }

  async function flush(): Promise<void> {
    await Promise.all([...keys.values()].filter((s) => s.pending !== null).map(send));
  }

  return {
    async get(key) {
      const local = await device.get(key);
      if (typeof local === 'string') return local;
      const state = stateOf(key);
      if (!state) return null;
      if (state.pending !== null) return state.pending;
      let values: Variables | null;
      try {
        values = await server.load(state.executionId, state.stepId);
      } catch {
        return null; // unreachable server: as if there were no draft
      }
      if (!values) return null;
      state.onServer = true;
      const text = JSON.stringify(values);
      // The device keeps it from now on (a reload reads it without the server).
      await Promise.resolve(device.set(key, text)).catch(() => undefined);
      return text;
    },

    async set(key, value) {
      const state = stateOf(key);
      if (state) {
        state.pending = value;
        if (state.timer !== null) scheduler.clearTimeout(state.timer);
        state.timer = scheduler.setTimeout(() => void send(state), delayMs);
        listenWhileWaiting();
      }
      await device.set(key, value);
    },

    async remove(key) {
      const state = stateOf(key);
      const hadLocal = state ? await Promise.resolve(device.get(key)).catch(() => null) : null;
      await device.remove(key);
      if (!state) return;
      if (state.timer !== null) scheduler.clearTimeout(state.timer);
      state.timer = null;
      state.pending = null;
      listenWhileWaiting();
      // A save under way must not land after the delete and bring the draft back.
      await state.sending;
      keys.delete(key);
      if (state.onServer || typeof hadLocal === 'string') {
        await server.remove(state.executionId, state.stepId);
      }
    },

    flush,
  };
}
