import type { CallRpc, RemoteCalls } from '@/shared/calls/remote-call-session';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import type { Notification } from '@/shared/contracts/notification';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';
import {
  type AnswerMessage,
  isSignInErrorData,
  LIVE_PORT_NAME,
  parseBackgroundMessage,
  type AppLiveMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';

type PortAnswer = Pick<AnswerMessage, 'ok' | 'data' | 'error'>;

/**
 * What a mirror of the extension background's feed reads and sends: the extension's
 * panels (over their runtime port, extension/panel/port-live-feed.ts) and the standalone
 * app (over its externally_connectable port, below).
 */
export interface LiveMirrorSource {
  /** The last snapshot the background pushed; null before the first. */
  get(): LiveSnapshot | null;
  subscribe(listener: () => void): () => void;
  markRead(ids: readonly string[]): Promise<void>;
  markAllRead(): Promise<void>;
  reload(): void;
}

/** The most ids one mark-read message carries (the server's own bound). */
const MAX_READ_IDS = 500;

/**
 * A LiveFeed that shows the background's snapshot and sends reads to it: the background
 * marks read, tells the server, and pushes the new snapshot to every tab and the app, so
 * all of them agree. Browser push is the background's (one per browser): `onArrival`
 * here only tells of notifications that appear in a later snapshot, unread, for the
 * notification centre's screen-reader announcement.
 */
export function mirrorLiveFeed(source: LiveMirrorSource): LiveFeed {
  const arrivalListeners = new Set<(notification: Notification) => void>();
  let seen: Set<string> | null = null;

  function noteArrivals(): void {
    const snapshot = source.get();
    if (!snapshot || snapshot.status !== 'ready') {
      // Signed out, or loading again: what the next list holds is not an arrival.
      if (!snapshot || snapshot.status === 'idle') seen = null;
      return;
    }
    const ids = new Set(snapshot.notifications.map((notification) => notification.id));
    const before = seen;
    seen = ids;
    if (!before) return;
    for (const notification of snapshot.notifications) {
      if (before.has(notification.id) || notification.read) continue;
      for (const listener of [...arrivalListeners]) listener(notification);
    }
  }
  noteArrivals();
  source.subscribe(noteArrivals);

  return {
    get: () => source.get() ?? IDLE_LIVE_SNAPSHOT,
    subscribe: (listener) => source.subscribe(listener),
    async markRead(ids) {
      if (ids.length === 0) return;
      await source.markRead(ids.slice(0, MAX_READ_IDS));
    },
    markAllRead: () => source.markAllRead(),
    reload: () => source.reload(),
    onArrival(listener) {
      arrivalListeners.add(listener);
      return () => void arrivalListeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------------------------------
// The standalone app's side (issue #12: one socket and one read state per browser)
// ---------------------------------------------------------------------------------------

/** How long the extension has to answer the app's hello (issue #12: "within ~1 s"). */
export const EXTENSION_ANSWER_MS = 1000;
/** A mark-read the extension does not answer by then is given up (the feed retries). */
const CALL_TIMEOUT_MS = 10_000;
/** Reconnects after the extension's worker went away (it restarts on the next port). */
const MAX_RECONNECTS = 3;
const RECONNECT_DELAY_MS = 200;

/** What Chromium gives a page that an extension's externally_connectable lists. */
interface PagePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}
interface PageRuntime {
  connect(extensionId: string, info: { name: string }): PagePort;
  lastError?: unknown;
}

function pageRuntime(): PageRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.connect === 'function' ? (runtime as PageRuntime) : null;
}

export interface ExtensionLiveFeedOptions {
  /** The extension's id, from the app bridge (app/features/extension-handoff). */
  extensionId: string;
  /** The app's signed-in user and workspace: the extension must have the same. */
  userId: string;
  workspaceId: string;
  /**
   * The extension stopped serving this app (signed out, another user, removed): the feed
   * is idle from then on, and the app should use its own socket again.
   */
  onClosed?: () => void;
  /** The page whose visibility is reported (browser push waits while it is visible). */
  doc?: Document;
  /**
   * The app can show the call-flow wizard for this user (issue #13 call:facts): the
   * background counts it among the places that show a live call.
   */
  canShowCallFlow?: boolean;
}

/**
 * The extension's feed as the app gets it, with the background's active call on the same
 * port (issue #13: the app reads `call-state` and sends call:* like a CRM tab's panel).
 */
export type ExtensionLiveFeed = LiveFeed & { calls: RemoteCalls };

/** The extension's feed carries its calls (a feed of the app's own does not). */
export function isExtensionLiveFeed(feed: LiveFeed | null): feed is ExtensionLiveFeed {
  return feed !== null && typeof (feed as Partial<ExtensionLiveFeed>).calls === 'object';
}

/**
 * The extension background's live feed, for the standalone app (issue #12: one socket
 * and one read state per browser). Answers null when the extension is absent, does not
 * answer in time, or is signed in as someone else: the app then opens its own socket.
 * Nothing secret travels on the port: the app says who it is signed in as (ids, never a
 * token), and the extension answers with the live snapshot only.
 */
export async function connectExtensionLiveFeed(
  options: ExtensionLiveFeedOptions,
): Promise<ExtensionLiveFeed | null> {
  const found = pageRuntime();
  if (!found) return null;
  const runtime: PageRuntime = found;
  const doc = options.doc ?? (typeof document === 'undefined' ? null : document);
  const listeners = new Set<() => void>();
  /** Each sent RPC's settle: the answer (ok + data) or undefined when given up. */
  const pending = new Map<string, (answer?: PortAnswer) => void>();
  const callListeners = new Set<(snapshot: CallSnapshot) => void>();
  let callSnapshot: CallSnapshot | null = null;
  let snapshot: LiveSnapshot | null = null;
  let port: PagePort | null = null;
  let ended = false;
  let nextId = 1;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const visible = () => doc?.visibilityState === 'visible';
  const send = (message: AppLiveMessage) => {
    try {
      port?.postMessage(message);
    } catch {
      // The port died under us; onDisconnect reconnects.
    }
  };

  /** Opens a port and says hello; resolves whether the extension answered with a snapshot. */
  function open(waitMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let answered = false;
      let created: PagePort;
      try {
        created = runtime.connect(options.extensionId, { name: LIVE_PORT_NAME });
      } catch {
        resolve(false);
        return;
      }
      const timer = setTimeout(() => {
        if (answered) return;
        created.disconnect();
        resolve(false);
      }, waitMs);
      created.onMessage.addListener((raw) => {
        const message = parseBackgroundMessage(raw);
        if (!message) return;
        if (message.kind === 'live-state') {
          snapshot = message.snapshot;
          if (!answered) {
            answered = true;
            clearTimeout(timer);
            port = created;
            send({ kind: 'live:visibility', visible: visible() });
            if (options.canShowCallFlow !== undefined) {
              send({ kind: 'call:facts', canShowCallFlow: options.canShowCallFlow });
            }
            resolve(true);
          }
          emit();
        } else if (message.kind === 'answer') {
          pending.get(message.id)?.(message);
          pending.delete(message.id);
        } else if (message.kind === 'call-state') {
          callSnapshot = message.snapshot;
          for (const listener of [...callListeners]) listener(message.snapshot);
        }
      });
      created.onDisconnect.addListener(() => {
        // Read, so the browser does not log an unchecked error for a refused port.
        void runtime.lastError;
        clearTimeout(timer);
        if (!answered) {
          resolve(false);
          return;
        }
        if (port === created) void reconnect();
      });
      created.postMessage(helloMessage(options));
    });
  }

  /** The worker was stopped (it wakes on the next port) or it refuses us now. */
  async function reconnect(): Promise<void> {
    port = null;
    for (const settle of pending.values()) settle();
    pending.clear();
    for (let attempt = 0; attempt < MAX_RECONNECTS && !ended; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS * 2 ** attempt));
      if (await open(EXTENSION_ANSWER_MS * 3)) return;
    }
    end();
  }

  function end(): void {
    if (ended) return;
    ended = true;
    port = null;
    doc?.removeEventListener('visibilitychange', onVisibility);
    snapshot = IDLE_LIVE_SNAPSHOT;
    emit();
    // The background no longer serves us: its call is not ours to show any more.
    callSnapshot = null;
    options.onClosed?.();
  }

  function onVisibility(): void {
    send({ kind: 'live:visibility', visible: visible() });
  }

  type LiveCall = { kind: 'live:mark-read'; ids: string[] } | { kind: 'live:mark-all-read' };

  function call(message: LiveCall): Promise<void> {
    if (!port) return Promise.resolve();
    const id = `app-${nextId++}`;
    return new Promise((resolve) => {
      const timer = setTimeout(done, CALL_TIMEOUT_MS);
      function done() {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      }
      pending.set(id, done);
      send({ ...message, id } as AppLiveMessage);
    });
  }

  /** A call:* RPC: resolves with the background's answer, rejects when it failed or died. */
  function callRpc(message: CallRpc): Promise<unknown> {
    if (!port) return Promise.reject(new Error('The extension is not connected.'));
    const id = `app-${nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(), CALL_TIMEOUT_MS);
      function settle(answer?: PortAnswer) {
        clearTimeout(timer);
        pending.delete(id);
        if (answer?.ok) resolve(answer.data);
        else reject(callRpcError(answer));
      }
      pending.set(id, settle);
      send({ ...message, id } as AppLiveMessage);
    });
  }

  if (!(await open(EXTENSION_ANSWER_MS))) return null;
  doc?.addEventListener('visibilitychange', onVisibility);

  const feed = mirrorLiveFeed({
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    markRead: (ids) => call({ kind: 'live:mark-read', ids: [...ids] }),
    markAllRead: () => call({ kind: 'live:mark-all-read' }),
    reload: () => send({ kind: 'live:reload' }),
  });
  const calls = remoteCalls(callRpc, () => callSnapshot, callListeners);
  return Object.assign(feed, { calls });
}

/** The app's hello on a new port: who it is signed in as (ids, never a token). */
function helloMessage(options: ExtensionLiveFeedOptions): AppLiveMessage {
  return { kind: 'live:hello', userId: options.userId, workspaceId: options.workspaceId };
}

/** Why a call:* RPC failed: the background's error, or that it did not answer. */
function callRpcError(answer?: PortAnswer): TransportError {
  const error = answer?.error;
  if (error && !isSignInErrorData(error)) {
    return new TransportError(error.message, error.status, error.serverMessage);
  }
  return new TransportError('The extension did not answer the call request.', 0);
}

/** The background's calls as the app uses them, over the feed's port. */
function remoteCalls(
  call: RemoteCalls['call'],
  callState: () => CallSnapshot | null,
  listeners: Set<(snapshot: CallSnapshot) => void>,
): RemoteCalls {
  return {
    call,
    callState,
    onCallState(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
