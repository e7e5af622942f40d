import type { ApiClient } from '@/shared/api/client';
import { getCall, hangUpCall, markCallConnected } from '@/shared/api/call-tracking';
import type { CallSession, CallTabPlace, CallTabs } from '@/shared/calls/call-session';
import {
  ACTIVE_CALL_STORAGE_KEY,
  type ActiveCall,
  WAITING_CALL_STORAGE_KEY,
  type WaitingCall,
  waitingCallSchema,
} from '@/shared/contracts/active-call';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import {
  type ActiveCallState,
  persistActiveCall,
  readPersistedActiveCall,
} from '@/shared/domain/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import { type CallLine, type CallLineAction, callLineReducer } from '@/shared/domain/call-line';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import type { CallHandoverEntries, CallTabElection } from './tab-election';

/**
 * The tab's sessionStorage note of the call it ran the wizard of: a reload claims that call
 * back (a tab that only showed it does not, nor does a duplicated tab whose original holds it).
 */
export const CALL_TAB_HELD_KEY = 'intake-call-tab-held';
/** "Move it here" when the tab with the call never answered (issue #28). */
export const MOVE_NO_ANSWER_MESSAGE =
  'The tab with this call did not answer. Try again, or close that tab first.';
/**
 * A tab that took a call over (the tab running it closed) opens the call's screen after
 * this long, unless the call was reclaimed meanwhile (that tab was only reloading) or ended.
 */
export const TAKE_OVER_OPEN_AFTER_MS = 1_500;

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
  /**
   * issue #28: the election among the app's tabs (tab-election.ts), deciding which tab runs
   * the call's wizard. Absent: this tab is the only place (claim always grants).
   */
  election?: CallTabElection;
  /**
   * After "Move it here", or once this tab took the call over from a closed tab: open the
   * call's screen in this tab (fresh: start its intake anew, nothing was carried).
   */
  openMovedCall?: (call: ActiveCall, fresh: boolean) => void;
  /** The signed-in agent's id, sent when a taken waiting call is marked connected (spec 4). */
  agentId?: () => string | null;
  /**
   * Another tab's Hang up, forwarded here (issue #28): the call's flow that this tab runs
   * ends as on a hang-up, partial-complete, from its stored state (finishEndedCallFlow),
   * before the call is hung up at the provider.
   */
  finishFlow?: (call: ActiveCall) => Promise<void>;
  now?: () => Date;
  setTimer?: (run: () => void, ms: number) => void;
}

/**
 * The app's CallSession, plus what only the app does to it: take an incoming call from its
 * own socket (app/calls/incoming-calls.ts), and forget what it holds when the user changes.
 */
export interface AppCallSession extends CallSession {
  /**
   * Applies a reducer action (spec 4 Inbound: 'incoming'; issue #28 a second call waits)
   * and keeps the result.
   */
  apply(action: CallLineAction): void;
  /** The signed-in user (or workspace) changed: read the call kept for the new one. */
  scopeChanged(): void;
}

/**
 * The standalone app's active call (issue #13), when the extension does not hold it: the
 * call is this tab's alone, kept in sessionStorage under ACTIVE_CALL_STORAGE_KEY so a
 * reload finds it, and the wizard's state stays where the wizard already keeps it (the
 * same tab's sessionStorage, under the wizard's own keys). flowRevision never moves.
 *
 * Several tabs of the app each hear the call on their own socket and each keep it (the top
 * bar's pill, the call's card), but only one runs its wizard (issue #28): claim() asks the
 * tabs' election, `tabs` says where the wizard runs and moves it here.
 */
function snapshotOf(call: ActiveCallState, waiting: WaitingCall | null): CallSnapshot {
  return call || waiting ? { ...NO_CALL_SNAPSHOT, call, waiting } : NO_CALL_SNAPSHOT;
}

