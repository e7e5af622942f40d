import type { ApiClient } from '@/shared/api/client';
import { fetchNotifications, markNotificationsRead } from '@/shared/api/notifications';
import {
  LIVE_CALLS_EVENT,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  notificationSchema,
  notificationsReadSchema,
  type MarkNotificationsRead,
  type Notification,
} from '@/shared/contracts/notification';
import {
  addReadIds,
  countUnread,
  mergeReadFlags,
  parseReadIds,
  pruneReadIds,
  serializeReadIds,
  sortNewestFirst,
  type ReadNotificationIds,
} from '@/shared/domain/read-notifications';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import type { ConnectionStatus } from '@/shared/transport/transport';
import { readLiveCallCount } from './live-calls';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from './live-feed';

/** Whose feed it is: the signed-in user in their workspace. */
export interface LiveFeedScope {
  workspaceId: string;
  userId: string;
}

/** The two server calls the feed makes (shared/api/notifications.ts by default). */
export interface NotificationCalls {
  list(workspaceId: string): Promise<Notification[]>;
  /** Answers the ids the server now counts as read. */
  markRead(workspaceId: string, body: MarkNotificationsRead): Promise<string[]>;
}

export interface LiveFeedOptions {
  /** HTTP calls and socket events, through whichever transport the host has. */
  api: ApiClient;
  /** The signed-in user and workspace, or null (nobody, or a system user without one). */
  scope: () => LiveFeedScope | null;
  /** Where read ids are kept (spec: session 9, fewer than 30 days). */
  storage: KeyValueStorage;
  /** Epoch ms now; tests drive it. */
  now?: () => number;
  /** The socket's state when the feed starts (later changes arrive as events). */
  socketStatus?: () => ConnectionStatus;
  /** Overrides the server calls (tests, or a host that reaches them another way). */
  calls?: NotificationCalls;
}

/** A feed this host runs itself: started at sign-in, stopped at sign-out. */
export interface OwnLiveFeed extends LiveFeed {
  /** Starts for the scope now signed in (again for another scope; nothing when none). */
  start(): void;
  /** Unsubscribes and forgets everything of the user: the snapshot goes back to idle. */
  stop(): void;
}

/** The list the server keeps is at most 100 (issue #12): the merged one stays that size. */
const MAX_NOTIFICATIONS = 100;

export const READ_IDS_KEY_PREFIX = 'readNotifications';

/** Shown quietly in the notification centre when telling the server failed. */
export const READ_SYNC_NOTICE =
  'Marked as read in this browser. It could not be saved to your account yet; it will be tried again.';

export function readIdsStorageKey(scope: LiveFeedScope): string {
  return `${READ_IDS_KEY_PREFIX}:${scope.userId}:${scope.workspaceId}`;
}

/**
 * The API calls of issue #12 (shared/api/notifications.ts), made silent: the notification
 * centre shows a failed list itself, and a failed mark-read is only a quiet note (no
 * toast storm while the server is down).
 */
export function defaultNotificationCalls(api: ApiClient): NotificationCalls {
  const silent: ApiClient = {
    call: (schema, req, options) => api.call(schema, req, { ...options, silent: true }),
    subscribe: (event, handler) => api.subscribe(event, handler),
  };
  return {
    list: (workspaceId) => fetchNotifications(silent, workspaceId),
    markRead: async (workspaceId, body) =>
      (await markNotificationsRead(silent, workspaceId, body)).ids,
  };
}

const CONNECTION_STATUSES: readonly ConnectionStatus[] = [
  'disconnected',
  'connecting',
  'connected',
  'error',
];

/**
 * The LiveFeed over one transport (shared/live/live-feed.ts): the standalone app's own
 * socket, or the extension background's one socket for the whole browser.
 *
 * - The list is loaded at start and again each time the socket (re)connects, so what was
 *   sent while offline arrives (issue #12, offline delivery).
 * - Notifications arriving on the socket are merged by id: never twice.
 * - Marking read applies here at once and is kept in storage with its read time, then
 *   told to the server; a failed call leaves them read in this browser and says so
 *   quietly, and the ids are sent again with the next mark or reconnect.
 * - `stop()` (sign-out) drops everything: nothing of one user's feed reaches the next.
 */
