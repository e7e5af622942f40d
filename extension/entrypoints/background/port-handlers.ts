import { hostSessionSchema } from '@/shared/session/host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type {
  BackgroundMessage,
  ClientMessage,
  PanelCallRequest,
  RpcKind,
  RpcMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import type { BackgroundCalls, CallRpcMessage } from './calls';
import type { BackgroundLive } from './live';
import type { PanelViews } from './panel-views';
import type { RouterPort } from './port-router';
import { isCacheable, type ReportCache } from './report-cache';
import { isRequestAllowed, refusalMessage } from './request-policy';
import { isPanelFrame, type SelfIdentity, type SenderClass } from './sender-policy';
import type { BackgroundSession } from './session';
import type { SocketHub } from './socket';

/**
 * The port router's handlers (issue #31 item 5): one named function per message kind,
 * each taking the small part of the background it needs, so each is testable alone.
 * The router (port-router.ts) checks the sender and the shape first, bounds what a port
 * may have in flight, and sends back what an RPC handler returns as the `answer`.
 */

/** Socket event subscriptions one port may hold (the widgets use a handful). */
export const MAX_SUBSCRIPTIONS_PER_PORT = 64;

/**
 * How long a click-to-call press waits for its tab's panel frame to connect (issue #29:
 * a button pressed while the frame is still loading opens its dialog once it is there).
 */
export const PANEL_CALL_HOLD_MS = 5000;

/** A press whose tab's panel frame was not connected yet, and until when it waits. */
export interface HeldPanelCall {
  request: PanelCallRequest;
  until: number;
}

/** A cached answer given while a fresh one is fetched: the answer says since when. */
export class StaleAnswer {
  constructor(
    readonly data: unknown,
    readonly staleSince: number,
  ) {}
}

/** What the router shares with every handler: the background's parts and its own state. */
export interface RouterParts {
  self: SelfIdentity;
  session: BackgroundSession;
  hub: SocketHub;
  live: BackgroundLive;
  calls: BackgroundCalls;
  widgetStorage: KeyValueStorage;
  reportCache: ReportCache;
  panelViews: PanelViews;
  now: () => number;
  /** The admitted ports (a press goes to its tab's panel frame among them). */
  ports: ReadonlySet<RouterPort>;
  /** Presses per tab waiting for the tab's panel frame. */
  heldCalls: Map<number, HeldPanelCall>;
  /** Posts to a port unless the message holds a token (the router's last line). */
  safePost(port: RouterPort, message: BackgroundMessage): void;
  /** Keeps the report cache and the panel views for the current sign-in only. */
  followOwner(): void;
  /** Counts a message refused or dropped (diagnostics). */
  drop(): void;
}

/** One message's context: the parts, the port it came on and what the sender is. */
export interface PortContext extends RouterParts {
  port: RouterPort;
  senderClass: SenderClass;
  /** The port's socket subscriptions, by event. */
  subscriptions: Map<string, () => void>;
}

type RpcOf<K extends RpcKind> = Extract<RpcMessage, { kind: K }>;
/** Messages that expect no answer. */
export type OneWayMessage = Exclude<ClientMessage, RpcMessage>;
type OneWayKind = OneWayMessage['kind'];
type OneWayOf<K extends OneWayKind> = Extract<OneWayMessage, { kind: K }>;

/**
 * `request`: an API call through the session's transport, if the request policy lets
 * this sender make it; CRM tabs' reads go through the report cache (issue #14).
 */
export function handleRequest(
  ctx: Pick<
    PortContext,
    'session' | 'senderClass' | 'reportCache' | 'panelViews' | 'followOwner' | 'drop'
  >,
  message: RpcOf<'request'>,
): Promise<unknown> {
  const { session, senderClass, reportCache, panelViews } = ctx;
  const workspaceId = session.publicState().workspace?.id ?? null;
  if (!isRequestAllowed(senderClass, message.request, workspaceId)) {
    ctx.drop();
    return Promise.reject(new TransportError(refusalMessage(senderClass), 403));
  }
  // A 401 on one widget's call ends that call, not the browser's session (issue #9):
  // set here, never taken from the message (the schema refuses the field).
  const fetch = () =>
    session
      .transport()
      .request(
        senderClass === 'content-script'
          ? { ...message.request, keepSessionOnAuthFailure: true }
          : message.request,
      );
  const cacheable = isCacheable(message.request);
  // A write from anywhere may change what any read answers: the cache starts over.
  if (!cacheable && message.request.method !== 'GET') {
    reportCache.forget();
    panelViews.forget();
  }
  if (!cacheable || senderClass !== 'content-script') return fetch();
  // CRM tabs' reads: the cache answers at once and fetches again behind (issue #14).
  ctx.followOwner();
  if (message.revalidate) return reportCache.revalidate(message.request, fetch);
  return reportCache
    .answer(message.request, fetch)
    .then((cached) =>
      cached.staleSince === null ? cached.data : new StaleAnswer(cached.data, cached.staleSince),
    );
}

