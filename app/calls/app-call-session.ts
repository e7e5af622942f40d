import type { ApiClient } from '@/shared/api/client';
import { getCall, hangUpCall, markCallConnected } from '@/shared/api/call-tracking';
import type { CallSession, CallTabPlace, CallTabs } from '@/shared/calls/call-session';
import type { ActiveCall, WaitingCall } from '@/shared/contracts/active-call';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import type { ActiveCallState } from '@/shared/domain/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import { type CallLine, type CallLineAction, callLineReducer } from '@/shared/domain/call-line';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import {
  forgetFlowState,
  handOverEntries,
  keepHeldNote,
  readHeldNote,
  readStoredCall,
  readWaitingCall,
  restoreHandover,
  storeActiveCall,
  storeWaitingCall,
} from './app-call-storage';
import type { CallTabElection } from './tab-election';

export { CALL_TAB_HELD_KEY } from './app-call-storage';
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
  const hangUpListeners: Array<() => boolean> = [];
  const kept: KeptCall = createKeptCall(deps, now, {
    keptChanged: () => tab.keptChanged(),
    read: () => tab.claimBackIfReloaded(),
  });
  const tab: TabPlace = createTabPlace(deps, kept);
  if (deps.election) answerElection(deps.election, deps, kept, tab, hangUp);
  kept.read();
  const { apply } = kept;

  const flowStorage: KeyValueStorage = createWebStorage(deps.store);

  /**
   * Ends the held call as the agent's: through the tab that runs its wizard when that is
   * another tab, else at the provider from here. The held call it ended (or found ended).
   */
  async function endHeldCall(): Promise<{ callId: string; workspaceId: string } | null> {
    const call = kept.call();
    if (!call) return null;
    const { callId, workspaceId } = call;
    if (call.endedAt === null && tab.place() === 'elsewhere') {
      // issue #28: another tab runs the call's wizard: it ends the flow and the call there.
      const done = await tab.forwardHangUp(callId);
      const state = kept.call();
      if (done && state?.callId === callId && state.endedAt === null) {
        apply({ type: 'ended', callId, at: now().toISOString(), by: 'agent' });
      }
      // No tab answered (it froze or went): the call is still hung up, from here.
    }
    const state = kept.call();
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

  return {
    get() {
      // Another user signed in since the call was read: theirs (or none), never the last one's.
      kept.readIfScopeChanged();
      return kept.snapshot();
    },
    subscribe: kept.subscribe,
    flowStorage: {
      ...flowStorage,
      // Never the whole tab's sessionStorage: the wizard's keys go with reset.
      clear: async () => apply({ type: 'reset' }),
    },
    apply,
    scopeChanged: kept.reread,
    // issue #28: the first of the app's tabs to ask runs the call's wizard.
    claim: tab.claim,
    tabs: tab.tabs,
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
      if (kept.call()?.callId === call.id) await tab.claim(call.id);
    },
    wizardMoved(callId, executionId, stepId) {
      apply({ type: 'wizard-moved', callId, executionId, stepId });
    },
    hangUp,
    async reset() {
      apply({ type: 'reset' });
    },
    async takeWaiting() {
      const next = kept.waiting();
      if (!next) return;
      const callId = next.call.callId;
      // The first call ends as any hang-up of the agent's (without waiting for its sid: the
      // caller waits); its flow was finished by the screen that asked (useTakeWaitingCall),
      // its answers kept as partial-complete.
      const held = kept.call();
      if (held && held.endedAt === null) await endHeldCall();
      apply({ type: 'take-waiting', callId, at: now().toISOString() });
      const taken = kept.call();
      if (taken?.callId !== callId) return;
      if (await tab.claim(callId)) deps.openMovedCall?.(kept.call() ?? taken, true);
      // spec 4: marked connected on the server with the agent, as an incoming call taken.
      try {
        await markCallConnected(deps.api, next.workspaceId, callId, deps.agentId?.() ?? null);
        apply({ type: 'connected-on-server', callId });
      } catch {
        // It ended meanwhile (409): the next reconciliation ends it here.
      }
    },
    leaveWaiting() {
      const waiting = kept.waiting();
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

/** The call this tab keeps in its sessionStorage (and the one waiting), and who listens. */
interface KeptCall {
  call(): ActiveCallState;
  waiting(): WaitingCall | null;
  snapshot(): CallSnapshot;
  /** Reads the call kept for the signed-in user. */
  read(): void;
  /** Reads again, telling the listeners if that changed the snapshot. */
  reread(): void;
  /** Reads again if another user signed in since the call was read. */
  readIfScopeChanged(): void;
  /** Applies a reducer action to the line and keeps the result. */
  apply(action: CallLineAction): void;
  subscribe(listener: () => void): () => void;
}

function createKeptCall(
  deps: AppCallSessionDeps,
  now: () => Date,
  after: { keptChanged(): void; read(): void },
): KeptCall {
  const listeners = new Set<() => void>();
  let readFor: string | null = null;
  let state: ActiveCallState = null;
  let waiting: WaitingCall | null = null;
  /** Calls the agent left to ring out: not offered again while they still ring. */
  let left: readonly string[] = [];
  let snapshot: CallSnapshot = NO_CALL_SNAPSHOT;

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  function read(): void {
    const userId = deps.scope()?.userId ?? null;
    readFor = userId;
    state = readStoredCall(deps.store, userId);
    waiting = readWaitingCall(deps.store, userId);
    snapshot = snapshotOf(state, waiting);
    after.keptChanged();
    after.read();
  }

  function readIfScopeChanged(): void {
    if (readFor !== (deps.scope()?.userId ?? null)) read();
  }

  function writeLine(next: CallLine): void {
    left = next.left;
    if (next.waiting !== waiting) {
      waiting = next.waiting;
      storeWaitingCall(deps.store, waiting);
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
    storeActiveCall(deps.store, next, now());
    after.keptChanged();
    emit();
  }

  return {
    call: () => state,
    waiting: () => waiting,
    snapshot: () => snapshot,
    read,
    reread() {
      const before = snapshot;
      read();
      if (snapshot !== before) emit();
    },
    readIfScopeChanged,
    apply(action) {
      readIfScopeChanged();
      writeLine(callLineReducer({ active: state, waiting, left }, action));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Where the kept call's wizard runs among the app's tabs (issue #28), and moving it here. */
interface TabPlace {
  place(): CallTabPlace;
  tabs: CallTabs | undefined;
  /** Asks the election to run the call's wizard here; granted when there is none. */
  claim(callId: string): Promise<boolean>;
  /** Tells the tab's listeners when the place changed. */
  placeChanged(): void;
  /** The call kept changed: the one before is freed for the other tabs. */
  keptChanged(): void;
  /** A reload of the tab that ran the call's wizard takes it back (the browser freed it). */
  claimBackIfReloaded(): void;
  /** The call this tab is asking the election for (a claim, a move), if any. */
  deciding(): string | null;
  /** Whether this tab forwarded the call's Hang up to the tab running it. */
  forwarding(callId: string): boolean;
  /** Forwards the call's Hang up to the tab running it: whether that tab ended it. */
  forwardHangUp(callId: string): Promise<boolean>;
}

function createTabPlace(deps: AppCallSessionDeps, kept: KeptCall): TabPlace {
  const election = deps.election;
  const tabListeners = new Set<() => void>();
  /** The call this tab is asking the election for (a claim, a move): not shown as here yet. */
  let deciding: string | null = null;
  let place: CallTabPlace = 'none';
  /** The call last kept, freed in the election once this tab keeps it no more. */
  let keptCallId: string | null = null;
  /** The call whose Hang up this tab forwarded to the tab running it: never taken over. */
  let forwarding: string | null = null;

  function computePlace(): CallTabPlace {
    const state = kept.call();
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
      const state = kept.call();
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

  /**
   * The reload of the tab that ran the call's wizard: the lock, if free; else from the tab
   * that took the call over as this one went (it gives it back, with the wizard's state).
   */
  async function claimBack(callId: string): Promise<void> {
    if (await claimCall(callId)) return;
    const state = kept.call();
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
    const userId = (kept.call() ?? state).userId;
    if (outcome.kind === 'moved') restoreHandover(deps.store, outcome.entries, userId);
    else if (outcome.kind === 'no-answer') {
      // Another tab runs it for good (a duplicated tab's original): this tab's copy of the
      // wizard would be a second one, and its note would only ask again.
      keepHeldNote(deps.store, null);
      forgetFlowState(deps.store, userId);
    }
    kept.reread();
    placeChanged();
  }

  /** Moves the call's wizard here from the tab running it ("Move it here"). */
  async function moveHere(): Promise<string | null> {
    const call = kept.call();
    if (!call || !election) return null;
    deciding = call.callId;
    placeChanged();
    let outcome: Awaited<ReturnType<CallTabElection['moveHere']>>;
    try {
      outcome = await election.moveHere(call.callId);
      // Written before this tab shows the call as here: its wizard mounts on them.
      if (outcome.kind === 'moved') restoreHandover(deps.store, outcome.entries, call.userId);
    } catch {
      outcome = { kind: 'no-answer' };
    } finally {
      if (deciding === call.callId) deciding = null;
    }
    if (outcome.kind === 'no-answer') {
      placeChanged();
      return MOVE_NO_ANSWER_MESSAGE;
    }
    kept.reread();
    placeChanged();
    const state = kept.call();
    if (state) deps.openMovedCall?.(state, outcome.kind === 'taken');
    return null;
  }

  return {
    place: () => place,
    tabs: election && {
      place: () => place,
      subscribe(listener) {
        tabListeners.add(listener);
        return () => void tabListeners.delete(listener);
      },
      moveHere,
    },
    claim: claimCall,
    placeChanged,
    keptChanged() {
      const now = kept.call()?.callId ?? null;
      if (election && keptCallId && keptCallId !== now) election.release(keptCallId);
      keptCallId = now;
      placeChanged();
    },
    claimBackIfReloaded() {
      const state = kept.call();
      if (election && state && !election.holds(state.callId)) {
        if (readHeldNote(deps.store) === state.callId) void claimBack(state.callId);
      }
    },
    deciding: () => deciding,
    forwarding: (callId) => forwarding === callId,
    async forwardHangUp(callId) {
      if (!election) return false;
      forwarding = callId;
      try {
        return await election.forwardHangUp(callId);
      } finally {
        forwarding = null;
      }
    },
  };
}

/** This tab's answers to the other tabs, through the election (issue #28). */
function answerElection(
  election: CallTabElection,
  deps: AppCallSessionDeps,
  kept: KeptCall,
  tab: TabPlace,
  hangUp: () => Promise<void>,
): void {
  const setTimer = deps.setTimer ?? ((run, ms) => void setTimeout(run, ms));
  election.subscribe(() => {
    const state = kept.call();
    if (state && election.holds(state.callId)) keepHeldNote(deps.store, state.callId);
    else if (!tab.deciding()) keepHeldNote(deps.store, null);
    tab.placeChanged();
  });
  // Another tab moves the call away: it takes this tab's wizard state along (the step drafts
  // stay in localStorage, which every tab shares), and this tab's wizard is put away.
  election.onHandOver((callId, { keep }) => {
    const state = kept.call();
    if (state?.callId !== callId) return {};
    return handOverEntries(deps.store, state.userId, keep);
  });
  // issue #28: the tab running the call's wizard closed (or navigated away) and this tab
  // got the call's lock: it runs the wizard now, at the step the leaving tab posted, and
  // opens the call's screen, unless that tab was only reloading and takes the call back.
  election.onTakeOver((callId, entries) => {
    const state = kept.call();
    if (state?.callId !== callId || !isCallLive(state) || tab.forwarding(callId)) {
      election.release(callId); // over, or being hung up: nothing to take over
      return;
    }
    const fresh = !entries || entries[callFlowStateKey(state.userId)] === undefined;
    try {
      if (entries) restoreHandover(deps.store, entries, state.userId);
    } catch {
      // Refused storage: the intake starts anew here.
    }
    kept.reread();
    tab.placeChanged();
    setTimer(() => {
      const now = kept.call();
      if (!now || now.callId !== callId || !election.holds(callId)) return;
      if (!isCallLive(now)) return;
      deps.openMovedCall?.(now, fresh);
    }, TAKE_OVER_OPEN_AFTER_MS);
  });
  // Another tab's Hang up (its confirm said yes there): this tab's flow ends partial-
  // complete, then the call is hung up at the provider and put away, once, here.
  election.onForwardedHangUp(async (callId) => {
    const call = kept.call();
    if (call?.callId !== callId) return false;
    if (isCallLive(call) && call.wizard) {
      await deps.finishFlow?.(call).catch(() => undefined);
    }
    await hangUp();
    kept.apply({ type: 'reset' });
    return true;
  });
}
