import { en } from '@/shared/i18n/en';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import { IDLE_LIVE_SNAPSHOT, type LiveSnapshot } from '@/shared/live/live-feed';
import { SignInError } from '@/shared/session/sign-in-error';
import {
  isSignInErrorData,
  parseBackgroundMessage,
  PORT_NAME,
  type AnswerMessage,
  type ClientMessage,
  type NoticeMessage,
  type PanelCallRequest,
  type PanelView,
  type PublicSessionState,
  type RpcMessage,
} from './port-protocol';
import {
  createEventFanOut,
  createListenerSet,
  type EventFanOut,
  type ListenerSet,
} from './event-fan-out';
import { TransportError, type Transport, type TransportRequest } from './transport';

/** The part of a runtime.Port the transport uses (webextension-polyfill's Port fits). */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** Opens a port to the background; throws when the extension context is gone. */
export type PortConnector = (name: string) => PortLike;

export interface PortTransportOptions {
  connect: PortConnector;
  /** First reconnect delay after the worker went away; doubles up to 2 s. */
  reconnectDelayMs?: number;
}

/** An RPC message without its id: the transport numbers them. */
export type RpcCall = RpcMessage extends infer M
  ? M extends RpcMessage
    ? Omit<M, 'id'>
    : never
  : never;

/**
 * ARCHITECTURE.md "Inside a CRM tab": the Transport a widget gets in the extension.
 * `request` and `subscribe` go to the background over one runtime port; the background
 * runs them through its own DirectTransport and its one socket. When the MV3 worker is
 * stopped the port closes: the transport reconnects (which wakes the worker), subscribes
 * again, and sends again what was in flight and safe to repeat.
 */
export interface PortTransport extends Transport {
  /** The other RPC kinds: session, host session, storage, and the popup's auth calls. */
  call(message: RpcCall): Promise<unknown>;
  /** The last session state the background pushed (null before the first). */
  sessionState(): PublicSessionState | null;
  onSessionState(listener: (state: PublicSessionState) => void): () => void;
  onNotice(listener: (notice: NoticeMessage) => void): () => void;
  /** The last live snapshot the background pushed (null before the first; issue #12). */
  liveState(): LiveSnapshot | null;
  onLiveState(listener: (snapshot: LiveSnapshot) => void): () => void;
  /**
   * Tells the background whether this page shows the live feed to the agent (browser
   * push waits while one does). Said again on every new port: a restarted worker knows.
   */
  setVisibility(visible: boolean): void;
  /** Try Again on the live list (the background throttles it). */
  reloadLive(): void;
  /** The last active-call snapshot the background pushed (null before the first; issue #13). */
  callState(): CallSnapshot | null;
  onCallState(listener: (snapshot: CallSnapshot) => void): () => void;
  /**
   * Tells the background whether this page can show the call-flow widget (the one-place
   * decision for an incoming call). Said again on every new port.
   */
  setCallFacts(facts: { canShowCallFlow: boolean }): void;
  /**
   * Hands the CRM panel's look to the background (issue #14): the next CRM page of this
   * site family paints it before its panel runtime arrives. Fire and forget.
   */
  putPanelView(family: string, view: PanelView): void;
  /**
   * A click-to-call press on the CRM page (issue #29), for the panel frame of this tab:
   * the background hands it over (`onPanelCall` there). Fire and forget.
   */
  sendPanelCall(request: PanelCallRequest): void;
  /** The presses the background hands to this panel frame. */
  onPanelCall(listener: (request: PanelCallRequest) => void): () => void;
  /**
   * `request`, with what the background says of its answer (issue #14): `staleSince`
   * (epoch ms) when it came from the background's cache while a fresh one is fetched;
   * `revalidate` asks for that fresh one, never a cached answer.
   */
  requestWithFreshness(
    req: TransportRequest,
    options?: { revalidate?: boolean },
  ): Promise<FreshnessAnswer>;
  /** Closes the port for good (page teardown); pending calls fail. */
  close(): void;
}

