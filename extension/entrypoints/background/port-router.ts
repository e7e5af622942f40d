import { toSignInError } from '@/shared/session/sign-in-error';
import type { KeyValueStorage } from '@/shared/storage/storage';
import {
  PORT_NAME,
  type AnswerError,
  type BackgroundMessage,
  type NoticeMessage,
  type RpcMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import type { BackgroundCalls } from './calls';
import type { BackgroundLive } from './live';
import { createPanelViews, type PanelViews } from './panel-views';
import {
  isOneWay,
  runOneWay,
  runRpc,
  StaleAnswer,
  type HeldPanelCall,
  type PortContext,
  type RouterParts,
} from './port-handlers';
import { createReportCache, type ReportCache } from './report-cache';
import {
  acceptClientMessage,
  classifySender,
  isPanelFrame,
  type SelfIdentity,
  type SenderClass,
  type SenderLike,
} from './sender-policy';
import type { BackgroundSession } from './session';
import type { SocketHub } from './socket';

/** The part of runtime.Port the router uses. */
export interface RouterPort {
  name: string;
  sender?: SenderLike;
  postMessage(message: BackgroundMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface PortRouter {
  /** runtime.onConnect */
  onConnect(port: RouterPort): void;
  broadcastNotice(notice: Omit<NoticeMessage, 'kind'>): void;
  /** Open ports by class (tests, diagnostics). */
  openPorts(): number;
  /** Messages dropped since start: bad sender, bad shape, not allowed (tests, diagnostics). */
  droppedMessages(): number;
}

/**
 * Bounds per port (issue #9 "message floods"): a page that sends 10,000 requests gets
 * this many in flight at once and a clear error for the rest, so the worker's memory and
 * the server's load stay bounded and other tabs are served.
 */
export const MAX_IN_FLIGHT_PER_PORT = 64;
/** Messages held for a port whose sender is classified once settings have loaded. */
const MAX_HELD_MESSAGES = 64;

export const TOO_MANY_IN_FLIGHT = 'Too many requests in flight from this page; try again.';
export const ANSWER_WITHHELD = 'The answer was withheld: it contained session credentials.';

/**
 * Whether a message to a port holds one of the current tokens (issue #9 item 1): the
 * last check before anything leaves the worker, for every port (ours and the app's).
 */
export function containsSecret(message: unknown, secrets: readonly string[]): boolean {
  if (secrets.length === 0) return false;
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch {
    return true;
  }
  return secrets.some((secret) => text.includes(secret));
}

/** A sign-in failure as answer data: the port transport throws it as a SignInError again. */
function signInFailure(error: unknown): AnswerError {
  const { code, message } = toSignInError(error);
  return { kind: 'sign-in', code, message };
}

/** The background's parts a router is made of (index.ts wires the real ones). */
export interface PortRouterOptions {
  self: SelfIdentity;
  session: BackgroundSession;
  hub: SocketHub;
  /** The browser's one live feed (issue #12): every port mirrors it. */
  live: BackgroundLive;
  /** The active call (issue #13): every port shows it; call:* messages go there. */
  calls: BackgroundCalls;
  /** Widget persistence: storage.local under a prefix. */
  widgetStorage: KeyValueStorage;
  /** The admin's extra Keap hosts whose content script is registered (sender policy). */
  extraKeapHosts?: () => readonly string[];
  /**
   * Settles once those hosts are known: a port that only they would admit waits for it
   * (a worker woken by the port has not read its settings yet).
   */
  settingsReady?: Promise<unknown>;
  /** The CRM tabs' report answers (stale-while-revalidate, issue #14); a new one by default. */
  reportCache?: ReportCache;
  /** The CRM panel's last look per site family (issue #14); a new one by default. */
  panelViews?: PanelViews;
  /** The clock (tests). */
  now?: () => number;
}

/** One connected port: who sent it, what it holds, and whether it is still there. */
interface Connection {
  port: RouterPort;
  /** null until classified (an extra Keap host waits for the settings). */
  senderClass: SenderClass | null;
  /** Messages that came before the sender was classified; null once it is. */
  held: unknown[] | null;
  subscriptions: Map<string, () => void>;
  inFlight: number;
  gone: boolean;
}

/**
 * Serves content scripts and extension pages over runtime ports: one port per tab or
 * page, every message checked by the sender policy and the schema table first, then
 * handed to its kind's handler (port-handlers.ts).
 */
export function createPortRouter(options: PortRouterOptions): PortRouter {
  const { self, session, live, calls } = options;
  const extraKeapHosts = options.extraKeapHosts ?? (() => []);
  const reportCache = options.reportCache ?? createReportCache();
  const panelViews = options.panelViews ?? createPanelViews();
  const ports = new Set<RouterPort>();
  let dropped = 0;

  /** What the CRM tabs were shown may be kept for this owner only. */
  const followOwner = () => {
    const owner = cacheOwner(session);
    reportCache.setOwner(owner);
    panelViews.setOwner(owner);
  };

  /**
   * The last line (issue #9 item 1): no message leaves the worker with a token of the
   * current session in it. The allowlist already keeps token-bearing calls away from
   * pages; this catches whatever a future change lets through. An answer is replaced by
   * an error answer, anything else is dropped.
   */
  function safePost(port: RouterPort, message: BackgroundMessage): void {
    let outgoing: BackgroundMessage | null = message;
    if (containsSecret(message, session.secrets())) {
      dropped++;
      outgoing = message.kind === 'answer' ? withheldAnswer(message.id) : null;
    }
    if (!outgoing) return;
    try {
      port.postMessage(outgoing);
    } catch {
      ports.delete(port);
    }
  }

  const parts: RouterParts = {
    self,
    session,
    hub: options.hub,
    live,
    calls,
    widgetStorage: options.widgetStorage,
    reportCache,
    panelViews,
    now: options.now ?? Date.now,
    ports,
    heldCalls: new Map<number, HeldPanelCall>(),
    safePost,
    followOwner,
    drop: () => {
      dropped++;
    },
  };

  const pushState = (port: RouterPort) =>
    safePost(port, { kind: 'session-state', state: session.publicState() });
  const pushLive = (port: RouterPort) =>
    safePost(port, { kind: 'live-state', snapshot: live.snapshot() });

  session.onChange(() => {
    // Before any tab hears of the change: no answer of the last sign-in is given again.
    followOwner();
    for (const port of ports) pushState(port);
  });
  // Read in one tab, read in every tab: each change goes to every port (issue #12).
  live.subscribe(() => {
    for (const port of ports) pushLive(port);
  });

  /** Sends back what the kind's handler returned, or the error the caller should see. */
  async function answer(ctx: PortContext, message: RpcMessage): Promise<void> {
    const { port } = ctx;
    try {
      await session.ready();
      const data = await runRpc(ctx, message);
      if (data instanceof StaleAnswer) {
        const { staleSince } = data;
        safePost(port, {
          kind: 'answer',
          id: message.id,
          ok: true,
          data: data.data ?? null,
          staleSince,
        });
        return;
      }
      safePost(port, { kind: 'answer', id: message.id, ok: true, data: data ?? null });
    } catch (error) {
      const data =
        message.kind === 'auth:sign-in'
          ? signInFailure(error)
          : TransportError.from(error).toJSON();
      safePost(port, { kind: 'answer', id: message.id, ok: false, error: data });
    }
  }

  /** A message from an admitted port: its kind's handler, within the port's bounds. */
  function receive(connection: Connection, accepted: SenderClass, raw: unknown): void {
    if (connection.gone) return;
    const message = acceptClientMessage(accepted, raw);
    if (!message) {
      dropped++;
      return;
    }
    const { port, subscriptions } = connection;
    const ctx: PortContext = { ...parts, port, senderClass: accepted, subscriptions };
    if (isOneWay(message)) {
      runOneWay(ctx, message);
      return;
    }
    if (connection.inFlight >= MAX_IN_FLIGHT_PER_PORT) {
      dropped++;
      safePost(port, {
        kind: 'answer',
        id: message.id,
        ok: false,
        error: new TransportError(TOO_MANY_IN_FLIGHT, 429).toJSON(),
      });
      return;
    }
    connection.inFlight++;
    void answer(ctx, message).finally(() => {
      connection.inFlight--;
    });
  }

  /** The port joins: its tab's waiting press, the active call, then the state at once. */
  function admit(connection: Connection): void {
    const { port, senderClass } = connection;
    if (connection.gone) return;
    ports.add(port);
    const tab = port.sender?.tab;
    deliverHeldPanelCall(parts, port);
    calls.connect(port, {
      kind: senderClass === 'content-script' ? 'crm' : 'page',
      tabId: tab?.id,
      windowId: tab?.windowId,
      url: port.sender?.url,
      push: (snapshot) => safePost(port, { kind: 'call-state', snapshot }),
    });
    // Every new port gets the state at once (after a worker restart: once restored).
    void session.ready().then(() => {
      if (!ports.has(port)) return;
      pushState(port);
      pushLive(port);
    });
  }

  /** Maybe an extra Keap host the worker has not read yet: decide once settings are in. */
  function classifyWhenSettingsAreIn(connection: Connection, settingsReady: Promise<unknown>) {
    connection.held = [];
    void settingsReady.then(() => {
      const senderClass = classifySender(connection.port.sender, self, extraKeapHosts());
      const waiting = connection.held ?? [];
      connection.held = null;
      connection.senderClass = senderClass;
      if (!senderClass) {
        dropped += 1 + waiting.length;
        connection.port.disconnect();
        return;
      }
      admit(connection);
      for (const raw of waiting) receive(connection, senderClass, raw);
    });
  }

  function listen(connection: Connection): void {
    const { port, subscriptions } = connection;
    port.onDisconnect.addListener(() => {
      connection.gone = true;
      ports.delete(port);
      live.forget(port);
      calls.disconnect(port);
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    });
    port.onMessage.addListener((raw) => {
      if (connection.held) {
        if (connection.held.length < MAX_HELD_MESSAGES) connection.held.push(raw);
        else dropped++;
        return;
      }
      if (connection.senderClass) receive(connection, connection.senderClass, raw);
    });
  }

  return {
    onConnect(port) {
      const senderClass =
        port.name === PORT_NAME ? classifySender(port.sender, self, extraKeapHosts()) : null;
      if (port.name !== PORT_NAME || (!senderClass && !options.settingsReady)) {
        dropped++;
        port.disconnect();
        return;
      }
      const connection: Connection = {
        port,
        senderClass,
        held: null,
        subscriptions: new Map(),
        inFlight: 0,
        gone: false,
      };
      if (!senderClass && options.settingsReady) {
        classifyWhenSettingsAreIn(connection, options.settingsReady);
      }
      listen(connection);
      if (senderClass) admit(connection);
    },
    broadcastNotice(notice) {
      for (const port of ports) safePost(port, { kind: 'notice', ...notice });
    },
    openPorts: () => ports.size,
    droppedMessages: () => dropped,
  };
}

/** Whose answers the cache may hold: one sign-in, one workspace, one server. */
function cacheOwner(session: BackgroundSession): string {
  const state = session.publicState();
  return state.status === 'signed-in' && state.user
    ? `${state.user.id}|${state.workspace?.id ?? ''}|${state.appOrigin}`
    : '';
}

function withheldAnswer(id: string): BackgroundMessage {
  return {
    kind: 'answer',
    id,
    ok: false,
    error: new TransportError(ANSWER_WITHHELD, 500).toJSON(),
  };
}

/** A press waiting for this tab's panel frame (issue #29) reaches the frame as it joins. */
function deliverHeldPanelCall(
  parts: Pick<RouterParts, 'heldCalls' | 'self' | 'now' | 'safePost'>,
  port: RouterPort,
): void {
  const tabId = port.sender?.tab?.id;
  if (typeof tabId !== 'number' || !isPanelFrame(port.sender, parts.self)) return;
  const held = parts.heldCalls.get(tabId);
  if (!held) return;
  parts.heldCalls.delete(tabId);
  if (held.until >= parts.now())
    parts.safePost(port, { kind: 'panel-call', request: held.request });
}
