import { hostSessionSchema } from '@/shared/session/host-session';
import { toSignInError } from '@/shared/session/sign-in-error';
import type { KeyValueStorage } from '@/shared/storage/storage';
import {
  PORT_NAME,
  type AnswerError,
  type BackgroundMessage,
  type ClientMessage,
  type NoticeMessage,
  type PanelCallRequest,
  type RpcMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import type { BackgroundCalls } from './calls';
import type { BackgroundLive } from './live';
import { createPanelViews, type PanelViews } from './panel-views';
import { createReportCache, isCacheable, type ReportCache } from './report-cache';
import { isRequestAllowed, refusalMessage } from './request-policy';
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
/** Socket event subscriptions one port may hold (the widgets use a handful). */
export const MAX_SUBSCRIPTIONS_PER_PORT = 64;
/** Messages held for a port whose sender is classified once settings have loaded. */
const MAX_HELD_MESSAGES = 64;

/**
 * How long a click-to-call press waits for its tab's panel frame to connect (issue #29:
 * a button pressed while the frame is still loading opens its dialog once it is there).
 */
export const PANEL_CALL_HOLD_MS = 5000;

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

/** A cached answer given while a fresh one is fetched: the answer says since when. */
class StaleAnswer {
  constructor(
    readonly data: unknown,
    readonly staleSince: number,
  ) {}
}

/** A sign-in failure as answer data: the port transport throws it as a SignInError again. */
function signInFailure(error: unknown): AnswerError {
  const { code, message } = toSignInError(error);
  return { kind: 'sign-in', code, message };
}

/**
 * Serves content scripts and extension pages over runtime ports: one port per tab or
 * page, every message checked by the sender policy and the schema table first.
 */
export function createPortRouter(options: {
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
}): PortRouter {
  const { self, session, hub, live, calls, widgetStorage } = options;
  const reportCache = options.reportCache ?? createReportCache();
  const panelViews = options.panelViews ?? createPanelViews();
  /** Whose answers the cache may hold: one sign-in, one workspace, one server. */
  const cacheOwner = () => {
    const state = session.publicState();
    return state.status === 'signed-in' && state.user
      ? `${state.user.id}|${state.workspace?.id ?? ''}|${state.appOrigin}`
      : '';
  };
  /** What the CRM tabs were shown may be kept for this owner only. */
  const followOwner = () => {
    const owner = cacheOwner();
    reportCache.setOwner(owner);
    panelViews.setOwner(owner);
  };
  const extraKeapHosts = options.extraKeapHosts ?? (() => []);
  const ports = new Set<RouterPort>();
  let dropped = 0;
  /** A press per tab whose panel frame was not connected yet, and until when it waits. */
  const heldCalls = new Map<number, { request: PanelCallRequest; until: number }>();
  const now = options.now ?? Date.now;

  /**
   * The last line (issue #9 item 1): no message leaves the worker with a token of the
   * current session in it. The allowlist already keeps token-bearing calls away from
   * pages; this catches whatever a future change lets through. An answer is replaced by
   * an error answer, anything else is dropped.
   */
  const leaksSecret = (message: BackgroundMessage) => containsSecret(message, session.secrets());

  function safePost(port: RouterPort, message: BackgroundMessage): void {
    let outgoing: BackgroundMessage | null = message;
    if (leaksSecret(message)) {
      dropped++;
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
  }

  const pushState = (port: RouterPort) =>
    safePost(port, { kind: 'session-state', state: session.publicState() });

  session.onChange(() => {
    // Before any tab hears of the change: no answer of the last sign-in is given again.
    followOwner();
    for (const port of ports) pushState(port);
  });

  const pushLive = (port: RouterPort) =>
    safePost(port, { kind: 'live-state', snapshot: live.snapshot() });
  // Read in one tab, read in every tab: each change goes to every port (issue #12).
  live.subscribe(() => {
    for (const port of ports) pushLive(port);
  });

  async function answer(
    port: RouterPort,
    senderClass: SenderClass,
    message: RpcMessage,
  ): Promise<void> {
    try {
      const data = await handleRpc(port, senderClass, message);
      if (data instanceof StaleAnswer) {
        safePost(port, {
          kind: 'answer',
          id: message.id,
          ok: true,
          data: data.data ?? null,
          staleSince: data.staleSince,
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

  async function handleRpc(
    port: RouterPort,
    senderClass: SenderClass,
    message: RpcMessage,
  ): Promise<unknown> {
    await session.ready();
    switch (message.kind) {
      case 'request': {
        const workspaceId = session.publicState().workspace?.id ?? null;
        if (!isRequestAllowed(senderClass, message.request, workspaceId)) {
          dropped++;
          throw new TransportError(refusalMessage(senderClass), 403);
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
        // A write from anywhere may change what any read answers: the cache starts over.
        const cacheable = isCacheable(message.request);
        if (!cacheable && message.request.method !== 'GET') {
          reportCache.forget();
          panelViews.forget();
        }
        if (!cacheable) return fetch();
        // CRM tabs' reads: the cache answers at once and fetches again behind (issue #14).
        if (senderClass !== 'content-script') return fetch();
        followOwner();
        if (message.revalidate) return reportCache.revalidate(message.request, fetch);
        const cached = await reportCache.answer(message.request, fetch);
        return cached.staleSince === null
          ? cached.data
          : new StaleAnswer(cached.data, cached.staleSince);
      }
      case 'session:get':
        return session.publicState();
      case 'host-session:get':
        return hostSessionSchema.parse(session.hostSession());
      case 'storage:get':
        return widgetStorage.get(message.key);
      case 'storage:set':
        return widgetStorage.set(message.key, message.value);
      case 'storage:remove':
        return widgetStorage.remove(message.key);
      case 'storage:clear':
        return widgetStorage.clear();
      case 'auth:sign-in':
        await session.signIn(message.username, message.password);
        return session.publicState();
      case 'auth:sign-out':
        await session.signOut();
        return session.publicState();
      case 'live:get':
        return live.snapshot();
      case 'live:mark-read':
        // The panel's look shows the unread count: it would paint the old one.
        panelViews.forget();
        await live.markRead(message.ids);
        return null;
      case 'live:mark-all-read':
        panelViews.forget();
        await live.markAllRead();
        return null;
      case 'call:get':
      case 'call:claim':
      case 'call:outbound':
      case 'call:hang-up':
      case 'call:reset':
      case 'call:take-waiting':
      case 'call:leave-waiting':
      case 'call:wizard-moved':
      case 'call:flow-get':
      case 'call:flow-set':
      case 'call:flow-remove':
        return calls.handle(port, message);
    }
  }

  return {
    onConnect(port) {
      if (port.name !== PORT_NAME) {
        dropped++;
        port.disconnect();
        return;
      }
      let senderClass = classifySender(port.sender, self, extraKeapHosts());
      let held: unknown[] | null = null;
      if (!senderClass) {
        // Maybe an extra Keap host the worker has not read yet: decide once settings are in.
        if (!options.settingsReady) {
          dropped++;
          port.disconnect();
          return;
        }
        held = [];
        void options.settingsReady.then(() => {
          senderClass = classifySender(port.sender, self, extraKeapHosts());
          const waiting = held ?? [];
          held = null;
          if (!senderClass) {
            dropped += 1 + waiting.length;
            port.disconnect();
            return;
          }
          admit();
          for (const raw of waiting) onMessage(senderClass, raw);
        });
      }
      const subscriptions = new Map<string, () => void>();
      let inFlight = 0;
      let gone = false;
      port.onDisconnect.addListener(() => {
        gone = true;
        ports.delete(port);
        live.forget(port);
        calls.disconnect(port);
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      });
      port.onMessage.addListener((raw) => {
        if (held) {
          if (held.length < MAX_HELD_MESSAGES) held.push(raw);
          else dropped++;
          return;
        }
        if (senderClass) onMessage(senderClass, raw);
      });

      function admit(): void {
        if (gone) return;
        ports.add(port);
        const tab = port.sender?.tab;
        const held = typeof tab?.id === 'number' ? heldCalls.get(tab.id) : undefined;
        if (held && typeof tab?.id === 'number' && isPanelFrame(port.sender, self)) {
          heldCalls.delete(tab.id);
          if (held.until >= now()) safePost(port, { kind: 'panel-call', request: held.request });
        }
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

      function onMessage(accepted: SenderClass, raw: unknown): void {
        if (gone) return;
        const message: ClientMessage | null = acceptClientMessage(accepted, raw);
        if (!message) {
          dropped++;
          return;
        }
        if (message.kind === 'subscribe') {
          if (subscriptions.has(message.event)) return;
          if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_PORT) {
            dropped++;
            return;
          }
          subscriptions.set(
            message.event,
            hub.add(message.event, (payload) =>
              safePost(port, { kind: 'event', event: message.event, payload }),
            ),
          );
          return;
        }
        if (message.kind === 'unsubscribe') {
          subscriptions.get(message.event)?.();
          subscriptions.delete(message.event);
          return;
        }
        if (message.kind === 'live:visibility') {
          const tab = port.sender?.tab;
          live.reportVisibility(port, message.visible, {
            kind: accepted === 'content-script' ? 'crm' : 'page',
            tabId: tab?.id,
            windowId: tab?.windowId,
          });
          calls.reportVisibility(port, message.visible);
          return;
        }
        if (message.kind === 'live:reload') {
          live.reload();
          return;
        }
        if (message.kind === 'call:facts') {
          calls.reportFacts(port, message.canShowCallFlow);
          return;
        }
        if (message.kind === 'panel:call') {
          // issue #29: a press on the CRM page's call button goes to the panel frame of the
          // same tab, and nowhere else; a frame presses nothing (its dialogs open in place).
          const tabId = port.sender?.tab?.id;
          if (isPanelFrame(port.sender, self) || typeof tabId !== 'number') {
            dropped++;
            return;
          }
          let delivered = false;
          for (const other of ports) {
            if (other.sender?.tab?.id === tabId && isPanelFrame(other.sender, self)) {
              safePost(other, { kind: 'panel-call', request: message.request });
              delivered = true;
            }
          }
          if (delivered) heldCalls.delete(tabId);
          else
            heldCalls.set(tabId, { request: message.request, until: now() + PANEL_CALL_HOLD_MS });
          return;
        }
        if (message.kind === 'panel:view-put' || message.kind === 'panel:view-get') {
          // After a worker restart the owner is known once the session is restored.
          void session.ready().then(() => {
            followOwner();
            if (message.kind === 'panel:view-put') {
              panelViews.put(message.family, message.view);
              return;
            }
            const view = panelViews.get(message.family);
            safePost(port, { kind: 'panel-view', family: message.family, view });
          });
          return;
        }
        if (inFlight >= MAX_IN_FLIGHT_PER_PORT) {
          dropped++;
          safePost(port, {
            kind: 'answer',
            id: message.id,
            ok: false,
            error: new TransportError(TOO_MANY_IN_FLIGHT, 429).toJSON(),
          });
          return;
        }
        inFlight++;
        void answer(port, accepted, message).finally(() => {
          inFlight--;
        });
      }

      if (senderClass) admit();
    },
    broadcastNotice(notice) {
      for (const port of ports) safePost(port, { kind: 'notice', ...notice });
    },
    openPorts: () => ports.size,
    droppedMessages: () => dropped,
  };
}