export function getSession(ctx: Pick<PortContext, 'session'>): unknown {
  return ctx.session.publicState();
}

export function getHostSession(ctx: Pick<PortContext, 'session'>): unknown {
  return hostSessionSchema.parse(ctx.session.hostSession());
}

export function getStorage(
  ctx: Pick<PortContext, 'widgetStorage'>,
  message: RpcOf<'storage:get'>,
): Promise<unknown> {
  return ctx.widgetStorage.get(message.key);
}

export function setStorage(
  ctx: Pick<PortContext, 'widgetStorage'>,
  message: RpcOf<'storage:set'>,
): Promise<unknown> {
  return ctx.widgetStorage.set(message.key, message.value);
}

export function removeStorage(
  ctx: Pick<PortContext, 'widgetStorage'>,
  message: RpcOf<'storage:remove'>,
): Promise<unknown> {
  return ctx.widgetStorage.remove(message.key);
}

export function clearStorage(ctx: Pick<PortContext, 'widgetStorage'>): Promise<unknown> {
  return ctx.widgetStorage.clear();
}

export async function signIn(
  ctx: Pick<PortContext, 'session'>,
  message: RpcOf<'auth:sign-in'>,
): Promise<unknown> {
  await ctx.session.signIn(message.username, message.password);
  return ctx.session.publicState();
}

export async function signOut(ctx: Pick<PortContext, 'session'>): Promise<unknown> {
  await ctx.session.signOut();
  return ctx.session.publicState();
}

export function getLive(ctx: Pick<PortContext, 'live'>): unknown {
  return ctx.live.snapshot();
}

/** The panel's look shows the unread count: it would paint the old one, so it goes. */
export async function markRead(
  ctx: Pick<PortContext, 'live' | 'panelViews'>,
  message: RpcOf<'live:mark-read'>,
): Promise<null> {
  ctx.panelViews.forget();
  await ctx.live.markRead(message.ids);
  return null;
}

export async function markAllRead(ctx: Pick<PortContext, 'live' | 'panelViews'>): Promise<null> {
  ctx.panelViews.forget();
  await ctx.live.markAllRead();
  return null;
}

/** call:* — the active call module answers (issue #13). */
export function handleCall(
  ctx: Pick<PortContext, 'calls' | 'port'>,
  message: CallRpcMessage,
): Promise<unknown> {
  return ctx.calls.handle(ctx.port, message);
}

type RpcHandlers = { [K in RpcKind]: (ctx: PortContext, message: RpcOf<K>) => unknown };

/** The messages that expect an answer, by kind: what a handler returns is the answer. */
export const rpcHandlers: RpcHandlers = {
  request: handleRequest,
  'session:get': getSession,
  'host-session:get': getHostSession,
  'storage:get': getStorage,
  'storage:set': setStorage,
  'storage:remove': removeStorage,
  'storage:clear': clearStorage,
  'auth:sign-in': signIn,
  'auth:sign-out': signOut,
  'live:get': getLive,
  'live:mark-read': markRead,
  'live:mark-all-read': markAllRead,
  'call:get': handleCall,
  'call:claim': handleCall,
  'call:outbound': handleCall,
  'call:hang-up': handleCall,
  'call:reset': handleCall,
  'call:take-waiting': handleCall,
  'call:leave-waiting': handleCall,
  'call:wizard-moved': handleCall,
  'call:flow-get': handleCall,
  'call:flow-set': handleCall,
  'call:flow-remove': handleCall,
};

/** Runs the handler of an RPC message's kind; its result (or error) is the answer. */
export function runRpc(ctx: PortContext, message: RpcMessage): Promise<unknown> {
  // The table pairs each kind with its message type; TypeScript cannot follow that
  // pairing through an index by a union key, so the lookup is widened once here.
  const handler = rpcHandlers[message.kind] as (ctx: PortContext, message: RpcMessage) => unknown;
  return Promise.resolve(handler(ctx, message));
}