/** An answer and, when it came from the background's cache, when that was fetched. */
export interface FreshnessAnswer {
  data: unknown;
  staleSince: number | null;
}

/** HTTP methods safe to send twice: what was in flight when the worker stopped. */
const REPEATABLE_METHODS = new Set(['GET', 'PUT', 'DELETE']);
const MAX_RECONNECT_DELAY_MS = 2000;

export const EXTENSION_GONE_TEXT =
  'Intake Cockpit was updated or removed. Reload this page to use its widgets again.';

interface Pending {
  message: RpcMessage;
  resolve(answer: FreshnessAnswer): void;
  reject(error: TransportError | SignInError): void;
  resent: boolean;
}

/** What a port transport holds between calls. */
interface PortState {
  options: PortTransportOptions;
  baseDelay: number;
  pending: Map<string, Pending>;
  events: EventFanOut;
  sessionListeners: ListenerSet<PublicSessionState>;
  noticeListeners: ListenerSet<NoticeMessage>;
  liveListeners: ListenerSet<LiveSnapshot>;
  callListeners: ListenerSet<CallSnapshot>;
  panelCallListeners: ListenerSet<PanelCallRequest>;
  /** The last of each snapshot the background pushed. */
  session: PublicSessionState | null;
  live: LiveSnapshot | null;
  call: CallSnapshot | null;
  /** What this page said of itself (null: not yet), said again on every new port. */
  visible: boolean | null;
  canShowCallFlow: boolean | null;
  port: PortLike | null;
  nextId: number;
  /** close() was called. */
  closed: boolean;
  /** The extension is gone (die). */
  dead: boolean;
  reconnectTimer: ReturnType<typeof setTimeout> | null;
  reconnectDelay: number;
}

export function createPortTransport(options: PortTransportOptions): PortTransport {
  const baseDelay = options.reconnectDelayMs ?? 50;
  const s: PortState = {
    options,
    baseDelay,
    pending: new Map(),
    events: createEventFanOut(),
    sessionListeners: createListenerSet(),
    noticeListeners: createListenerSet(),
    liveListeners: createListenerSet(),
    callListeners: createListenerSet(),
    panelCallListeners: createListenerSet(),
    session: null,
    live: null,
    call: null,
    visible: null,
    canShowCallFlow: null,
    port: null,
    nextId: 1,
    closed: false,
    dead: false,
    reconnectTimer: null,
    reconnectDelay: baseDelay,
  };
  /** Adds a listener of a snapshot the background pushes on every new port: opening one is asking. */
  function listenToPushed<T>(listeners: ListenerSet<T>, listener: (value: T) => void) {
    const remove = listeners.add(listener);
    if (!s.port) open(s);
    return remove;
  }

  return {
    request: (req: TransportRequest) => requestWithFreshness(s, req).then((answer) => answer.data),
    requestWithFreshness: (req, freshness) => requestWithFreshness(s, req, freshness),
    subscribe(event, handler) {
      // Open first: a new port announces the events already known, then this one.
      if (!s.events.has(event)) open(s);
      if (s.events.add(event, handler)) post(s, { kind: 'subscribe', event });
      return () => {
        if (s.events.remove(event, handler) && s.port) post(s, { kind: 'unsubscribe', event });
      };
    },
    call: (message) => callWithFreshness(s, message).then((answer) => answer.data),
    sessionState: () => s.session,
    onSessionState: (listener) => listenToPushed(s.sessionListeners, listener),
    onNotice: (listener) => s.noticeListeners.add(listener),
    liveState: () => s.live,
    // Every new port gets the live snapshot at once, like the session state.
    onLiveState: (listener) => listenToPushed(s.liveListeners, listener),
    setVisibility(next) {
      if (next === s.visible) return;
      s.visible = next;
      // A new port says it itself (open); an open one is told now.
      if (s.port) post(s, { kind: 'live:visibility', visible: next });
      else if (s.liveListeners.any()) open(s);
    },
    reloadLive() {
      post(s, { kind: 'live:reload' });
    },
    callState: () => s.call,
    // Every new port gets the call snapshot at once, like the session state.
    onCallState: (listener) => listenToPushed(s.callListeners, listener),
    setCallFacts(facts) {
      if (facts.canShowCallFlow === s.canShowCallFlow) return;
      s.canShowCallFlow = facts.canShowCallFlow;
      if (s.port) post(s, { kind: 'call:facts', canShowCallFlow: facts.canShowCallFlow });
    },
    putPanelView(family, view) {
      post(s, { kind: 'panel:view-put', family, view });
    },
    sendPanelCall(request) {
      post(s, { kind: 'panel:call', request });
    },
    onPanelCall: (listener) => listenToPushed(s.panelCallListeners, listener),
    close: () => close(s),
  };
}

