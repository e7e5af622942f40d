import { toSignInError } from '@/shared/session/sign-in-error';
import {
  PORT_NAME,
  type AnswerError,
  type BackgroundMessage,
  type NoticeMessage,
  type RpcMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import { createPanelViews, type PanelViews } from './panel-views';
import { createReportCache, type ReportCache } from './report-cache';
import { handleOneWay, isOneWay, type Connection } from './router/one-way-handlers';
import type { RouterContext, RouterModules, RouterPort } from './router/router-context';
import { handleRpc, StaleAnswer } from './router/rpc-handlers';
import {
  acceptClientMessage,
  classifySender,
  isPanelFrame,
  type SenderClass,
} from './sender-policy';

export type { RouterPort } from './router/router-context';
export { MAX_SUBSCRIPTIONS_PER_PORT, PANEL_CALL_HOLD_MS } from './router/one-way-handlers';

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

export interface PortRouterOptions extends RouterModules {
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

/**
 * Serves content scripts and extension pages over runtime ports: one port per tab or
 * page, every message checked by the sender policy and the schema table first, then
 * handed to its kind's handler (router/rpc-handlers.ts, router/one-way-handlers.ts).
 */
export function createPortRouter(options: PortRouterOptions): PortRouter {
  let dropped = 0;
  const context = routerContext(options, (count = 1) => {
    dropped += count;
  });
  const { session, live, ports } = context;

  session.onChange(() => {
    // Before any tab hears of the change: no answer of the last sign-in is given again.
    context.followOwner();
    for (const port of ports) pushState(context, port);
  });
  // Read in one tab, read in every tab: each change goes to every port (issue #12).
  live.subscribe(() => {
    for (const port of ports) pushLive(context, port);
  });

  return {
    onConnect(port) {
      if (port.name !== PORT_NAME) {
        context.drop();
        port.disconnect();
        return;
      }
      connectPort(context, port, options);
    },
    broadcastNotice(notice) {
      for (const port of ports) context.post(port, { kind: 'notice', ...notice });
    },
    openPorts: () => ports.size,
    droppedMessages: () => dropped,
  };
}

/** The router's shared parts, and its one way out to a port. */
function routerContext(options: PortRouterOptions, drop: (count?: number) => void): RouterContext {
  const { session } = options;
  const reportCache = options.reportCache ?? createReportCache();
  const panelViews = options.panelViews ?? createPanelViews();
  const ports = new Set<RouterPort>();
  /** Whose answers the cache may hold: one sign-in, one workspace, one server. */
  const cacheOwner = () => {
    const state = session.publicState();
    return state.status === 'signed-in' && state.user
      ? `${state.user.id}|${state.workspace?.id ?? ''}|${state.appOrigin}`
      : '';
  };
  return {
    self: options.self,
    session,
    hub: options.hub,
    live: options.live,
    calls: options.calls,
    widgetStorage: options.widgetStorage,
    reportCache,
    panelViews,
    ports,
    heldCalls: new Map(),
    now: options.now ?? Date.now,
    drop,
    followOwner() {
      // What the CRM tabs were shown may be kept for this owner only.
      const owner = cacheOwner();
      reportCache.setOwner(owner);
      panelViews.setOwner(owner);
    },
    /**
     * The last line (issue #9 item 1): no message leaves the worker with a token of the
     * current session in it. The allowlist already keeps token-bearing calls away from
     * pages; this catches whatever a future change lets through. An answer is replaced by
     * an error answer, anything else is dropped.
     */
    post(port, message) {
      let outgoing: BackgroundMessage | null = message;
      if (containsSecret(message, session.secrets())) {
        drop();
        outgoing =
          message.kind === 'answer'
            ? {
                kind: 'answer',
                id: message.id,
                ok: false,
                error: new TransportError(ANSWER_WITHHELD, 500).toJSON(),
              }
            : null;
      }
      if (!outgoing) return;
      try {
        port.postMessage(outgoing);
      } catch {
        ports.delete(port);
      }
    },
  };
}

const pushState = (context: RouterContext, port: RouterPort) =>
  context.post(port, { kind: 'session-state', state: context.session.publicState() });

const pushLive = (context: RouterContext, port: RouterPort) =>
  context.post(port, { kind: 'live-state', snapshot: context.live.snapshot() });

/**
 * One port from its connection to its end: classified by its sender (or held until the
 * settings say whether an extra Keap host admits it), admitted, then each message checked
 * and handled; on disconnect its subscriptions and places are let go.
 */
function connectPort(context: RouterContext, port: RouterPort, options: PortRouterOptions): void {
  const extraKeapHosts = options.extraKeapHosts ?? (() => []);
  const classify = () => classifySender(port.sender, context.self, extraKeapHosts());
  let senderClass = classify();
  let held: unknown[] | null = null;
  if (!senderClass) {
    // Maybe an extra Keap host the worker has not read yet: decide once settings are in.
    if (!options.settingsReady) {
      context.drop();
      port.disconnect();
      return;
    }
    held = [];
    void options.settingsReady.then(() => {
      senderClass = classify();
      const waiting = held ?? [];
      held = null;
      if (!senderClass) {
        context.drop(1 + waiting.length);
        port.disconnect();
        return;
      }
      const connection = admit(senderClass);
      for (const raw of waiting) receive(connection, raw);
    });
  }
  const subscriptions = new Map<string, () => void>();
  let admitted: Connection | null = null;
  let inFlight = 0;
  let gone = false;
  port.onDisconnect.addListener(() => {
    gone = true;
    context.ports.delete(port);
    context.live.forget(port);
    context.calls.disconnect(port);
    for (const unsubscribe of subscriptions.values()) unsubscribe();
    subscriptions.clear();
  });
  port.onMessage.addListener((raw) => {
    if (held) {
      if (held.length < MAX_HELD_MESSAGES) held.push(raw);
      else context.drop();
      return;
    }
    if (admitted) receive(admitted, raw);
  });

  function admit(accepted: SenderClass): Connection {
    const connection: Connection = { port, senderClass: accepted, subscriptions };
    admitted = connection;
    if (!gone) admitPort(context, connection);
    return connection;
  }

  function receive(connection: Connection, raw: unknown): void {
    if (gone) return;
    const message = acceptClientMessage(connection.senderClass, raw);
    if (!message) {
      context.drop();
      return;
    }
    if (isOneWay(message)) {
      handleOneWay(context, connection, message);
      return;
    }
    if (inFlight >= MAX_IN_FLIGHT_PER_PORT) {
      context.drop();
      context.post(port, {
        kind: 'answer',
        id: message.id,
        ok: false,
        error: new TransportError(TOO_MANY_IN_FLIGHT, 429).toJSON(),
      });
      return;
    }
    inFlight++;
    void answer(context, connection, message).finally(() => {
      inFlight--;
    });
  }

  if (senderClass) admit(senderClass);
}

/**
 * A classified port joins the open ones: a click-to-call press held for its tab's panel
 * frame is handed over, the calls module places it, and it gets the state at once.
 */
function admitPort(context: RouterContext, { port, senderClass }: Connection): void {
  context.ports.add(port);
  const tab = port.sender?.tab;
  const held = typeof tab?.id === 'number' ? context.heldCalls.get(tab.id) : undefined;
  if (held && typeof tab?.id === 'number' && isPanelFrame(port.sender, context.self)) {
    context.heldCalls.delete(tab.id);
    if (held.until >= context.now())
      context.post(port, { kind: 'panel-call', request: held.request });
  }
  context.calls.connect(port, {
    kind: senderClass === 'content-script' ? 'crm' : 'page',
    tabId: tab?.id,
    windowId: tab?.windowId,
    url: port.sender?.url,
    push: (snapshot) => context.post(port, { kind: 'call-state', snapshot }),
  });
  // Every new port gets the state at once (after a worker restart: once restored).
  void context.session.ready().then(() => {
    if (!context.ports.has(port)) return;
    pushState(context, port);
    pushLive(context, port);
  });
}

/** Answers a message that expects one: its handler's result, or the error it threw. */
async function answer(
  context: RouterContext,
  { port, senderClass }: Connection,
  message: RpcMessage,
): Promise<void> {
  try {
    const data = await handleRpc({ context, port, senderClass, message });
    if (data instanceof StaleAnswer) {
      context.post(port, {
        kind: 'answer',
        id: message.id,
        ok: true,
        data: data.data ?? null,
        staleSince: data.staleSince,
      });
      return;
    }
    context.post(port, { kind: 'answer', id: message.id, ok: true, data: data ?? null });
  } catch (error) {
    const data =
      message.kind === 'auth:sign-in' ? signInFailure(error) : TransportError.from(error).toJSON();
    context.post(port, { kind: 'answer', id: message.id, ok: false, error: data });
  }
}
