import type { ActiveCall, WaitingCall } from '@/shared/contracts/active-call';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import { type ActiveCallAction, activeCallReducer, type ActiveCallState } from './active-call';
import { isCallLive } from './call-clock';
import { incomingEventOf } from './call-reconcile';

// The agent's line (issue #28 "A call that cannot be shown is never silently dropped"): the
// active call (shared/domain/active-call.ts) plus a second call ringing while the first is
// live. Until now a second call was ignored ("call in progress") and lost without a trace;
// it now waits beside the first, and the agent takes it (the first call ends, its answers
// kept as partial) or leaves it (it rings out, and the server records it as a missed call).
//
// The whole life of a call, as this reducer and the active call's see it:
//   ringing (incoming event) → live (taken: the wizard runs, PUT connected)
//   live → ended by the agent (Hang up) | by the caller (callEnded) | by the system (lost)
//   a second ringing call while live → waiting → taken (the first ends by the agent)
//                                               → left, or stopped ringing → missed (server)
// A walk-in (an intake started by hand) is no call at all: see flowCallRelation below.

export interface CallLine {
  active: ActiveCallState;
  waiting: WaitingCall | null;
  /**
   * Calls the agent left while they waited (newest last, at most MAX_LEFT_CALLS): a
   * reconciliation that still sees one ringing does not offer it again.
   */
  left: readonly string[];
}

export const EMPTY_CALL_LINE: CallLine = { active: null, waiting: null, left: [] };
export const MAX_LEFT_CALLS = 20;

export type CallLineAction =
  | ActiveCallAction
  /** The agent takes the waiting call: a live active call ends (by the agent) first. */
  | { type: 'take-waiting'; callId: string; at: string }
  /** The agent leaves the waiting call to ring out (it becomes a missed call). */
  | { type: 'leave-waiting'; callId: string }
  /** The server no longer lists the waiting call as live (reconciliation). */
  | { type: 'waiting-gone'; callId: string };

function remember(left: readonly string[], callId: string): readonly string[] {
  if (left.includes(callId)) return left;
  return [...left, callId].slice(-MAX_LEFT_CALLS);
}

/**
 * The next line. Actions about the waiting call are handled here; everything else goes to
 * the active call's reducer, so the active call's rules (one call at a time, late or
 * duplicated events change nothing) hold unchanged.
 */
export function callLineReducer(line: CallLine, action: CallLineAction): CallLine {
  const { active, waiting } = line;
  switch (action.type) {
    case 'incoming': {
      const callId = action.call.callId;
      if (!isCallLive(active) || active.callId === callId) {
        // No live call: it becomes the active call (and stops waiting, if it did).
        const next = activeCallReducer(active, action);
        if (next === active) return line;
        return { ...line, active: next, waiting: waiting?.call.callId === callId ? null : waiting };
      }
      // One call waits at a time: a third call rings out and is recorded as missed.
      if (waiting !== null || line.left.includes(callId)) return line;
      return {
        ...line,
        waiting: {
          userId: action.userId,
          workspaceId: action.workspaceId,
          call: action.call,
          trackingInfo: action.trackingInfo,
          receivedAt: action.receivedAt,
        },
      };
    }
    case 'provider-ended':
    case 'provider-call': {
      const callId = action.type === 'provider-ended' ? action.event.callId : action.call.id;
      if (waiting?.call.callId === callId) {
        // The waiting caller hung up (or it rang out): nothing to take any more.
        return { ...line, waiting: null };
      }
      const next = activeCallReducer(active, action);
      return next === active ? line : { ...line, active: next };
    }
    case 'waiting-gone':
      return waiting?.call.callId === action.callId ? { ...line, waiting: null } : line;
    case 'leave-waiting':
      if (waiting?.call.callId !== action.callId) return line;
      return { ...line, waiting: null, left: remember(line.left, action.callId) };
    case 'take-waiting': {
      if (waiting?.call.callId !== action.callId) return line;
      const ended = isCallLive(active)
        ? activeCallReducer(active, {
            type: 'ended',
            callId: active.callId,
            at: action.at,
            by: 'agent',
          })
        : active;
      const next = activeCallReducer(ended, {
        type: 'incoming',
        userId: waiting.userId,
        workspaceId: waiting.workspaceId,
        call: waiting.call,
        trackingInfo: waiting.trackingInfo,
        receivedAt: waiting.receivedAt,
      });
      return { ...line, active: next, waiting: null };
    }
    default: {
      const next = activeCallReducer(active, action);
      return next === active ? line : { ...line, active: next };
    }
  }
}

/**
 * The waiting call against the server's live calls (issue #28 reconciliation): gone when the
 * server no longer lists it or another client took it; and, while the agent is on a live call, an inbound call ringing
 * for them that is neither held, waiting nor left is offered (it rang while the client was
 * away), to wait.
 */
export function reconcileWaitingCall(input: {
  line: CallLine;
  live: readonly TrackedCall[];
  workspaceId: string;
}):
  | { kind: 'in-step' }
  | { kind: 'waiting-gone'; callId: string }
  | { kind: 'offer'; call: ReturnType<typeof incomingEventOf> } {
  const { active, waiting, left } = input.line;
  const live = input.live.filter((call) => call.workspaceId === input.workspaceId);
  if (waiting) {
    const onServer = live.find((call) => call.id === waiting.call.callId);
    // Stopped ringing unheard, or taken by another of the agent's clients (another tab).
    if (!onServer || onServer.takenAt !== null) {
      return { kind: 'waiting-gone', callId: waiting.call.callId };
    }
  }
  if (waiting || !isCallLive(active)) return { kind: 'in-step' };
  const ringing = live.find(
    (call) =>
      call.direction === 'inbound' &&
      call.id !== active.callId &&
      call.takenAt === null &&
      !left.includes(call.id),
  );
  return ringing ? { kind: 'offer', call: incomingEventOf(ringing) } : { kind: 'in-step' };
}

// ---------------------------------------------------------------- walk-ins

/**
 * How the flow on screen stands to the held call (issue #28 "Walk-ins never touch a real
 * call"): `own` — the flow is the held call's intake (its Hang up ends the call at the
 * provider); `walk-in` — a flow started by hand (or for a call no longer held): its Hang up
 * ends only the flow; `none` — no flow runs.
 */
export type FlowCallRelation = 'own' | 'walk-in' | 'none';

export function flowCallRelation(
  flow: { callId?: string | null; executionId: string | null } | null,
  held: Pick<ActiveCall, 'callId' | 'wizard'> | null,
): FlowCallRelation {
  if (!flow || flow.executionId === null) return 'none';
  if (!held) return 'walk-in';
  if (flow.callId) return flow.callId === held.callId ? 'own' : 'walk-in';
  // A flow kept from before flows named their call: the call's recorded position says.
  return held.wizard?.executionId === flow.executionId ? 'own' : 'walk-in';
}

/**
 * What the wizard does when a call comes in while a flow is on screen: `resume` — it is
 * this flow's call (a reload, a second delivery); `offer-park` — a walk-in runs: offer
 * "Park this walk-in and take the call" (never start over it, never drop the call);
 * `start` — nothing runs.
 */
export function incomingOverFlow(
  flow: { callId?: string | null; executionId: string | null; status: string },
  incomingCallId: string | null,
): 'start' | 'resume' | 'offer-park' {
  if (flow.status === 'idle') return 'start';
  if (!incomingCallId || flow.callId === incomingCallId) return 'resume';
  return 'offer-park';
}
