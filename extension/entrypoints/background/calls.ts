import { finishEndedCallFlow } from '@/app/features/call-flow/finish-ended-call-flow';
import { automatedIntakePath } from '@/app/features/call-flow/incoming-call';
import { createApiClient } from '@/shared/api/client';
import {
  getCall,
  getTrackingInfo,
  hangUpCall,
  markCallConnected,
} from '@/shared/api/call-tracking';
import { type CallEndWatch, watchCallEnds } from '@/shared/calls/call-end-watch';
import { ACTIVE_CALL_STORAGE_KEY, type ActiveCall } from '@/shared/contracts/active-call';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import {
  incomingCallEvent,
  type IncomingCallEventData,
  type TrackedCall,
  type TrackingInfo,
} from '@/shared/contracts/call-tracking';
import {
  activeCallReducer,
  persistActiveCall,
  readPersistedActiveCall,
} from '@/shared/domain/active-call';
import { type CallLineAction, callLineReducer } from '@/shared/domain/call-line';
import { isCallLive } from '@/shared/domain/call-clock';
import {
  acceptIncomingCall,
  incomingCallOf,
  type IgnoredIncomingCallReason,
  type IncomingCallPlace,
  placeForIncomingCall,
} from '@/shared/domain/incoming-call';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { SOCKET_REAUTHENTICATED_EVENT } from '@/shared/transport/direct-transport';
import type { Notifier } from '@/shared/transport/notifier';
import type { RpcMessage } from '@/shared/transport/port-protocol';
import { TransportError, type Transport } from '@/shared/transport/transport';
import {
  type CallClient,
  type CallClientInfo,
  createCallClients,
  openTabs,
  type TabFactsApi,
} from './calls-clients';
import {
  emptyState,
  noPrototype,
  readState,
  type Scope,
  scopeKey,
  scopeOf,
  type StoredState,
} from './calls-state';
import type { BackgroundSession } from './session';
import type { SocketHub } from './socket';

/**
 * The active call, held by the background (issue #13 "The active call belongs to the
 * background"): one call and one wizard for every CRM tab, our pages and the app, kept in
 * storage.session so a stopped worker comes back with the same call, the same offer and
 * claim, and the same wizard values. It listens for `incomingCalls::{userId}` while
 * someone is signed in, decides the ONE place an incoming call opens
 * (placeForIncomingCall), and does the call-tracking calls around the call (tracking
 * info, marked connected, hang-up, the provider's sid and duration). The rules are the
 * pure ones of shared/domain/active-call.ts and incoming-call.ts; docs/calls-in-crm-tabs.md.
 */

/** Our ids in browser.notifications; live.ts has its own ('intake-notification:'). */
export const CALL_NOTIFICATION_PREFIX = 'intake-call:';
export const CALL_NOTIFICATION_TITLE = 'Incoming call';
/** issue #28: a second call while the agent is on one (its own ids: never the call's). */
export const WAITING_CALL_NOTIFICATION_TITLE = 'Call waiting';
export const WAITING_NOTIFICATION_PREFIX = 'intake-call-waiting:';
/** The notification's caller without a name. */
export const UNKNOWN_CALLER = 'Unknown caller';
export const MARK_CONNECTED_FAILED = 'The call could not be marked connected on the server.';
export const HANG_UP_FAILED = 'The call could not be hung up. Try again.';
export const NOT_SIGNED_IN = 'Sign in to take calls.';
/** storage.session keys under the module's prefix. */
export const CALL_STATE_KEY = 'state';
export const LAST_CRM_URL_KEY = 'last-crm-url';
export const FLOW_KEY_PREFIX = 'flow:';
/** After a hang-up the provider may need a moment to report the sid and duration. */
export const PROVIDER_CALL_ATTEMPTS = 3;
export const PROVIDER_CALL_RETRY_MS = 700;
/**
 * Bounds on the wizard's values (issue #9 "message floods"): storage.session also holds
 * the session's tokens, and a page must not be able to fill it. A flow keeps its state and
 * a draft per step, far below these.
 */
