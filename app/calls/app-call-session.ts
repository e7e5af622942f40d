import type { ApiClient } from '@/shared/api/client';
import { getCall, hangUpCall } from '@/shared/api/call-tracking';
import type { CallSession } from '@/shared/calls/call-session';
import { ACTIVE_CALL_STORAGE_KEY } from '@/shared/contracts/active-call';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import {
  type ActiveCallAction,
  activeCallReducer,
  type ActiveCallState,
  persistActiveCall,
  readPersistedActiveCall,
} from '@/shared/domain/active-call';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';

/** Who the app's call belongs to: the signed-in user in their workspace. */
export interface CallScope {
  userId: string;
  workspaceId: string;
}

export interface AppCallSessionDeps {
  api: ApiClient;
  /** The tab's sessionStorage (spec: session 3 Session state "automated intake: activeCall"). */
  store: Storage;
  /** The signed-in user and workspace now; null while signed out (or a system user). */
  scope: () => CallScope | null;
  /**
   * Nobody on this page answered the top bar's hang-up: open the page whose wizard will
   * (the app navigates to the automated intake).
   */
  openWizard?: () => void;
  now?: () => Date;
}

/**
 * The app's CallSession, plus what only the app does to it: take an incoming call from its
 * own socket (app/calls/incoming-calls.ts), and forget what it holds when the user changes.
 */
export interface AppCallSession extends CallSession {
  /** Applies a reducer action (spec 4 Inbound: 'incoming') and keeps the result. */
  apply(action: ActiveCallAction): void;
  /** The signed-in user (or workspace) changed: read the call kept for the new one. */
  scopeChanged(): void;
}

/**
 * The standalone app's active call (issue #13), when the extension does not hold it: the
 * call is this tab's alone, kept in sessionStorage under ACTIVE_CALL_STORAGE_KEY so a
 * reload finds it, and the wizard's state stays where the wizard already keeps it (the
 * same tab's sessionStorage, under the wizard's own keys). There is no other client to
 * share it with: claim() always grants, flowRevision never moves.
 */
export function createAppCallSession(deps: AppCallSessionDeps): AppCallSession {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  let readFor: string | null = null;
  let state: ActiveCallState = null;
  let snapshot: CallSnapshot = NO_CALL_SNAPSHOT;

  function read(): void {
    const userId = deps.scope()?.userId ?? null;
    readFor = userId;
    let stored: string | null = null;
    try {
      stored = deps.store.getItem(ACTIVE_CALL_STORAGE_KEY);
    } catch {
      stored = null; // storage refused (privacy mode): no call kept
    }
    state = readPersistedActiveCall(stored, userId);
    snapshot = state ? { ...NO_CALL_SNAPSHOT, call: state } : NO_CALL_SNAPSHOT;
  }
  read();

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  function write(next: ActiveCallState): void {
    if (next === state) return;
    state = next;
    snapshot = next ? { ...NO_CALL_SNAPSHOT, call: next } : NO_CALL_SNAPSHOT;
    try {
      if (next) {
        deps.store.setItem(ACTIVE_CALL_STORAGE_KEY, JSON.stringify(persistActiveCall(next, now())));
      } else {
        deps.store.removeItem(ACTIVE_CALL_STORAGE_KEY);
      }
    } catch {
      // Full or refused storage: the call still holds for this page's life.
    }
    emit();
  }

  function apply(action: ActiveCallAction): void {
    if (readFor !== (deps.scope()?.userId ?? null)) read();
    write(activeCallReducer(state, action));
  }

  const flowStorage: KeyValueStorage = createWebStorage(deps.store);

  return {
    get() {
      // Another user signed in since the call was read: theirs (or none), never the last one's.
      if (readFor !== (deps.scope()?.userId ?? null)) read();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flowStorage: {
      ...flowStorage,
      // Never the whole tab's sessionStorage: the wizard's keys go with reset.
      clear: async () => write(activeCallReducer(state, { type: 'reset' })),
    },
    apply,
    scopeChanged() {
      const before = snapshot;
      read();
      if (snapshot !== before) emit();
    },
    // The app's own calls: this tab is the only place they show.
    claim: async () => true,
    async outbound(call, leadName) {
      const scope = deps.scope();
      if (!scope) return;
      apply({
        type: 'outbound',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call,
        leadName,
      });
    },
    wizardMoved(callId, executionId, stepId) {
      apply({ type: 'wizard-moved', callId, executionId, stepId });
    },
    async hangUp() {
      const call = state;
      if (!call) return;
      const { callId, workspaceId } = call;
      if (call.endedAt === null) {
        let endedAt = now().toISOString();
        try {
          const ended = await hangUpCall(deps.api, workspaceId, callId);
          endedAt = ended.endedAt ?? endedAt;
        } catch {
          // The provider may have ended it already (the caller hung up): it is over here too.
        }
        apply({ type: 'ended', callId, at: endedAt, by: 'agent' });
      }
      try {
        // spec 3 Call from the call-tracking service: the sid and duration, once ended.
        const provider = await getCall(deps.api, workspaceId, callId);
        apply({ type: 'provider-call', call: provider });
      } catch {
        // Without them the summary reads "00:00" and "Call was not linked to CTM" (spec 7, 8).
      }
    },
    async reset() {
      write(activeCallReducer(state, { type: 'reset' }));
    },
    requestHangUp() {
      // The newest listener first: the wizard mounted last is the one on screen.
      for (const listener of [...hangUpListeners].reverse()) if (listener()) return;
      deps.openWizard?.();
    },
    onHangUpRequest(listener) {
      hangUpListeners.push(listener);
      return () => {
        const index = hangUpListeners.indexOf(listener);
        if (index >= 0) hangUpListeners.splice(index, 1);
      };
    },
  };
}
