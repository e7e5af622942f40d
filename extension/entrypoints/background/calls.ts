import type { ActiveCall } from '@/shared/contracts/active-call';
import type { IgnoredIncomingCallReason } from '@/shared/domain/incoming-call';
import type { RpcMessage } from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import { flowGet, flowRemove, flowSet } from './calls/call-flow-values';
import { apply, reset } from './calls/call-line-changes';
import { createEndWatch } from './calls/call-end-watch';
import { onNotificationClicked } from './calls/call-notifications';
import { claim, maybeReoffer, offerTo, outbound } from './calls/call-offer';
import type { CallClient, CallClientInfo } from './calls/calls-clients';
import {
  type BackgroundCallsOptions,
  createCallsContext,
  LAST_CRM_URL_KEY,
  type LastIncoming,
  pushTo,
  emit,
  snapshotFor,
} from './calls/calls-context';
import { followSession, restoreCalls } from './calls/follow-session';
import { createHangUp } from './calls/hang-up';
import { createIncomingCalls } from './calls/incoming-calls';

/**
 * The active call, held by the background (issue #13 "The active call belongs to the
 * background"): one call and one wizard for every CRM tab, our pages and the app, kept in
 * storage.session so a stopped worker comes back with the same call, the same offer and
 * claim, and the same wizard values. It listens for `incomingCalls::{userId}` while
 * someone is signed in, decides the ONE place an incoming call opens
 * (placeForIncomingCall), and does the call-tracking calls around the call (tracking
 * info, marked connected, hang-up, the provider's sid and duration). The rules are the
 * pure ones of shared/domain/active-call.ts and incoming-call.ts; docs/calls-in-crm-tabs.md.
 *
 * This file wires the parts in ./calls/ over one shared context (the held call, the
 * stored state, the queue, emit) and answers the ports' call:* messages; each part has
 * one concern: calls-context (shared state, saving, snapshots), call-flow-values (the
 * wizard's values), call-line-changes, incoming-calls (incoming and waiting calls),
 * call-notifications, call-offer (where a call opens, claim, outbound), hang-up,
 * call-end-watch (the provider's end), follow-session (restore, wipe, subscriptions).
 */

export {
  CALL_STATE_KEY,
  type CallsBrowserApi,
  type BackgroundCallsOptions,
  LAST_CRM_URL_KEY,
  NOT_SIGNED_IN,
  PROVIDER_CALL_RETRY_MS,
} from './calls/calls-context';
export {
  CALL_NOTIFICATION_PREFIX,
  CALL_NOTIFICATION_TITLE,
  incomingCallMessage,
  UNKNOWN_CALLER,
  WAITING_CALL_NOTIFICATION_TITLE,
  WAITING_NOTIFICATION_PREFIX,
} from './calls/call-notifications';
export { MARK_CONNECTED_FAILED } from './calls/call-offer';
export { HANG_UP_FAILED, PROVIDER_CALL_ATTEMPTS } from './calls/hang-up';
export {
  FLOW_KEY_PREFIX,
  FLOW_STORAGE_FULL,
  MAX_FLOW_CHARS,
  MAX_FLOW_KEYS,
} from './calls/call-flow-values';

export type CallRpcMessage = Extract<RpcMessage, { kind: `call:${string}` }>;

export interface CallsDiagnostics {
  restored: boolean;
  call: ActiveCall | null;
  offer: string | null;
  claimedBy: string | null;
  flowRevision: number;
  flowKeys: number;
  notification: string | null;
  /**
   * The place the last incoming call was given, when its event arrived and when the place
   * was decided (after the tracking-info lookup): the benchmark's split of the latency.
   */
  lastIncoming: LastIncoming;
  ignored: Partial<Record<IgnoredIncomingCallReason, number>>;
  clients: {
    kind: CallClient['kind'];
    tabId: number | null;
    canShowCallFlow: boolean;
    visible: boolean;
  }[];
}

export interface BackgroundCalls {
  /** Settles once the stored call is back (after the session's own restore). */
  ready(): Promise<void>;
  /** A port admitted: it gets its snapshot now (once restored) and on every change. */
  connect(handle: object, info: CallClientInfo): void;
  disconnect(handle: object): void;
  /** call:facts */
  reportFacts(handle: object, canShowCallFlow: boolean): void;
  /** live:visibility, as the live module hears it too. */
  reportVisibility(handle: object, visible: boolean): void;
  /** A call:* RPC of that port; answers what port-protocol.ts says it answers. */
  handle(handle: object, message: CallRpcMessage): Promise<unknown>;
  /** Diagnostics and tests: no flow values. */
  snapshot(): CallsDiagnostics;
  /** Settles once every started call-tracking call and write has finished (tests). */
  idle(): Promise<void>;
}

