import { getTrackingInfo } from '@/shared/api/call-tracking';
import type { IncomingCallEventData, TrackingInfo } from '@/shared/contracts/call-tracking';
import { activeCallReducer } from '@/shared/domain/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import {
  acceptIncomingCall,
  incomingCallOf,
  type IgnoredIncomingCallReason,
  placeForIncomingCall,
} from '@/shared/domain/incoming-call';
import { apply } from './call-line-changes';
import { showNotification, showWaitingNotification } from './call-notifications';
import { type CallClient, openTabs } from './calls-clients';
import { type CallsContext, emit, saveCall, saveState } from './calls-context';
import { type Scope, scopeKey } from './calls-state';

/**
 * Incoming calls (`incomingCalls::{userId}`, and calls the end watch finds ringing): each
 * is taken as the held call and given ONE place (placeForIncomingCall), or waits beside a
 * live call (issue #28: the call line's waiting call), or is counted as ignored. The
 * waiting call is taken or left from here too.
 */

export interface IncomingCalls {
  /** An `incomingCalls::{userId}` payload: taken one after another, never two at once. */
  onIncoming(payload: unknown): void;
  /** call:take-waiting from `client` (runs its own queue steps). */
  takeWaiting(client: CallClient, callId: string): Promise<void>;
  /** call:leave-waiting (run in the queue). */
  leaveWaiting(callId: string): Promise<void>;
}

export function createIncomingCalls(
  ctx: CallsContext,
  hangUp: (callId: string) => Promise<void>,
): IncomingCalls {
  const { browser, clients } = ctx;

  async function lookUpTrackingInfo(
    scope: Scope,
    incoming: IncomingCallEventData,
  ): Promise<TrackingInfo | null> {
    if (!incoming.trackingNumber) return null;
    try {
      return await getTrackingInfo(ctx.api, scope.workspaceId, incoming.trackingNumber, {
        title: incoming.leadName || undefined,
        processExecutionId: incoming.processExecutionHistoryId,
      });
    } catch {
      // spec 3: without tracking info the call reads "None Associated"; it is still taken.
      return null;
    }
  }

  let incomingChain: Promise<void> = Promise.resolve();
  function onIncoming(payload: unknown): void {
    incomingChain = incomingChain.then(() => takeIncoming(payload)).catch(() => {});
    ctx.track(incomingChain);
  }

  function countIgnored(reason: IgnoredIncomingCallReason): void {
    ctx.ignored[reason] = (ctx.ignored[reason] ?? 0) + 1;
  }

  async function takeIncoming(payload: unknown): Promise<void> {
    await ctx.restored;
    const arrivedAt = ctx.now();
    const first = acceptIncomingCall({
      payload,
      userId: ctx.signedInHere() ? (ctx.currentScope()?.userId ?? null) : null,
      activeCall: ctx.call,
    });
    if (!first.taken && first.reason === 'call-in-progress') return waitIncoming(payload);
    if (!first.taken) return countIgnored(first.reason);
    const scope = ctx.currentScope();
    if (!scope) return countIgnored('not-signed-in');
    // The lookup runs outside the queue: the wizard's writes do not wait on the network.
    const trackingInfo = await lookUpTrackingInfo(scope, first.call);
    await ctx.queue(async () => {
      const { state } = ctx;
      // Asked again: the user, or the call held, may have changed during the lookup.
      const decision = acceptIncomingCall({
        payload,
        userId:
          ctx.signedInHere() && scopeKey(ctx.currentScope()) === scopeKey(scope)
            ? scope.userId
            : null,
        activeCall: ctx.call,
      });
      if (!decision.taken) return countIgnored(decision.reason);
      const next = activeCallReducer(ctx.call, {
        type: 'incoming',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call: decision.call,
        trackingInfo,
        receivedAt: new Date(arrivedAt).toISOString(),
      });
      if (next === ctx.call || !next) return;
      const previousNotification = state.notification;
      ctx.call = next;
      state.claimedBy = null;
      state.offer = null;
      state.notification = null;
      if (previousNotification) {
        await browser.notifications.clear(previousNotification.id).catch(() => false);
      }
      const tabs = await openTabs(clients.all(), browser);
      const place = placeForIncomingCall(tabs);
      ctx.lastIncoming = {
        callId: next.callId,
        place: place.kind,
        at: arrivedAt,
        decidedAt: ctx.now(),
      };
      if (place.kind === 'crm-tab') state.offer = `crm:${place.tabId}`;
      else if (place.kind === 'app') state.offer = `app:${place.tabId}`;
      await saveCall(ctx);
      await saveState(ctx);
      emit(ctx);
      if (place.kind === 'notification') await showNotification(ctx, next, place.onClick);
    });
  }

  /**
   * issue #28: a call while another is live is not dropped: it waits beside it (the call
   * line), every client shows its card, and a notification says so when no tab of ours is
   * in front. A call already waiting, or one the agent left, changes nothing.
   */
  async function waitIncoming(payload: unknown): Promise<void> {
    const incoming = incomingCallOf(payload);
    const scope = ctx.currentScope();
    if (!incoming || !scope) return countIgnored('call-in-progress');
    if (ctx.state.waiting?.call.callId === incoming.callId) return;
    const arrivedAt = ctx.now();
    const trackingInfo = await lookUpTrackingInfo(scope, incoming);
    await ctx.queue(async () => {
      if (!ctx.signedInHere() || scopeKey(ctx.currentScope()) !== scopeKey(scope)) return;
      const before = ctx.state.waiting;
      await apply(ctx, {
        type: 'incoming',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call: incoming,
        trackingInfo,
        receivedAt: new Date(arrivedAt).toISOString(),
      });
      if (ctx.state.waiting === before || ctx.state.waiting?.call.callId !== incoming.callId) {
        return countIgnored('call-in-progress');
      }
      const tabs = await openTabs(clients.all(), browser);
      if (placeForIncomingCall(tabs).kind !== 'notification') return;
      await showWaitingNotification(ctx, incoming);
    });
  }

  /**
   * issue #28: the agent takes the waiting call from `client`. A live call ends at the
   * provider first, as the agent's hang-up (its flow was finished by the page that asked,
   * partial-complete); the waiting call becomes the active call, offered to that page,
   * whose claim marks it connected.
   */
  async function takeWaiting(client: CallClient, callId: string): Promise<void> {
    if (!ctx.signedInHere() || ctx.state.waiting?.call.callId !== callId) return;
    const live = ctx.call && isCallLive(ctx.call) ? ctx.call.callId : null;
    if (live) await hangUp(live).catch(() => undefined);
    await ctx.queue(async () => {
      if (ctx.state.waiting?.call.callId !== callId) return;
      await apply(ctx, { type: 'take-waiting', callId, at: new Date(ctx.now()).toISOString() });
      if (ctx.call?.callId !== callId) return;
      ctx.state.claimedBy = null;
      ctx.state.offer = client.placeKey;
      await saveState(ctx);
      emit(ctx);
    });
  }

  async function leaveWaiting(callId: string): Promise<void> {
    await apply(ctx, { type: 'leave-waiting', callId });
  }

  return { onIncoming, takeWaiting, leaveWaiting };
}