export const MAX_FLOW_KEYS = 200;
export const MAX_FLOW_CHARS = 2_000_000;
export const FLOW_STORAGE_FULL =
  'The call flow holds too much data for this call. Reset the call to start again.';

/** The parts of the extension APIs this module uses (the real `browser`, fakes in tests). */
export interface CallsBrowserApi extends TabFactsApi {
  tabs: TabFactsApi['tabs'] & {
    update(
      tabId: number,
      properties: { active: boolean },
    ): Promise<{ windowId?: number } | undefined>;
    create(properties: { url: string }): Promise<{ id?: number; windowId?: number }>;
    /** The agent selected a tab (optional: the notification and visibility work without). */
    onActivated?: { addListener(listener: (info: { tabId: number }) => void): void };
  };
  windows: TabFactsApi['windows'] & {
    update(windowId: number, properties: { focused: boolean }): Promise<unknown>;
  };
  notifications: {
    create(
      id: string,
      options: {
        type: 'basic';
        iconUrl: string;
        title: string;
        message: string;
        priority?: number;
        requireInteraction?: boolean;
      },
    ): Promise<string>;
    clear(id: string): Promise<boolean>;
    onClicked: { addListener(listener: (id: string) => void): void };
  };
}

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
  lastIncoming: {
    callId: string;
    place: IncomingCallPlace['kind'];
    at: number;
    decidedAt: number;
  } | null;
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

export interface BackgroundCallsOptions {
  hub: SocketHub;
  session: BackgroundSession;
  /** storage.session under the module's own prefix. */
  storage: KeyValueStorage;
  browser: CallsBrowserApi;
  iconUrl: string;
  notify: Notifier;
  now?: () => number;
  /** How long to wait between asking the provider for an ended call's sid (tests: 0). */
  providerRetryMs?: number;
}

/** The notification's text: who is calling, and from which number. */
export function incomingCallMessage(call: Pick<IncomingCallEventData, 'leadName' | 'phone'>) {
  const phone = call.phone ? formatInternationalUs(call.phone) : '';
  return [call.leadName || UNKNOWN_CALLER, phone].filter(Boolean).join('\n');
}

/** A 404 or 409 on hang-up: the provider has ended the call already. */
const alreadyEnded = (error: unknown) =>
  error instanceof TransportError && (error.status === 404 || error.status === 409);