export function createBackgroundCalls(options: BackgroundCallsOptions): BackgroundCalls {
  const ctx = createCallsContext(options, restoreCalls);
  const { browser, clients, queue, storage } = ctx;
  const hangUp = createHangUp(ctx);
  const incoming = createIncomingCalls(ctx, hangUp);
  const watchEnds = createEndWatch(ctx, incoming.onIncoming);
  followSession(ctx, incoming.onIncoming, watchEnds);
  // Registered at once: a click that wakes the worker finds its listener.
  browser.notifications.onClicked.addListener((id) => onNotificationClicked(ctx, id));
  // A tab selected whose panel is collapsed reports no visibility: the browser says it.
  browser.tabs.onActivated?.addListener(({ tabId }) => {
    const client = clients.byPlace(`crm:${tabId}`);
    if (client) offerTo(ctx, client);
  });

  return {
    ready: () => ctx.restored,
    connect(handle, info) {
      const client = clients.add(handle, info);
      if (info.kind === 'crm' && info.url && /^https?:/.test(info.url)) {
        const url = info.url;
        ctx.track(ctx.restored.then(() => storage.set(LAST_CRM_URL_KEY, url)));
      }
      void ctx.restored.then(() => {
        if (clients.get(handle) === client) pushTo(ctx, client);
        // Viewer counts of the others change with each new viewer, not with a new port.
      });
    },
    disconnect(handle) {
      const client = clients.get(handle);
      clients.remove(handle);
      if (client?.canShowCallFlow) emit(ctx);
    },
    reportFacts(handle, canShowCallFlow) {
      const client = clients.get(handle);
      if (!client || client.canShowCallFlow === canShowCallFlow) return;
      client.canShowCallFlow = canShowCallFlow;
      emit(ctx);
      maybeReoffer(ctx, client);
    },
    reportVisibility(handle, visible) {
      const client = clients.get(handle);
      if (!client) return;
      client.visible = visible;
      if (visible) client.lastFocusedAt = ctx.now();
      maybeReoffer(ctx, client);
    },
    async handle(handle, message) {
      await ctx.restored;
      const client = clients.get(handle);
      if (!client) throw new TransportError('This page is not connected.', 409);
      const answerSnapshot = () => snapshotFor(ctx, client);
      switch (message.kind) {
        case 'call:get':
          return answerSnapshot();
        case 'call:claim':
          return queue(() => claim(ctx, client, message.callId));
        case 'call:outbound':
          await queue(() => outbound(ctx, client, message.call, message.leadName));
          return answerSnapshot();
        case 'call:hang-up':
          await hangUp(message.callId);
          return answerSnapshot();
        case 'call:reset':
          await queue(() => reset(ctx));
          return answerSnapshot();
        case 'call:take-waiting':
          await incoming.takeWaiting(client, message.callId);
          return answerSnapshot();
        case 'call:leave-waiting':
          await queue(() => incoming.leaveWaiting(message.callId));
          return answerSnapshot();
        case 'call:wizard-moved':
          await queue(() =>
            apply(ctx, {
              type: 'wizard-moved',
              callId: message.callId,
              executionId: message.executionId,
              stepId: message.stepId,
            }),
          );
          return answerSnapshot();
        case 'call:flow-get':
          return queue(() => flowGet(ctx, message.key));
        case 'call:flow-set':
          await queue(() => flowSet(ctx, client.key, message.key, message.value));
          return null;
        case 'call:flow-remove':
          await queue(() => flowRemove(ctx, client.key, message.key));
          return null;
      }
    },
    snapshot: () => ({
      restored: ctx.restoredFlag,
      call: ctx.signedInHere() ? ctx.call : null,
      offer: ctx.state.offer,
      claimedBy: ctx.state.claimedBy,
      flowRevision: ctx.state.flowRevision,
      flowKeys: Object.keys(ctx.state.flowSizes).length,
      notification: ctx.state.notification?.id ?? null,
      lastIncoming: ctx.lastIncoming,
      ignored: { ...ctx.ignored },
      clients: clients.all().map((client) => ({
        kind: client.kind,
        tabId: client.tabId ?? null,
        canShowCallFlow: client.canShowCallFlow,
        visible: client.visible,
      })),
    }),
    idle: () => ctx.idle(),
  };
}