function setSession(s: PortState, next: PublicSessionState): void {
  s.session = next;
  s.sessionListeners.emit(next);
}

function setLive(s: PortState, next: LiveSnapshot): void {
  s.live = next;
  s.liveListeners.emit(next);
}

function onAnswer(s: PortState, message: AnswerMessage): void {
  const entry = s.pending.get(message.id);
  if (!entry) return;
  s.pending.delete(message.id);
  if (message.ok) entry.resolve({ data: message.data, staleSince: message.staleSince ?? null });
  else if (message.error) {
    // A refused sign-in comes back as the SignInError the background's session threw.
    const { error } = message;
    entry.reject(
      isSignInErrorData(error)
        ? new SignInError(error.code, error.message)
        : TransportError.fromJSON(error),
    );
  }
}

function onMessage(s: PortState, raw: unknown): void {
  const message = parseBackgroundMessage(raw);
  if (!message) return;
  s.reconnectDelay = s.baseDelay;
  switch (message.kind) {
    case 'answer':
      return onAnswer(s, message);
    case 'event':
      return s.events.emit(message.event, message.payload);
    case 'session-state':
      return setSession(s, message.state);
    case 'notice':
      return s.noticeListeners.emit(message);
    case 'live-state':
      return setLive(s, message.snapshot);
    case 'call-state':
      s.call = message.snapshot;
      return s.callListeners.emit(message.snapshot);
    case 'panel-view':
      // The loader's (start-site.ts): it has painted the look before this transport was.
      return;
    case 'panel-call':
      return s.panelCallListeners.emit(message.request);
  }
}

/** The extension was reloaded or removed: nothing here can work again until a reload. */
function die(s: PortState): void {
  s.dead = true;
  s.port = null;
  const error = new TransportError(EXTENSION_GONE_TEXT, 0);
  for (const entry of s.pending.values()) entry.reject(error);
  s.pending.clear();
  setSession(s, {
    status: 'signed-out',
    user: null,
    workspace: null,
    socket: 'disconnected',
    liveCalls: null,
    message: EXTENSION_GONE_TEXT,
    appOrigin: s.session?.appOrigin ?? '',
  });
  setLive(s, IDLE_LIVE_SNAPSHOT);
}

function open(s: PortState): PortLike | null {
  if (s.port) return s.port;
  if (s.closed || s.dead) return null;
  let created: PortLike;
  try {
    created = s.options.connect(PORT_NAME);
  } catch {
    die(s);
    return null;
  }
  s.port = created;
  created.onMessage.addListener((raw) => onMessage(s, raw));
  created.onDisconnect.addListener(() => onDisconnect(s, created));
  // What this tab listens to survives the worker: say it again on every new port.
  for (const event of s.events.events()) created.postMessage({ kind: 'subscribe', event });
  if (s.visible !== null) created.postMessage({ kind: 'live:visibility', visible: s.visible });
  if (s.canShowCallFlow !== null) {
    created.postMessage({ kind: 'call:facts', canShowCallFlow: s.canShowCallFlow });
  }
  return created;
}

