import type { ActiveCall } from '@/shared/contracts/active-call';
import type { IncomingCallEventData, TrackedCall } from '@/shared/contracts/call-tracking';
import { isCallLive } from './call-clock';

// issue #28 "Every call has an end the client learns of": socket events can be missed (a
// socket down for a minute, a worker the browser stopped, a tab asleep), so a client that
// holds a call also asks the server for the agent's live calls (GET ctm/live-calls) on every
// (re)connect and while its call is live, and follows the server's view. A stuck call is
// then impossible by construction: it lasts at most until the next reconciliation.

/** What a client does after comparing its call with the server's live calls. */
export type Reconciliation =
  /** Nothing: the server agrees (or nothing is held and nothing rings). */
  | { kind: 'in-step' }
  /**
   * The call held as live is no longer live on the server: it ended without our hearing
   * of it. The client reads the call (GET ctm/calls/{id}) for who ended it, its sid and
   * duration, and applies it as 'provider-call'; a call the server no longer has at all
   * ends as lost ('system').
   */
  | { kind: 'ended-elsewhere'; callId: string }
  /**
   * An inbound call rings (or is live) for the agent and the client holds none live: it
   * rang while this client was away (disconnected, signed out, the worker stopped). It is
   * offered as if its `incomingCalls` event had just arrived.
   */
  | { kind: 'offer'; call: IncomingCallEventData };

/** The incoming-call event a live call of the provider stands for (reconciliation's offer). */
export function incomingEventOf(call: TrackedCall): IncomingCallEventData {
  return {
    callId: call.id,
    direction: 'inbound',
    leadName: call.leadName ?? '',
    phone: call.fromNumber,
    trackingNumber: call.trackingNumber,
  };
}

/**
 * The one decision of a reconciliation: the held call ended elsewhere comes first (the
 * agent's screen must stop showing a call that is over), then a live inbound call that is
 * not held. Of several such calls the oldest is offered (it has waited longest); the
 * server lists them oldest first. Outbound calls are never offered: the agent placed them
 * from a screen that holds them. Calls of another workspace (a stale list after a switch)
 * are ignored.
 */
export function reconcileActiveCall(input: {
  held: ActiveCall | null;
  live: readonly TrackedCall[];
  workspaceId: string;
}): Reconciliation {
  const live = input.live.filter((call) => call.workspaceId === input.workspaceId);
  const held = input.held;
  // An ended call held (its summary still on screen) is not the call that rings now.
  const heldId = held?.callId ?? null;
  if (isCallLive(held)) {
    if (!live.some((call) => call.id === held.callId)) {
      return { kind: 'ended-elsewhere', callId: held.callId };
    }
    return { kind: 'in-step' };
  }
  const ringing = live.find((call) => call.direction === 'inbound' && call.id !== heldId);
  return ringing ? { kind: 'offer', call: incomingEventOf(ringing) } : { kind: 'in-step' };
}