export function createAppCallSession(deps: AppCallSessionDeps): AppCallSession {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  let readFor: string | null = null;
  let state: ActiveCallState = null;
  let waiting: WaitingCall | null = null;
  /** Calls the agent left to ring out: not offered again while they still ring. */
  let left: readonly string[] = [];
  let snapshot: CallSnapshot = NO_CALL_SNAPSHOT;
  const election = deps.election;
  const tabListeners = new Set<() => void>();
  /** The call this tab is asking the election for (a claim, a move): not shown as here yet. */
  let deciding: string | null = null;
  let place: CallTabPlace = 'none';
  /** The call last kept, freed in the election once this tab keeps it no more. */
  let keptCallId: string | null = null;
  /** The call whose Hang up this tab forwarded to the tab running it: never taken over. */
  let forwarding: string | null = null;
  const setTimer = deps.setTimer ?? ((run, ms) => void setTimeout(run, ms));

  function computePlace(): CallTabPlace {
    if (!state) return 'none';
    if (!election) return 'here';
    if (deciding === state.callId) return 'deciding';
    return election.holds(state.callId) ? 'here' : 'elsewhere';
  }

  /**
   * A live call run elsewhere: this tab waits to take its wizard over if that tab goes.
   * Asked a moment later: a call just taken is claimed right after (never a stand-by then).
   */
  function standByLater(): void {
    queueMicrotask(() => {
      if (!election || !state || computePlace() !== 'elsewhere') return;
      if (isCallLive(state) && forwarding !== state.callId) election.standBy(state.callId);
    });
  }

  function placeChanged(): void {
    standByLater();
    const next = computePlace();
    if (next === place) return;
    place = next;
    for (const listener of [...tabListeners]) listener();
  }

  function keepNote(callId: string | null): void {
    try {
      if (callId) deps.store.setItem(CALL_TAB_HELD_KEY, callId);
      else deps.store.removeItem(CALL_TAB_HELD_KEY);
    } catch {
      // Refused storage: a reload asks like any other tab (the call shows as elsewhere).
    }
  }

  /** The call kept changed: the one before is freed for the other tabs. */
  function keptChanged(): void {
    const now = state?.callId ?? null;
    if (election && keptCallId && keptCallId !== now) election.release(keptCallId);
    keptCallId = now;
    placeChanged();
  }

  async function claimCall(callId: string): Promise<boolean> {
    if (!election) return true;
    deciding = callId;
    placeChanged();
    try {
      return await election.claim(callId);
    } finally {
      if (deciding === callId) deciding = null;
      placeChanged();
    }
  }

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
    waiting = readWaiting(userId);
    snapshot = snapshotOf(state, waiting);
    keptChanged();
    // A reload of the tab that ran the call's wizard takes it back (the browser freed it).
    if (election && state && !election.holds(state.callId) && heldNote() === state.callId) {
      void claimBack(state.callId);
    }
  }

  /**
   * The reload of the tab that ran the call's wizard: the lock, if free; else from the tab
   * that took the call over as this one went (it gives it back, with the wizard's state).
   */
  async function claimBack(callId: string): Promise<void> {
    if (await claimCall(callId)) return;
    if (!election || state?.callId !== callId || !isCallLive(state)) return;
    deciding = callId;
    placeChanged();
    let outcome: Awaited<ReturnType<CallTabElection['reclaim']>> = { kind: 'no-answer' };
    try {
      outcome = await election.reclaim(callId);
    } catch {
      outcome = { kind: 'no-answer' };
    } finally {
      if (deciding === callId) deciding = null;
    }
    if (outcome.kind === 'moved') restore(outcome.entries, state.userId);
    else if (outcome.kind === 'no-answer') {
      // Another tab runs it for good (a duplicated tab's original): this tab's copy of the
      // wizard would be a second one, and its note would only ask again.
      keepNote(null);
      try {
        deps.store.removeItem(callFlowStateKey(state.userId));
      } catch {
        // Refused storage: nothing kept to remove.
      }
    }
    const before = snapshot;
    read();
    if (snapshot !== before) emit();
    placeChanged();
  }

  /** Writes the wizard state another tab handed over, before this tab shows the call. */
  function restore(entries: CallHandoverEntries, userId: string): void {
    const flowKey = callFlowStateKey(userId);
    for (const key of [ACTIVE_CALL_STORAGE_KEY, flowKey]) {
      const value = entries[key];
      if (typeof value === 'string') deps.store.setItem(key, value);
    }
  }

  function readWaiting(userId: string | null): WaitingCall | null {
    try {
      const text = deps.store.getItem(WAITING_CALL_STORAGE_KEY);
      if (!text || !userId) return null;
      const parsed = waitingCallSchema.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.userId === userId ? parsed.data : null;
    } catch {
      return null; // refused storage or an unreadable entry: nothing waits
    }
  }

  function heldNote(): string | null {
    try {
      return deps.store.getItem(CALL_TAB_HELD_KEY);
    } catch {
      return null;
    }
  }

  election?.subscribe(() => {
    if (state && election.holds(state.callId)) keepNote(state.callId);
    else if (!deciding) keepNote(null);
    placeChanged();
  });
  // Another tab moves the call away: it takes this tab's wizard state along (the step drafts
  // stay in localStorage, which every tab shares), and this tab's wizard is put away.
  election?.onHandOver((callId, { keep }) => {
    const entries: CallHandoverEntries = {};
    if (state?.callId !== callId) return entries;
    const flowKey = callFlowStateKey(state.userId);
    for (const key of [ACTIVE_CALL_STORAGE_KEY, flowKey]) {
      const value = deps.store.getItem(key);
      if (value !== null) entries[key] = value;
    }
    // Leaving (keep): a reload still has it, and a closed tab's storage goes with the tab.
    if (!keep) deps.store.removeItem(flowKey);
    return entries;
  });
  // issue #28: the tab running the call's wizard closed (or navigated away) and this tab
  // got the call's lock: it runs the wizard now, at the step the leaving tab posted, and
  // opens the call's screen, unless that tab was only reloading and takes the call back.
  election?.onTakeOver((callId, entries) => {
    if (state?.callId !== callId || !isCallLive(state) || forwarding === callId) {
      election.release(callId); // over, or being hung up: nothing to take over
      return;
    }
    const fresh = !entries || entries[callFlowStateKey(state.userId)] === undefined;
    try {
      if (entries) restore(entries, state.userId);
    } catch {
      // Refused storage: the intake starts anew here.
    }
    const before = snapshot;
    read();
    if (snapshot !== before) emit();
    placeChanged();
    setTimer(() => {
      if (!state || state.callId !== callId || !election.holds(callId)) return;
      if (!isCallLive(state)) return;
      deps.openMovedCall?.(state, fresh);
    }, TAKE_OVER_OPEN_AFTER_MS);
  });
  // Another tab's Hang up (its confirm said yes there): this tab's flow ends partial-
  // complete, then the call is hung up at the provider and put away, once, here.
  election?.onForwardedHangUp(async (callId) => {
    const call = state;
    if (call?.callId !== callId) return false;
    if (isCallLive(call) && call.wizard) {
      await deps.finishFlow?.(call).catch(() => undefined);
    }
    await hangUp();
    apply({ type: 'reset' });
    return true;
  });
  read();

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  function writeLine(next: CallLine): void {
    left = next.left;
    if (next.waiting !== waiting) {
      waiting = next.waiting;
      try {
        if (waiting) deps.store.setItem(WAITING_CALL_STORAGE_KEY, JSON.stringify(waiting));
        else deps.store.removeItem(WAITING_CALL_STORAGE_KEY);
      } catch {
        // Refused storage: the waiting call holds for this page's life.
      }
      if (next.active === state) {
        snapshot = snapshotOf(state, waiting);
        emit();
        return;
      }
    }
    write(next.active);
  }

  function write(next: ActiveCallState): void {
    if (next === state) return;
    state = next;
    snapshot = snapshotOf(next, waiting);
    try {
      if (next) {
        deps.store.setItem(ACTIVE_CALL_STORAGE_KEY, JSON.stringify(persistActiveCall(next, now())));
      } else {
        deps.store.removeItem(ACTIVE_CALL_STORAGE_KEY);
      }
    } catch {
      // Full or refused storage: the call still holds for this page's life.
    }
    keptChanged();
    emit();
  }

  function apply(action: CallLineAction): void {
    if (readFor !== (deps.scope()?.userId ?? null)) read();
    writeLine(callLineReducer({ active: state, waiting, left }, action));
  }

  const flowStorage: KeyValueStorage = createWebStorage(deps.store);

  /**
   * Ends the held call as the agent's: through the tab that runs its wizard when that is
   * another tab, else at the provider from here. The held call it ended (or found ended).
   */
  async function endHeldCall(): Promise<{ callId: string; workspaceId: string } | null> {
    const call = state;
    if (!call) return null;
    const { callId, workspaceId } = call;
    if (call.endedAt === null && election && place === 'elsewhere') {
      // issue #28: another tab runs the call's wizard: it ends the flow and the call there.
      forwarding = callId;
      let done = false;
      try {
        done = await election.forwardHangUp(callId);
      } finally {
        forwarding = null;
      }
      if (done && state?.callId === callId && state.endedAt === null) {
        apply({ type: 'ended', callId, at: now().toISOString(), by: 'agent' });
      }
      // No tab answered (it froze or went): the call is still hung up, from here.
    }
    if (state?.callId === callId && state.endedAt === null) {
      let endedAt = now().toISOString();
      try {
        const ended = await hangUpCall(deps.api, workspaceId, callId);
        endedAt = ended.endedAt ?? endedAt;
      } catch {
        // The provider may have ended it already (the caller hung up): it is over here too.
      }
      apply({ type: 'ended', callId, at: endedAt, by: 'agent' });
    }
    return { callId, workspaceId };
  }

  async function hangUp(): Promise<void> {
    const ended = await endHeldCall();
    if (!ended) return;
    const { callId, workspaceId } = ended;
    try {
      // spec 3 Call from the call-tracking service: the sid and duration, once ended.
      const provider = await getCall(deps.api, workspaceId, callId);
      apply({ type: 'provider-call', call: provider });
    } catch {
      // Without them the summary reads "00:00" and "Call was not linked to CTM" (spec 7, 8).
    }
  }

  const tabs: CallTabs | undefined = election && {
    place: () => place,
    subscribe(listener) {
      tabListeners.add(listener);
      return () => void tabListeners.delete(listener);
    },
    async moveHere() {
      const call = state;
      if (!call) return null;
      deciding = call.callId;
      placeChanged();
      let outcome: Awaited<ReturnType<CallTabElection['moveHere']>>;
      try {
        outcome = await election.moveHere(call.callId);
        // Written before this tab shows the call as here: its wizard mounts on them.
        if (outcome.kind === 'moved') restore(outcome.entries, call.userId);
      } catch {
        outcome = { kind: 'no-answer' };
      } finally {
        if (deciding === call.callId) deciding = null;
      }
      if (outcome.kind === 'no-answer') {
        placeChanged();
        return MOVE_NO_ANSWER_MESSAGE;
      }
      const before = snapshot;
      read();
      if (snapshot !== before) emit();
      placeChanged();
      if (state) deps.openMovedCall?.(state, outcome.kind === 'taken');
      return null;
    },
  };

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
      clear: async () => apply({ type: 'reset' }),
    },
    apply,
    scopeChanged() {
      const before = snapshot;
      read();
      if (snapshot !== before) emit();
    },
    // issue #28: the first of the app's tabs to ask runs the call's wizard.
    claim: claimCall,
    tabs,
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
      // The tab that dialled runs the call's wizard.
      if (state?.callId === call.id) await claimCall(call.id);
    },
    wizardMoved(callId, executionId, stepId) {
      apply({ type: 'wizard-moved', callId, executionId, stepId });
    },
    hangUp,
    async reset() {
      apply({ type: 'reset' });
    },
    async takeWaiting() {
      const next = waiting;
      if (!next) return;
      const callId = next.call.callId;
      // The first call ends as any hang-up of the agent's (without waiting for its sid: the
      // caller waits); its flow was finished by the screen that asked (useTakeWaitingCall),
      // its answers kept as partial-complete.
      if (state && state.endedAt === null) await endHeldCall();
      apply({ type: 'take-waiting', callId, at: now().toISOString() });
      if (state?.callId !== callId) return;
      if (await claimCall(callId)) deps.openMovedCall?.(state, true);
      // spec 4: marked connected on the server with the agent, as an incoming call taken.
      try {
        await markCallConnected(deps.api, next.workspaceId, callId, deps.agentId?.() ?? null);
        apply({ type: 'connected-on-server', callId });
      } catch {
        // It ended meanwhile (409): the next reconciliation ends it here.
      }
    },
    leaveWaiting() {
      if (waiting) apply({ type: 'leave-waiting', callId: waiting.call.callId });
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