function onDisconnect(s: PortState, which: PortLike): void {
  if (s.port !== which) return;
  s.port = null;
  if (s.closed) return;
  const unsafe = new TransportError(en.NETWORK_ERROR, 0);
  for (const [id, entry] of s.pending) {
    const repeatable =
      entry.message.kind !== 'request' || REPEATABLE_METHODS.has(entry.message.request.method);
    const isAuth = entry.message.kind === 'auth:sign-in' || entry.message.kind === 'auth:sign-out';
    if (!repeatable || isAuth || entry.resent) {
      s.pending.delete(id);
      entry.reject(unsafe);
    }
  }
  if (s.pending.size > 0 || isListening(s)) scheduleReconnect(s);
}

/**
 * Whether anything in the tab waits for what the background pushes, so a stopped worker's
 * port is opened again at once: a panel frame that only waits for a panel call (or a
 * notice) must hear the next one too, not only after it next posts something.
 */
function isListening(s: PortState): boolean {
  return [
    s.events,
    s.sessionListeners,
    s.liveListeners,
    s.callListeners,
    s.panelCallListeners,
    s.noticeListeners,
  ].some((listeners) => listeners.any());
}

function scheduleReconnect(s: PortState): void {
  if (s.reconnectTimer || s.closed || s.dead) return;
  s.reconnectTimer = setTimeout(() => {
    s.reconnectTimer = null;
    const reopened = open(s);
    if (!reopened) return;
    for (const entry of s.pending.values()) {
      entry.resent = true;
      reopened.postMessage(entry.message);
    }
  }, s.reconnectDelay);
  s.reconnectDelay = Math.min(s.reconnectDelay * 2, MAX_RECONNECT_DELAY_MS);
}

function post(s: PortState, message: ClientMessage): boolean {
  const target = open(s);
  if (!target) return false;
  try {
    target.postMessage(message);
    return true;
  } catch {
    // The port died under us; onDisconnect reconnects and resends what is pending.
    return s.port !== null;
  }
}

function callWithFreshness(s: PortState, message: RpcCall): Promise<FreshnessAnswer> {
  if (s.closed || s.dead) return Promise.reject(new TransportError(EXTENSION_GONE_TEXT, 0));
  const id = String(s.nextId++);
  const full = { ...message, id } as RpcMessage;
  return new Promise((resolve, reject) => {
    s.pending.set(id, { message: full, resolve, reject, resent: false });
    if (!post(s, full) && !s.dead && !s.closed) scheduleReconnect(s);
  });
}

function requestWithFreshness(
  s: PortState,
  req: TransportRequest,
  { revalidate = false }: { revalidate?: boolean } = {},
): Promise<FreshnessAnswer> {
  // Only what the protocol carries; `anonymous` requests never go through a port.
  const { method, path, base, query, body, timeoutMs, skipAuthRefresh } = req;
  if (req.anonymous) {
    return Promise.reject(new TransportError('Anonymous calls are not allowed from a widget.', 0));
  }
  const request = Object.fromEntries(
    Object.entries({ method, path, base, query, body, timeoutMs, skipAuthRefresh }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Extract<RpcCall, { kind: 'request' }>['request'];
  const message: RpcCall = revalidate
    ? { kind: 'request', request, revalidate: true }
    : { kind: 'request', request };
  const signal = req.signal;
  if (!signal) return callWithFreshness(s, message);
  if (signal.aborted) return Promise.reject(TransportError.cancelled());
  // The protocol has no cancel message: the background finishes the call and its
  // answer is dropped here; the caller stops waiting at once.
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(TransportError.cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    callWithFreshness(s, message)
      .then(resolve, reject)
      .finally(() => {
        signal.removeEventListener('abort', onAbort);
      });
  });
}

/** Closes the port for good (page teardown); pending calls fail. */
function close(s: PortState): void {
  s.closed = true;
  if (s.reconnectTimer) clearTimeout(s.reconnectTimer);
  const error = new TransportError(EXTENSION_GONE_TEXT, 0);
  for (const entry of s.pending.values()) entry.reject(error);
  s.pending.clear();
  s.port?.disconnect();
  s.port = null;
}