/** `subscribe`: the port hears a socket event, up to a bound of events per port. */
export function subscribe(
  ctx: Pick<PortContext, 'hub' | 'port' | 'subscriptions' | 'safePost' | 'drop'>,
  message: OneWayOf<'subscribe'>,
): void {
  const { subscriptions, port } = ctx;
  if (subscriptions.has(message.event)) return;
  if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_PORT) {
    ctx.drop();
    return;
  }
  subscriptions.set(
    message.event,
    ctx.hub.add(message.event, (payload) =>
      ctx.safePost(port, { kind: 'event', event: message.event, payload }),
    ),
  );
}

export function unsubscribe(
  ctx: Pick<PortContext, 'subscriptions'>,
  message: OneWayOf<'unsubscribe'>,
): void {
  ctx.subscriptions.get(message.event)?.();
  ctx.subscriptions.delete(message.event);
}

/** Whether the page is seen: the live feed and the active call both want to know. */
export function reportVisibility(
  ctx: Pick<PortContext, 'live' | 'calls' | 'port' | 'senderClass'>,
  message: OneWayOf<'live:visibility'>,
): void {
  const tab = ctx.port.sender?.tab;
  ctx.live.reportVisibility(ctx.port, message.visible, {
    kind: ctx.senderClass === 'content-script' ? 'crm' : 'page',
    tabId: tab?.id,
    windowId: tab?.windowId,
  });
  ctx.calls.reportVisibility(ctx.port, message.visible);
}

export function reloadLive(ctx: Pick<PortContext, 'live'>): void {
  ctx.live.reload();
}

export function reportCallFacts(
  ctx: Pick<PortContext, 'calls' | 'port'>,
  message: OneWayOf<'call:facts'>,
): void {
  ctx.calls.reportFacts(ctx.port, message.canShowCallFlow);
}

/**
 * issue #29: a press on the CRM page's call button goes to the panel frame of the same
 * tab, and nowhere else; a frame presses nothing (its dialogs open in place). With no
 * frame connected yet the press waits PANEL_CALL_HOLD_MS for one.
 */
export function pressPanelCall(
  ctx: Pick<PortContext, 'self' | 'port' | 'ports' | 'heldCalls' | 'now' | 'safePost' | 'drop'>,
  message: OneWayOf<'panel:call'>,
): void {
  const { self, port } = ctx;
  const tabId = port.sender?.tab?.id;
  if (isPanelFrame(port.sender, self) || typeof tabId !== 'number') {
    ctx.drop();
    return;
  }
  let delivered = false;
  for (const other of ctx.ports) {
    if (other.sender?.tab?.id === tabId && isPanelFrame(other.sender, self)) {
      ctx.safePost(other, { kind: 'panel-call', request: message.request });
      delivered = true;
    }
  }
  if (delivered) ctx.heldCalls.delete(tabId);
  else
    ctx.heldCalls.set(tabId, { request: message.request, until: ctx.now() + PANEL_CALL_HOLD_MS });
}

/** The CRM panel's last look (issue #14); after a worker restart, once the owner is known. */
export function putPanelView(
  ctx: Pick<PortContext, 'session' | 'followOwner' | 'panelViews'>,
  message: OneWayOf<'panel:view-put'>,
): Promise<void> {
  return ctx.session.ready().then(() => {
    ctx.followOwner();
    ctx.panelViews.put(message.family, message.view);
  });
}

export function getPanelView(
  ctx: Pick<PortContext, 'session' | 'followOwner' | 'panelViews' | 'port' | 'safePost'>,
  message: OneWayOf<'panel:view-get'>,
): Promise<void> {
  return ctx.session.ready().then(() => {
    ctx.followOwner();
    const view = ctx.panelViews.get(message.family);
    ctx.safePost(ctx.port, { kind: 'panel-view', family: message.family, view });
  });
}

type OneWayHandlers = { [K in OneWayKind]: (ctx: PortContext, message: OneWayOf<K>) => unknown };

/** The messages that expect no answer, by kind. */
export const oneWayHandlers: OneWayHandlers = {
  subscribe,
  unsubscribe,
  'live:visibility': reportVisibility,
  'live:reload': reloadLive,
  'call:facts': reportCallFacts,
  'panel:call': pressPanelCall,
  'panel:view-put': putPanelView,
  'panel:view-get': getPanelView,
};

/** RPC messages carry an id for their answer; one-way messages carry none. */
export function isOneWay(message: ClientMessage): message is OneWayMessage {
  return !('id' in message);
}

/** Runs the handler of a one-way message's kind. */
export function runOneWay(ctx: PortContext, message: OneWayMessage): void {
  // As in runRpc: the table's kind/message pairing, widened once for the lookup.
  const handler = oneWayHandlers[message.kind] as (ctx: PortContext, m: OneWayMessage) => unknown;
  void handler(ctx, message);
}