export function createBackgroundCalls(options: BackgroundCallsOptions): BackgroundCalls {
  const { hub, session, storage, browser } = options;
  const now = options.now ?? Date.now;
  const retryMs = options.providerRetryMs ?? PROVIDER_CALL_RETRY_MS;
  const clients = createCallClients();

  // Calls made here show their own notice where one is due (a failed lookup of tracking
  // info is no failure of the call): the client's toast on every error is turned off.
  const transport: Transport = {
    request: (req) => session.transport().request(req),
    subscribe: (event, handler) => hub.add(event, handler),
  };
  const api = createApiClient(transport, () => {});

  let call: ActiveCall | null = null;
  let state: StoredState = emptyState();
  let restoredFlag = false;
  let lastIncoming: CallsDiagnostics['lastIncoming'] = null;
  const ignored: CallsDiagnostics['ignored'] = {};

  // ---- one change at a time --------------------------------------------------------
  let work: Promise<unknown> = Promise.resolve();
  /** State changes run one after another: a write never races the one before. */
  function queue<T>(task: () => Promise<T>): Promise<T> {
    const run = work.then(task);
    work = run.catch(() => {});
    return run;
  }
  const background = new Set<Promise<unknown>>();
  function track(task: Promise<unknown>): void {
    const settled = task.catch(() => {});
    background.add(settled);
    void settled.finally(() => background.delete(settled));
  }

  const currentScope = () => scopeOf(session.publicState());
  const signedInHere = () => {
    const key = scopeKey(currentScope());
    return key !== '' && key === state.scope;
  };

  // ---- persistence -----------------------------------------------------------------
  async function saveState(): Promise<void> {
    await storage.set(CALL_STATE_KEY, JSON.stringify(state)).catch(() => {});
  }
  async function saveCall(): Promise<void> {
    if (call) {
      await storage
        .set(ACTIVE_CALL_STORAGE_KEY, JSON.stringify(persistActiveCall(call, new Date(now()))))
        .catch(() => {});
    } else {
      await storage.remove(ACTIVE_CALL_STORAGE_KEY).catch(() => {});
    }
  }
  async function clearFlow(): Promise<void> {
    const keys = Object.keys(state.flowSizes);
    state.flowSizes = noPrototype();
    state.flowRevision++;
    state.flowWriter = null;
    await Promise.all(keys.map((key) => storage.remove(FLOW_KEY_PREFIX + key).catch(() => {})));
  }

  const restored: Promise<void> = (async () => {
    await session.ready().catch(() => {});
    const stored = readState(await storage.get(CALL_STATE_KEY).catch(() => null));
    const scope = currentScope();
    state = stored;
    if (scope && stored.scope === scopeKey(scope)) {
      const raw = await storage.get(ACTIVE_CALL_STORAGE_KEY).catch(() => null);
      const read = readPersistedActiveCall(raw, scope.userId);
      call = read && read.workspaceId === scope.workspaceId ? read : null;
    } else {
      // Signed out meanwhile, or someone else: nothing of the last user is kept.
      await wipe(stored.scope !== '');
      state.scope = scopeKey(scope);
      await saveState();
    }
    restoredFlag = true;
  })();

  /** Clears the call, the claim, the offer, the flow values and the notification. */
  async function wipe(forgetCrmUrl: boolean): Promise<void> {
    const notification = state.notification;
    call = null;
    state.offer = null;
    state.claimedBy = null;
    state.notification = null;
    state.waiting = null;
    state.left = [];
    await clearFlow();
    await saveCall();
    if (notification) await browser.notifications.clear(notification.id).catch(() => false);
    if (forgetCrmUrl) await storage.remove(LAST_CRM_URL_KEY).catch(() => {});
  }

  // ---- snapshots ---------------------------------------------------------------------
  function snapshotFor(client: CallClient): CallSnapshot {
    const mine = signedInHere();
    const held = mine ? call : null;
    return {
      call: held,
      waiting: mine ? state.waiting : null,
      offered: isCallLive(held) && state.claimedBy === null && state.offer === client.placeKey,
      flowRevision: state.flowRevision,
      flowWrittenHere: state.flowWriter === client.key,
      otherViewers: mine ? clients.otherViewers(client) : 0,
    };
  }
  function pushTo(client: CallClient): void {
    const snapshot = snapshotFor(client);
    const text = JSON.stringify(snapshot);
    if (text === client.lastPushed) return;
    client.lastPushed = text;
    client.push(snapshot);
  }
  function emit(): void {
    if (!restoredFlag) return;
    for (const client of clients.all()) pushTo(client);
  }

  // ---- the call's life ---------------------------------------------------------------
  async function apply(action: CallLineAction): Promise<void> {
    const line = { active: call, waiting: state.waiting, left: state.left };
    const next = callLineReducer(line, action);
    if (next === line) return;
    const callChanged = next.active !== call;
    call = next.active;
    state.waiting = next.waiting;
    state.left = [...next.left];
    if (callChanged && !isCallLive(call)) await dropOffer();
    if (callChanged) await saveCall();
    await saveState();
    emit();
  }

  /** Nobody needs the offer or the notification any more (claimed, ended, reset). */
  async function dropOffer(): Promise<void> {
    state.offer = null;
    const notification = state.notification;
    state.notification = null;
    if (notification) await browser.notifications.clear(notification.id).catch(() => false);
  }

  async function lookUpTrackingInfo(
    scope: Scope,
    incoming: IncomingCallEventData,
  ): Promise<TrackingInfo | null> {
    if (!incoming.trackingNumber) return null;
    try {
      return await getTrackingInfo(api, scope.workspaceId, incoming.trackingNumber, {
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
    track(incomingChain);
  }

  function countIgnored(reason: IgnoredIncomingCallReason): void {
    ignored[reason] = (ignored[reason] ?? 0) + 1;
  }

  async function takeIncoming(payload: unknown): Promise<void> {
    await restored;
    const arrivedAt = now();
    const first = acceptIncomingCall({
      payload,
      userId: signedInHere() ? (currentScope()?.userId ?? null) : null,
      activeCall: call,
    });
    if (!first.taken && first.reason === 'call-in-progress') return waitIncoming(payload);
    if (!first.taken) return countIgnored(first.reason);
    const scope = currentScope();
    if (!scope) return countIgnored('not-signed-in');
    // The lookup runs outside the queue: the wizard's writes do not wait on the network.
    const trackingInfo = await lookUpTrackingInfo(scope, first.call);
    await queue(async () => {
      // Asked again: the user, or the call held, may have changed during the lookup.
      const decision = acceptIncomingCall({
        payload,
        userId:
          signedInHere() && scopeKey(currentScope()) === scopeKey(scope) ? scope.userId : null,
        activeCall: call,
      });
      if (!decision.taken) return countIgnored(decision.reason);
      const next = activeCallReducer(call, {
        type: 'incoming',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call: decision.call,
        trackingInfo,
        receivedAt: new Date(arrivedAt).toISOString(),
      });
      if (next === call || !next) return;
      const previousNotification = state.notification;
      call = next;
      state.claimedBy = null;
      state.offer = null;
      state.notification = null;
      if (previousNotification) {
        await browser.notifications.clear(previousNotification.id).catch(() => false);
      }
      const tabs = await openTabs(clients.all(), browser);
      const place = placeForIncomingCall(tabs);
      lastIncoming = { callId: next.callId, place: place.kind, at: arrivedAt, decidedAt: now() };
      if (place.kind === 'crm-tab') state.offer = `crm:${place.tabId}`;
      else if (place.kind === 'app') state.offer = `app:${place.tabId}`;
      await saveCall();
      await saveState();
      emit();
      if (place.kind === 'notification') await showNotification(next, place.onClick);
    });
  }

  /**
   * issue #28: a call while another is live is not dropped: it waits beside it (the call
   * line), every client shows its card, and a notification says so when no tab of ours is
   * in front. A call already waiting, or one the agent left, changes nothing.
   */
  async function waitIncoming(payload: unknown): Promise<void> {
    const incoming = incomingCallOf(payload);
    const scope = currentScope();
    if (!incoming || !scope) return countIgnored('call-in-progress');
    if (state.waiting?.call.callId === incoming.callId) return;
    const arrivedAt = now();
    const trackingInfo = await lookUpTrackingInfo(scope, incoming);
    await queue(async () => {
      if (!signedInHere() || scopeKey(currentScope()) !== scopeKey(scope)) return;
      const before = state.waiting;
      await apply({
        type: 'incoming',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call: incoming,
        trackingInfo,
        receivedAt: new Date(arrivedAt).toISOString(),
      });
      if (state.waiting === before || state.waiting?.call.callId !== incoming.callId) {
        return countIgnored('call-in-progress');
      }
      const tabs = await openTabs(clients.all(), browser);
      if (placeForIncomingCall(tabs).kind !== 'notification') return;
      const base = {
        type: 'basic' as const,
        iconUrl: options.iconUrl,
        title: WAITING_CALL_NOTIFICATION_TITLE,
        message: incomingCallMessage(incoming),
        priority: 2,
      };
      await browser.notifications
        .create(WAITING_NOTIFICATION_PREFIX + incoming.callId, base)
        .catch(() => '');
    });
  }

  /**
   * issue #28: the agent takes the waiting call from `client`. A live call ends at the
   * provider first, as the agent's hang-up (its flow was finished by the page that asked,
   * partial-complete); the waiting call becomes the active call, offered to that page,
   * whose claim marks it connected.
   */
  async function takeWaiting(client: CallClient, callId: string): Promise<void> {
    if (!signedInHere() || state.waiting?.call.callId !== callId) return;
    const live = call && isCallLive(call) ? call.callId : null;
    if (live) await hangUp(live).catch(() => undefined);
    await queue(async () => {
      if (state.waiting?.call.callId !== callId) return;
      await apply({ type: 'take-waiting', callId, at: new Date(now()).toISOString() });
      if (call?.callId !== callId) return;
      state.claimedBy = null;
      state.offer = client.placeKey;
      await saveState();
      emit();
    });
    await browser.notifications.clear(WAITING_NOTIFICATION_PREFIX + callId).catch(() => false);
  }

  async function leaveWaiting(callId: string): Promise<void> {
    await apply({ type: 'leave-waiting', callId });
    await browser.notifications.clear(WAITING_NOTIFICATION_PREFIX + callId).catch(() => false);
  }

  async function showNotification(
    held: ActiveCall,
    onClick: Extract<IncomingCallPlace, { kind: 'notification' }>['onClick'],
  ): Promise<void> {
    const id = CALL_NOTIFICATION_PREFIX + held.callId;
    const windowId =
      onClick.kind === 'focus-crm-tab'
        ? clients.byPlace(`crm:${onClick.tabId}`)?.windowId
        : undefined;
    state.notification = {
      id,
      callId: held.callId,
      onClick: onClick.kind === 'focus-crm-tab' ? { ...onClick, windowId } : onClick,
    };
    await saveState();
    const base = {
      type: 'basic' as const,
      iconUrl: options.iconUrl,
      title: CALL_NOTIFICATION_TITLE,
      message: incomingCallMessage(held.callData),
      priority: 2,
    };
    try {
      await browser.notifications.create(id, { ...base, requireInteraction: true });
    } catch {
      // Browsers without requireInteraction (Firefox) refuse the option: without it.
      await browser.notifications.create(id, base).catch(async () => {
        state.notification = null;
        await saveState();
      });
    }
  }

  /** The notification's click: the agent's CRM tab comes to front and is offered the call. */
  function onNotificationClicked(id: string): void {
    if (!id.startsWith(CALL_NOTIFICATION_PREFIX)) return;
    const task = queue(async () => {
      await restored;
      await browser.notifications.clear(id).catch(() => false);
      const entry = state.notification;
      if (!entry || entry.id !== id) return;
      state.notification = null;
      await saveState();
      if (!signedInHere() || !isCallLive(call) || call.callId !== entry.callId) return;
      if (state.claimedBy !== null) return;
      if (entry.onClick.kind === 'focus-crm-tab') {
        const { tabId } = entry.onClick;
        try {
          const tab = await browser.tabs.update(tabId, { active: true });
          const windowId =
            tab?.windowId ?? entry.onClick.windowId ?? clients.byPlace(`crm:${tabId}`)?.windowId;
          if (typeof windowId === 'number') {
            await browser.windows.update(windowId, { focused: true }).catch(() => {});
          }
          state.offer = `crm:${tabId}`;
          await saveState();
          emit();
          return;
        } catch {
          // The tab was closed since: open one instead.
        }
      }
      await openForCall(call);
    });
    track(task);
  }

  /** Opens the last CRM page we know of, else the app's automated intake for the call. */
  async function openForCall(held: ActiveCall): Promise<void> {
    const crmUrl = await storage.get(LAST_CRM_URL_KEY).catch(() => null);
    let url = crmUrl;
    let kind: 'crm' | 'app' = 'crm';
    if (!url) {
      const appOrigin = session.publicState().appOrigin;
      if (!appOrigin) return;
      kind = 'app';
      url = new URL(
        automatedIntakePath({
          ...held.callData,
          ...(held.process ? { process: held.process } : {}),
        }),
        appOrigin,
      ).href;
    }
    const tab = await browser.tabs.create({ url });
    // The new tab's port is offered the call as soon as it connects.
    if (typeof tab.id === 'number') {
      state.offer = `${kind}:${tab.id}`;
      await saveState();
      emit();
    }
    if (typeof tab.windowId === 'number') {
      await browser.windows.update(tab.windowId, { focused: true }).catch(() => {});
    }
  }

  /**
   * An unclaimed live call goes to a CRM tab the agent turns to (a notification's click
   * that opened one, or simply switching tabs): its panel can show the call now.
   */
  function maybeReoffer(client: CallClient): void {
    if (client.visible) offerTo(client);
  }
  function offerTo(client: CallClient): void {
    if (client.kind !== 'crm' || !client.canShowCallFlow) return;
    const task = queue(async () => {
      await restored;
      if (!signedInHere() || !isCallLive(call) || state.claimedBy !== null) return;
      if (state.offer === client.placeKey) return;
      state.offer = client.placeKey;
      const notification = state.notification;
      state.notification = null;
      if (notification) await browser.notifications.clear(notification.id).catch(() => false);
      await saveState();
      emit();
    });
    track(task);
  }

  async function claim(client: CallClient, callId: string): Promise<boolean> {
    if (!signedInHere() || !call || call.callId !== callId || !isCallLive(call)) return false;
    // The tab that took it may ask again (its panel reloaded): still its own.
    if (state.claimedBy !== null) return state.claimedBy === client.placeKey;
    state.claimedBy = client.placeKey;
    await dropOffer();
    await saveState();
    emit();
    if (call.direction === 'inbound' && !call.serverConnected) {
      const { workspaceId } = call;
      const agentId = session.hostSession().agent?.id ?? null;
      track(
        markCallConnected(api, workspaceId, callId, agentId).then(
          () => queue(() => apply({ type: 'connected-on-server', callId })),
          () => options.notify('danger', MARK_CONNECTED_FAILED),
        ),
      );
    }
    return true;
  }

  async function outbound(client: CallClient, tracked: TrackedCall, leadName: string) {
    const scope = currentScope();
    if (!scope || !signedInHere()) throw new TransportError(NOT_SIGNED_IN, 401);
    if (tracked.workspaceId !== scope.workspaceId) {
      throw new TransportError('This call belongs to another workspace.', 403);
    }
    const before = call;
    await apply({
      type: 'outbound',
      userId: scope.userId,
      workspaceId: scope.workspaceId,
      call: tracked,
      leadName,
    });
    if (call !== before) {
      // The tab that placed it is showing it already: nobody else is offered it.
      state.claimedBy = client.placeKey;
      await dropOffer();
      await saveState();
      emit();
    }
  }

  /** The provider's sid and duration after the end, asked a few times while it has none. */
  async function fetchProviderCall(workspaceId: string, callId: string): Promise<void> {
    for (let attempt = 0; attempt < PROVIDER_CALL_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryMs));
      if (call?.callId !== callId) return;
      let provider: TrackedCall;
      try {
        provider = await getCall(api, workspaceId, callId);
      } catch {
        continue;
      }
      await queue(() => apply({ type: 'provider-call', call: provider }));
      if (provider.sid !== null && provider.duration !== null) return;
    }
  }

  const hangingUp = new Map<string, Promise<void>>();
  function hangUp(callId: string): Promise<void> {
    const running = hangingUp.get(callId);
    if (running) return running;
    const task = (async () => {
      const held = await queue(async () =>
        signedInHere() && call?.callId === callId ? call : null,
      );
      if (!held || !isCallLive(held)) return;
      let answer: TrackedCall | null = null;
      try {
        answer = await hangUpCall(api, held.workspaceId, callId);
      } catch (error) {
        if (!alreadyEnded(error)) {
          options.notify('danger', HANG_UP_FAILED);
          throw error;
        }
      }
      const ended = answer;
      await queue(async () => {
        await apply({
          type: 'ended',
          callId,
          at: ended?.endedAt ?? new Date(now()).toISOString(),
          by: 'agent',
        });
        if (ended) await apply({ type: 'provider-call', call: ended });
      });
      if (!ended || ended.sid === null || ended.duration === null) {
        track(fetchProviderCall(held.workspaceId, callId));
      }
    })();
    hangingUp.set(callId, task);
    void task.finally(() => hangingUp.delete(callId)).catch(() => {});
    return task;
  }

  async function reset(): Promise<void> {
    call = null;
    state.claimedBy = null;
    await dropOffer();
    await clearFlow();
    await saveCall();
    await saveState();
    emit();
  }

  // ---- the wizard's shared values ----------------------------------------------------
  async function flowSet(writer: string | null, key: string, value: string): Promise<void> {
    if (!signedInHere()) throw new TransportError(NOT_SIGNED_IN, 401);
    const sizes = state.flowSizes;
    const held = Object.keys(sizes);
    const total = held.reduce((sum, known) => sum + (known === key ? 0 : sizes[known]), 0);
    if (
      (!(key in sizes) && held.length >= MAX_FLOW_KEYS) ||
      total + value.length > MAX_FLOW_CHARS
    ) {
      throw new TransportError(FLOW_STORAGE_FULL, 413);
    }
    await storage.set(FLOW_KEY_PREFIX + key, value);
    sizes[key] = value.length;
    state.flowRevision++;
    state.flowWriter = writer;
    await saveState();
    emit();
  }
  async function flowRemove(writer: string | null, key: string): Promise<void> {
    if (!signedInHere()) return;
    await storage.remove(FLOW_KEY_PREFIX + key);
    delete state.flowSizes[key];
    state.flowRevision++;
    state.flowWriter = writer;
    await saveState();
    emit();
  }

  function flowGet(key: string): Promise<string | null> {
    return signedInHere() && key in state.flowSizes
      ? storage.get(FLOW_KEY_PREFIX + key)
      : Promise.resolve(null);
  }

  // ---- the provider's end of the call (issue #28) --------------------------------------
  /** The wizard's values as the background itself reads and writes them (no port wrote). */
  const ownFlowStorage: KeyValueStorage = {
    get: (key) => queue(() => flowGet(key)),
    set: (key, value) => queue(() => flowSet(null, key, value)),
    remove: (key) => queue(() => flowRemove(null, key)),
    clear: () => queue(clearFlow),
  };

  /**
   * What the provider (or a reconciliation) says of the call's end. A live call that ends
   * here by the caller or the system has its call flow finished as on a hang-up, once, by
   * the background: whether one tab shows the wizard, several do, or none is open. The
   * ended call stays (its summary and "the caller hung up") until the agent is done with
   * it or the next call arrives. The agent's own hang-up is finished by the page that hung
   * up (its wizard's confirm and history).
   */
  async function endFromProvider(action: CallLineAction): Promise<void> {
    const before = call;
    await apply(action);
    const after = call;
    if (!before || !after || before.endedAt !== null || after.endedAt === null) return;
    if (after.callId !== before.callId || after.endedBy === 'agent' || !after.wizard) return;
    const executionId = after.wizard.executionId;
    const user = session.hostSession().user;
    // Outside the queue: the flow's bookkeeping may take seconds (spec 9: 20 s for the
    // hang-up notice), and a new incoming call must not wait for it.
    track(
      finishEndedCallFlow({
        api,
        stateStorage: ownFlowStorage,
        drafts: ownFlowStorage,
        userId: after.userId,
        agentName: user?.name || user?.username || '',
        workspaceId: after.workspaceId,
        executionId,
      }),
    );
  }

  let endWatch: CallEndWatch | null = null;
  function watchEnds(scope: Scope | null): void {
    endWatch?.stop();
    endWatch = null;
    if (!scope) return;
    endWatch = watchCallEnds({
      api,
      scope,
      held: () => (signedInHere() ? call : null),
      waiting: () => (signedInHere() ? state.waiting : null),
      apply: (action) => queue(() => endFromProvider(action)),
      // A call that rang while nobody listened: as if its event had arrived now.
      offer: (event) => onIncoming(event),
    });
  }

  // ---- following the session ---------------------------------------------------------
  let subscribedAs = '';
  let unsubscribe: (() => void) | null = null;
  function subscribeIncoming(scope: Scope | null): void {
    const key = scope?.userId ?? '';
    if (key === subscribedAs) return;
    unsubscribe?.();
    unsubscribe = null;
    subscribedAs = key;
    if (scope) unsubscribe = hub.add(incomingCallEvent(scope.userId), onIncoming);
    watchEnds(scope);
  }
  // spec 4: after a token_expired reconnect call tracking is set up again.
  hub.add(SOCKET_REAUTHENTICATED_EVENT, () => {
    subscribedAs = '';
    subscribeIncoming(signedInHere() ? currentScope() : null);
  });

  function sync(): void {
    track(
      queue(async () => {
        await restored;
        const scope = currentScope();
        const key = scopeKey(scope);
        if (key !== state.scope) {
          // Signed out, or another user or workspace: nothing of the last one stays.
          await wipe(state.scope !== '');
          state.scope = key;
          await saveState();
        }
        subscribeIncoming(scope);
        emit();
      }),
    );
  }
  session.onChange(sync);
  sync();
  // Registered at once: a click that wakes the worker finds its listener.
  browser.notifications.onClicked.addListener(onNotificationClicked);
  // A tab selected whose panel is collapsed reports no visibility: the browser says it.
  browser.tabs.onActivated?.addListener(({ tabId }) => {
    const client = clients.byPlace(`crm:${tabId}`);
    if (client) offerTo(client);
  });

  return {
    ready: () => restored,
    connect(handle, info) {
      const client = clients.add(handle, info);
      if (info.kind === 'crm' && info.url && /^https?:/.test(info.url)) {
        const url = info.url;
        track(restored.then(() => storage.set(LAST_CRM_URL_KEY, url)));
      }
      void restored.then(() => {
        if (clients.get(handle) === client) pushTo(client);
        // Viewer counts of the others change with each new viewer, not with a new port.
      });
    },
    disconnect(handle) {
      const client = clients.get(handle);
      clients.remove(handle);
      if (client?.canShowCallFlow) emit();
    },
    reportFacts(handle, canShowCallFlow) {
      const client = clients.get(handle);
      if (!client || client.canShowCallFlow === canShowCallFlow) return;
      client.canShowCallFlow = canShowCallFlow;
      emit();
      maybeReoffer(client);
    },
    reportVisibility(handle, visible) {
      const client = clients.get(handle);
      if (!client) return;
      client.visible = visible;
      if (visible) client.lastFocusedAt = now();
      maybeReoffer(client);
    },
    async handle(handle, message) {
      await restored;
      const client = clients.get(handle);
      if (!client) throw new TransportError('This page is not connected.', 409);
      const answerSnapshot = () => snapshotFor(client);
      switch (message.kind) {
        case 'call:get':
          return answerSnapshot();
        case 'call:claim':
          return queue(() => claim(client, message.callId));
        case 'call:outbound':
          await queue(() => outbound(client, message.call, message.leadName));
          return answerSnapshot();
        case 'call:hang-up':
          await hangUp(message.callId);
          return answerSnapshot();
        case 'call:reset':
          await queue(reset);
          return answerSnapshot();
        case 'call:take-waiting':
          await takeWaiting(client, message.callId);
          return answerSnapshot();
        case 'call:leave-waiting':
          await queue(() => leaveWaiting(message.callId));
          return answerSnapshot();
        case 'call:wizard-moved':
          await queue(() =>
            apply({
              type: 'wizard-moved',
              callId: message.callId,
              executionId: message.executionId,
              stepId: message.stepId,
            }),
          );
          return answerSnapshot();
        case 'call:flow-get':
          return queue(() => flowGet(message.key));
        case 'call:flow-set':
          await queue(() => flowSet(client.key, message.key, message.value));
          return null;
        case 'call:flow-remove':
          await queue(() => flowRemove(client.key, message.key));
          return null;
      }
    },
    snapshot: () => ({
      restored: restoredFlag,
      call: signedInHere() ? call : null,
      offer: state.offer,
      claimedBy: state.claimedBy,
      flowRevision: state.flowRevision,
      flowKeys: Object.keys(state.flowSizes).length,
      notification: state.notification?.id ?? null,
      lastIncoming,
      ignored: { ...ignored },
      clients: clients.all().map((client) => ({
        kind: client.kind,
        tabId: client.tabId ?? null,
        canShowCallFlow: client.canShowCallFlow,
        visible: client.visible,
      })),
    }),
    async idle() {
      await restored;
      while (background.size > 0) await Promise.all([...background]);
      await work;
    },
  };
}
