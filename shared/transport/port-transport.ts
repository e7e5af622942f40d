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
  TransportError,
  type SocketEventHandler,
  type Transport,
  type TransportRequest,
} from './transport';

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

export function createPortTransport(options: PortTransportOptions): PortTransport {
  const baseDelay = options.reconnectDelayMs ?? 50;
  const pending = new Map<string, Pending>();
  const eventHandlers = new Map<string, Set<SocketEventHandler>>();
  const stateListeners = new Set<(state: PublicSessionState) => void>();
  const noticeListeners = new Set<(notice: NoticeMessage) => void>();
  const liveListeners = new Set<(snapshot: LiveSnapshot) => void>();
  let live: LiveSnapshot | null = null;
  let visible: boolean | null = null;
  const callListeners = new Set<(snapshot: CallSnapshot) => void>();
  const panelCallListeners = new Set<(request: PanelCallRequest) => void>();
  let callSnapshot: CallSnapshot | null = null;
  let canShowCallFlow: boolean | null = null;
  let port: PortLike | null = null;
  let state: PublicSessionState | null = null;
  let nextId = 1;
  let closed = false;
  let dead = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let reconnectDelay = baseDelay;

  function setState(next: PublicSessionState): void {
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  function setLive(next: LiveSnapshot): void {
    live = next;
    for (const listener of liveListeners) listener(next);
  }

  function onAnswer(message: AnswerMessage): void {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
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

  function onMessage(raw: unknown): void {
    const message = parseBackgroundMessage(raw);
    if (!message) return;
    reconnectDelay = baseDelay;
    switch (message.kind) {
      case 'answer':
        return onAnswer(message);
      case 'event':
        for (const handler of eventHandlers.get(message.event) ?? []) handler(message.payload);
        return;
      case 'session-state':
        return setState(message.state);
      case 'notice':
        for (const listener of noticeListeners) listener(message);
        return;
      case 'live-state':
        return setLive(message.snapshot);
      case 'call-state':
        callSnapshot = message.snapshot;
        for (const listener of callListeners) listener(message.snapshot);
        return;
      case 'panel-view':
        // The loader's (start-site.ts): it has painted the look before this transport was.
        return;
      case 'panel-call':
        for (const listener of panelCallListeners) listener(message.request);
        return;
    }
  }

  /** The extension was reloaded or removed: nothing here can work again until a reload. */
  function die(): void {
    dead = true;
    port = null;
    const error = new TransportError(EXTENSION_GONE_TEXT, 0);
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
    setState({
      status: 'signed-out',
      user: null,
      workspace: null,
      socket: 'disconnected',
      liveCalls: null,
      message: EXTENSION_GONE_TEXT,
      appOrigin: state?.appOrigin ?? '',
    });
    setLive(IDLE_LIVE_SNAPSHOT);
  }

  function open(): PortLike | null {
    if (port) return port;
    if (closed || dead) return null;
    let created: PortLike;
    try {
      created = options.connect(PORT_NAME);
    } catch {
      die();
      return null;
    }
    port = created;
    created.onMessage.addListener(onMessage);
    created.onDisconnect.addListener(() => onDisconnect(created));
    // What this tab listens to survives the worker: say it again on every new port.
    for (const event of eventHandlers.keys()) created.postMessage({ kind: 'subscribe', event });
    if (visible !== null) created.postMessage({ kind: 'live:visibility', visible });
    if (canShowCallFlow !== null) {
      created.postMessage({ kind: 'call:facts', canShowCallFlow });
    }
    return created;
  }

  function onDisconnect(which: PortLike): void {
    if (port !== which) return;
    port = null;
    if (closed) return;
    const unsafe = new TransportError(en.NETWORK_ERROR, 0);
    for (const [id, entry] of pending) {
      const repeatable =
        entry.message.kind !== 'request' || REPEATABLE_METHODS.has(entry.message.request.method);
      const isAuth =
        entry.message.kind === 'auth:sign-in' || entry.message.kind === 'auth:sign-out';
      if (!repeatable || isAuth || entry.resent) {
        pending.delete(id);
        entry.reject(unsafe);
      }
    }
    const listening =
      eventHandlers.size > 0 ||
      stateListeners.size > 0 ||
      liveListeners.size > 0 ||
      callListeners.size > 0;
    if (pending.size > 0 || listening) scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (reconnectTimer || closed || dead) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      const reopened = open();
      if (!reopened) return;
      for (const entry of pending.values()) {
        entry.resent = true;
        reopened.postMessage(entry.message);
      }
    }, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, MAX_RECONNECT_DELAY_MS);
  }

  function post(message: ClientMessage): boolean {
    const target = open();
    if (!target) return false;
    try {
      target.postMessage(message);
      return true;
    } catch {
      // The port died under us; onDisconnect reconnects and resends what is pending.
      return port !== null;
    }
  }

  function callWithFreshness(message: RpcCall): Promise<FreshnessAnswer> {
    if (closed || dead) return Promise.reject(new TransportError(EXTENSION_GONE_TEXT, 0));
    const id = String(nextId++);
    const full = { ...message, id } as RpcMessage;
    return new Promise((resolve, reject) => {
      pending.set(id, { message: full, resolve, reject, resent: false });
      if (!post(full) && !dead && !closed) scheduleReconnect();
    });
  }

  const call = (message: RpcCall): Promise<unknown> =>
    callWithFreshness(message).then((answer) => answer.data);

  function requestWithFreshness(
    req: TransportRequest,
    { revalidate = false }: { revalidate?: boolean } = {},
  ): Promise<FreshnessAnswer> {
    // Only what the protocol carries; `anonymous` requests never go through a port.
    const { method, path, base, query, body, timeoutMs, skipAuthRefresh } = req;
    if (req.anonymous) {
      return Promise.reject(
        new TransportError('Anonymous calls are not allowed from a widget.', 0),
      );
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
    if (!signal) return callWithFreshness(message);
    if (signal.aborted) return Promise.reject(TransportError.cancelled());
    // The protocol has no cancel message: the background finishes the call and its
    // answer is dropped here; the caller stops waiting at once.
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(TransportError.cancelled());
      signal.addEventListener('abort', onAbort, { once: true });
      callWithFreshness(message)
        .then(resolve, reject)
        .finally(() => {
          signal.removeEventListener('abort', onAbort);
        });
    });
  }

  return {
    request: (req: TransportRequest) => requestWithFreshness(req).then((answer) => answer.data),
    requestWithFreshness,
    subscribe(event, handler) {
      let set = eventHandlers.get(event);
      if (!set) {
        // Open first: a new port announces the events already known, then this one.
        open();
        eventHandlers.set(event, (set = new Set()));
        post({ kind: 'subscribe', event });
      }
      set.add(handler);
      return () => {
        const current = eventHandlers.get(event);
        if (!current?.delete(handler) || current.size > 0) return;
        eventHandlers.delete(event);
        if (port) post({ kind: 'unsubscribe', event });
      };
    },
    call,
    sessionState: () => state,
    onSessionState(listener) {
      stateListeners.add(listener);
      // The background pushes the state on every new port: opening one is asking.
      if (!port) open();
      return () => void stateListeners.delete(listener);
    },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => void noticeListeners.delete(listener);
    },
    liveState: () => live,
    onLiveState(listener) {
      liveListeners.add(listener);
      // Every new port gets the live snapshot at once, like the session state.
      if (!port) open();
      return () => void liveListeners.delete(listener);
    },
    setVisibility(next) {
      if (next === visible) return;
      visible = next;
      // A new port says it itself (open); an open one is told now.
      if (port) post({ kind: 'live:visibility', visible: next });
      else if (liveListeners.size > 0) open();
    },
    reloadLive() {
      post({ kind: 'live:reload' });
    },
    callState: () => callSnapshot,
    onCallState(listener) {
      callListeners.add(listener);
      // Every new port gets the call snapshot at once, like the session state.
      if (!port) open();
      return () => void callListeners.delete(listener);
    },
    setCallFacts(facts) {
      if (facts.canShowCallFlow === canShowCallFlow) return;
      canShowCallFlow = facts.canShowCallFlow;
      if (port) post({ kind: 'call:facts', canShowCallFlow: facts.canShowCallFlow });
    },
    putPanelView(family, view) {
      post({ kind: 'panel:view-put', family, view });
    },
    sendPanelCall(request) {
      post({ kind: 'panel:call', request });
    },
    onPanelCall(listener) {
      panelCallListeners.add(listener);
      if (!port) open();
      return () => void panelCallListeners.delete(listener);
    },
    close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const error = new TransportError(EXTENSION_GONE_TEXT, 0);
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
      port?.disconnect();
      port = null;
    },
  };
}