export function createLiveFeed(options: LiveFeedOptions): OwnLiveFeed {
  const now = options.now ?? Date.now;
  const calls = options.calls ?? defaultNotificationCalls(options.api);
  const listeners = new Set<() => void>();
  const arrivalListeners = new Set<(notification: Notification) => void>();

  let snapshot: LiveSnapshot = IDLE_LIVE_SNAPSHOT;
  let scope: LiveFeedScope | null = null;
  /** Each start (and stop) is a new run; answers of an older run are dropped. */
  let run = 0;
  let unsubscribers: (() => void)[] = [];
  /** The server's list merged with arrivals; `read` here is the server's flag only. */
  let server: Notification[] = [];
  let readIds: ReadNotificationIds = {};
  /** Read here but not yet accepted by the server: sent again on the next occasion. */
  let unsynced = new Set<string>();
  let readIdsLoaded: Promise<void> = Promise.resolve();
  /** Arrivals are numbered, so a list answer does not drop what came while it loaded. */
  let arrivalSeq = 0;
  const arrivedAt = new Map<string, number>();
  let loadSeq = 0;
  let hasList = false;

  function emit(next: Partial<LiveSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  }

  function publishList(): void {
    const notifications = mergeReadFlags(server, readIds);
    emit({ notifications, unread: countUnread(notifications) });
  }

  async function persistReadIds(forScope: LiveFeedScope): Promise<void> {
    // After the stored ids are read, so a mark made meanwhile does not overwrite them.
    await readIdsLoaded;
    try {
      await options.storage.set(readIdsStorageKey(forScope), serializeReadIds(readIds));
    } catch {
      // Storage full or gone: the read state still holds for this page and on the server.
    }
  }

  function rememberRead(ids: readonly string[]): void {
    const next = pruneReadIds(addReadIds(readIds, ids, now()), now());
    if (next === readIds) return;
    readIds = next;
    if (scope) void persistReadIds(scope);
  }

  async function load(): Promise<void> {
    const current = scope;
    if (!current) return;
    const myRun = run;
    const mySeq = ++loadSeq;
    const seqAtStart = arrivalSeq;
    if (!hasList) emit({ status: 'loading' });
    try {
      const list = await calls.list(current.workspaceId);
      await readIdsLoaded;
      // A newer load or another user's run: this answer is stale.
      if (myRun !== run || mySeq !== loadSeq) return;
      const listed = new Set(list.map((notification) => notification.id));
      const arrivedMeanwhile = server.filter(
        (notification) =>
          !listed.has(notification.id) && (arrivedAt.get(notification.id) ?? 0) > seqAtStart,
      );
      server = sortNewestFirst([...arrivedMeanwhile, ...list]).slice(0, MAX_NOTIFICATIONS);
      hasList = true;
      readIds = pruneReadIds(readIds, now());
      emit({ status: 'ready' });
      publishList();
      void syncUnread();
    } catch {
      if (myRun !== run || mySeq !== loadSeq) return;
      // A list already shown stays (a failed refresh after a reconnect is no error page).
      if (!hasList) emit({ status: 'error' });
    }
  }

  /** Tells the server the ids read here that it does not know of yet. */
  async function syncUnread(): Promise<void> {
    const current = scope;
    if (!current) return;
    const known = new Set(server.filter((n) => n.read).map((n) => n.id));
    const ids = [...unsynced].filter((id) => !known.has(id));
    unsynced = new Set(ids);
    if (ids.length === 0) return;
    await sendRead(current, { ids: ids.slice(0, 500) });
  }

  async function sendRead(forScope: LiveFeedScope, body: MarkNotificationsRead): Promise<void> {
    const myRun = run;
    try {
      const ids = await calls.markRead(forScope.workspaceId, body);
      if (myRun !== run) return;
      acceptServerRead(ids);
      if ('ids' in body) for (const id of body.ids) unsynced.delete(id);
      else unsynced.clear();
      if (snapshot.notice) emit({ notice: null });
    } catch {
      if (myRun !== run) return;
      emit({ notice: READ_SYNC_NOTICE });
    }
  }

  /** Ids the server now counts read (its answer, or the read event from elsewhere). */
  function acceptServerRead(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const set = new Set(ids);
    server = server.map((n) => (set.has(n.id) && !n.read ? { ...n, read: true } : n));
    rememberRead(ids);
    publishList();
  }

  function onNotification(payload: unknown): void {
    const parsed = notificationSchema.safeParse(payload);
    if (!parsed.success || !scope) return;
    const notification = parsed.data;
    if (server.some((n) => n.id === notification.id)) return;
    arrivedAt.set(notification.id, ++arrivalSeq);
    server = sortNewestFirst([notification, ...server]).slice(0, MAX_NOTIFICATIONS);
    publishList();
    const merged = mergeReadFlags([notification], readIds)[0];
    if (merged && !merged.read) for (const listener of [...arrivalListeners]) listener(merged);
  }

  function onReadElsewhere(payload: unknown): void {
    const parsed = notificationsReadSchema.safeParse(payload);
    if (parsed.success) acceptServerRead(parsed.data.ids);
  }

  function onLiveCalls(payload: unknown): void {
    const count = readLiveCallCount(payload);
    if (count !== null && count !== snapshot.liveCalls) emit({ liveCalls: count });
  }

  function onConnection(payload: unknown): void {
    const next = CONNECTION_STATUSES.find((status) => status === payload);
    if (!next) return;
    const was = snapshot.socket;
    if (next !== was) emit({ socket: next });
    // Offline delivery: whatever was sent while the socket was down comes with the list.
    if (next === 'connected' && was !== 'connected') void load();
  }

  function start(): void {
    const next = options.scope();
    if (scope && next && scope.userId === next.userId && scope.workspaceId === next.workspaceId) {
      return;
    }
    stop();
    if (!next) return;
    scope = next;
    const myRun = run;
    readIdsLoaded = (async () => {
      let stored: ReadNotificationIds = {};
      try {
        stored = parseReadIds(await options.storage.get(readIdsStorageKey(next)));
      } catch {
        // Unreadable storage: start with nothing read here; the server's flags still hold.
      }
      if (myRun !== run) return;
      const marked = Object.keys(readIds).length > 0;
      readIds = pruneReadIds({ ...stored, ...readIds }, now());
      if (hasList) publishList();
      if (marked) void persistReadIds(next);
    })();
    const { api } = options;
    unsubscribers = [
      api.subscribe(NOTIFICATION_EVENT, onNotification),
      api.subscribe(NOTIFICATIONS_READ_EVENT, onReadElsewhere),
      api.subscribe(LIVE_CALLS_EVENT, onLiveCalls),
      api.subscribe(CONNECTION_STATUS_EVENT, onConnection),
    ];
    emit({ status: 'loading', socket: options.socketStatus?.() ?? snapshot.socket });
    void load();
  }

  function stop(): void {
    run += 1;
    for (const unsubscribe of unsubscribers) unsubscribe();
    unsubscribers = [];
    scope = null;
    server = [];
    readIds = {};
    unsynced = new Set();
    arrivedAt.clear();
    hasList = false;
    if (snapshot !== IDLE_LIVE_SNAPSHOT) {
      snapshot = IDLE_LIVE_SNAPSHOT;
      for (const listener of [...listeners]) listener();
    }
  }

  async function markRead(ids: readonly string[]): Promise<void> {
    const current = scope;
    if (!current) return;
    const fresh = ids.filter((id) => server.some((n) => n.id === id && !n.read));
    rememberRead(ids);
    publishList();
    if (fresh.length === 0) return;
    for (const id of fresh) unsynced.add(id);
    await sendRead(current, { ids: [...unsynced].slice(0, 500) });
  }

  async function markAllRead(): Promise<void> {
    const current = scope;
    if (!current) return;
    const ids = server.map((n) => n.id);
    rememberRead(ids);
    publishList();
    // Kept until the server takes them: a failed mark-all is sent again as ids.
    for (const id of ids) unsynced.add(id);
    await sendRead(current, { all: true });
  }

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    markRead,
    markAllRead,
    reload() {
      if (!scope) return;
      if (!hasList) emit({ status: 'loading' });
      void load();
    },
    onArrival(listener) {
      arrivalListeners.add(listener);
      return () => void arrivalListeners.delete(listener);
    },
    start,
    stop,
  };
}
