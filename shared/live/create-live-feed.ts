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
  const f: FeedState = {
    options,
    now: options.now ?? Date.now,
    calls: options.calls ?? defaultNotificationCalls(options.api),
    listeners: new Set(),
    arrivalListeners: new Set(),
    snapshot: IDLE_LIVE_SNAPSHOT,
    scope: null,
    run: 0,
    unsubscribers: [],
    server: [],
    readIds: {},
    unsynced: new Set(),
    readIdsLoaded: Promise.resolve(),
    arrivalSeq: 0,
    arrivedAt: new Map(),
    loadSeq: 0,
    hasList: false,
  };
  return {
    get: () => f.snapshot,
    subscribe(listener) {
      f.listeners.add(listener);
      return () => void f.listeners.delete(listener);
    },
    markRead: (ids) => markRead(f, ids),
    markAllRead: () => markAllRead(f),
    reload() {
      if (!f.scope) return;
      if (!f.hasList) emit(f, { status: 'loading' });
      void load(f);
    },
    onArrival(listener) {
      f.arrivalListeners.add(listener);
      return () => void f.arrivalListeners.delete(listener);
    },
    start: () => start(f),
    stop: () => stop(f),
  };
}

/** What one live feed holds between calls. */
interface FeedState {
  options: LiveFeedOptions;
  now: () => number;
  calls: NotificationCalls;
  listeners: Set<() => void>;
  arrivalListeners: Set<(notification: Notification) => void>;
  snapshot: LiveSnapshot;
  scope: LiveFeedScope | null;
  /** Each start (and stop) is a new run; answers of an older run are dropped. */
  run: number;
  unsubscribers: (() => void)[];
  /** The server's list merged with arrivals; `read` here is the server's flag only. */
  server: Notification[];
  readIds: ReadNotificationIds;
  /** Read here but not yet accepted by the server: sent again on the next occasion. */
  unsynced: Set<string>;
  readIdsLoaded: Promise<void>;
  /** Arrivals are numbered, so a list answer does not drop what came while it loaded. */
  arrivalSeq: number;
  arrivedAt: Map<string, number>;
  loadSeq: number;
  hasList: boolean;
}

function emit(f: FeedState, next: Partial<LiveSnapshot>): void {
  f.snapshot = { ...f.snapshot, ...next };
  for (const listener of [...f.listeners]) listener();
}

function publishList(f: FeedState): void {
  const notifications = mergeReadFlags(f.server, f.readIds);
  emit(f, { notifications, unread: countUnread(notifications) });
}

async function persistReadIds(f: FeedState, forScope: LiveFeedScope): Promise<void> {
  // After the stored ids are read, so a mark made meanwhile does not overwrite them.
  await f.readIdsLoaded;
  try {
    await f.options.storage.set(readIdsStorageKey(forScope), serializeReadIds(f.readIds));
  } catch {
    // Storage full or gone: the read state still holds for this page and on the server.
  }
}

function rememberRead(f: FeedState, ids: readonly string[]): void {
  const next = pruneReadIds(addReadIds(f.readIds, ids, f.now()), f.now());
  if (next === f.readIds) return;
  f.readIds = next;
  if (f.scope) void persistReadIds(f, f.scope);
}

async function load(f: FeedState): Promise<void> {
  const current = f.scope;
  if (!current) return;
  const myRun = f.run;
  const mySeq = ++f.loadSeq;
  const seqAtStart = f.arrivalSeq;
  if (!f.hasList) emit(f, { status: 'loading' });
  try {
    const list = await f.calls.list(current.workspaceId);
    await f.readIdsLoaded;
    // A newer load or another user's run: this answer is stale.
    if (myRun !== f.run || mySeq !== f.loadSeq) return;
    const listed = new Set(list.map((notification) => notification.id));
    const arrivedMeanwhile = f.server.filter(
      (notification) =>
        !listed.has(notification.id) && (f.arrivedAt.get(notification.id) ?? 0) > seqAtStart,
    );
    f.server = sortNewestFirst([...arrivedMeanwhile, ...list]).slice(0, MAX_NOTIFICATIONS);
    f.hasList = true;
    f.readIds = pruneReadIds(f.readIds, f.now());
    emit(f, { status: 'ready' });
    publishList(f);
    void syncUnread(f);
  } catch {
    if (myRun !== f.run || mySeq !== f.loadSeq) return;
    // A list already shown stays (a failed refresh after a reconnect is no error page).
    if (!f.hasList) emit(f, { status: 'error' });
  }
}

/** Tells the server the ids read here that it does not know of yet. */
async function syncUnread(f: FeedState): Promise<void> {
  const current = f.scope;
  if (!current) return;
  const known = new Set(f.server.filter((n) => n.read).map((n) => n.id));
  const ids = [...f.unsynced].filter((id) => !known.has(id));
  f.unsynced = new Set(ids);
  if (ids.length === 0) return;
  await sendRead(f, current, { ids: ids.slice(0, 500) });
}

async function sendRead(
  f: FeedState,
  forScope: LiveFeedScope,
  body: MarkNotificationsRead,
): Promise<void> {
  const myRun = f.run;
  try {
    const ids = await f.calls.markRead(forScope.workspaceId, body);
    if (myRun !== f.run) return;
    acceptServerRead(f, ids);
    if ('ids' in body) for (const id of body.ids) f.unsynced.delete(id);
    else f.unsynced.clear();
    if (f.snapshot.notice) emit(f, { notice: null });
  } catch {
    if (myRun !== f.run) return;
    emit(f, { notice: READ_SYNC_NOTICE });
  }
}

/** Ids the server now counts read (its answer, or the read event from elsewhere). */
function acceptServerRead(f: FeedState, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const set = new Set(ids);
  f.server = f.server.map((n) => (set.has(n.id) && !n.read ? { ...n, read: true } : n));
  rememberRead(f, ids);
  publishList(f);
}

function onNotification(f: FeedState, payload: unknown): void {
  const parsed = notificationSchema.safeParse(payload);
  if (!parsed.success || !f.scope) return;
  const notification = parsed.data;
  if (f.server.some((n) => n.id === notification.id)) return;
  f.arrivedAt.set(notification.id, ++f.arrivalSeq);
  f.server = sortNewestFirst([notification, ...f.server]).slice(0, MAX_NOTIFICATIONS);
  publishList(f);
  const merged = mergeReadFlags([notification], f.readIds)[0];
  if (merged && !merged.read) for (const listener of [...f.arrivalListeners]) listener(merged);
}

function onReadElsewhere(f: FeedState, payload: unknown): void {
  const parsed = notificationsReadSchema.safeParse(payload);
  if (parsed.success) acceptServerRead(f, parsed.data.ids);
}

function onLiveCalls(f: FeedState, payload: unknown): void {
  const count = readLiveCallCount(payload);
  if (count !== null && count !== f.snapshot.liveCalls) emit(f, { liveCalls: count });
}

function onConnection(f: FeedState, payload: unknown): void {
  const next = CONNECTION_STATUSES.find((status) => status === payload);
  if (!next) return;
  const was = f.snapshot.socket;
  if (next !== was) emit(f, { socket: next });
  // Offline delivery: whatever was sent while the socket was down comes with the list.
  if (next === 'connected' && was !== 'connected') void load(f);
}

function start(f: FeedState): void {
  const next = f.options.scope();
  const { scope } = f;
  if (scope && next && scope.userId === next.userId && scope.workspaceId === next.workspaceId) {
    return;
  }
  stop(f);
  if (!next) return;
  f.scope = next;
  f.readIdsLoaded = loadStoredReadIds(f, next);
  const { api } = f.options;
  f.unsubscribers = [
    api.subscribe(NOTIFICATION_EVENT, (payload) => onNotification(f, payload)),
    api.subscribe(NOTIFICATIONS_READ_EVENT, (payload) => onReadElsewhere(f, payload)),
    api.subscribe(LIVE_CALLS_EVENT, (payload) => onLiveCalls(f, payload)),
    api.subscribe(CONNECTION_STATUS_EVENT, (payload) => onConnection(f, payload)),
  ];
  emit(f, { status: 'loading', socket: f.options.socketStatus?.() ?? f.snapshot.socket });
  void load(f);
}

/** The ids this user read here before, merged with any marked since the start. */
async function loadStoredReadIds(f: FeedState, next: LiveFeedScope): Promise<void> {
  const myRun = f.run;
  let stored: ReadNotificationIds = {};
  try {
    stored = parseReadIds(await f.options.storage.get(readIdsStorageKey(next)));
  } catch {
    // Unreadable storage: start with nothing read here; the server's flags still hold.
  }
  if (myRun !== f.run) return;
  const marked = Object.keys(f.readIds).length > 0;
  f.readIds = pruneReadIds({ ...stored, ...f.readIds }, f.now());
  if (f.hasList) publishList(f);
  if (marked) void persistReadIds(f, next);
}

function stop(f: FeedState): void {
  f.run += 1;
  for (const unsubscribe of f.unsubscribers) unsubscribe();
  f.unsubscribers = [];
  f.scope = null;
  f.server = [];
  f.readIds = {};
  f.unsynced = new Set();
  f.arrivedAt.clear();
  f.hasList = false;
  if (f.snapshot !== IDLE_LIVE_SNAPSHOT) {
    f.snapshot = IDLE_LIVE_SNAPSHOT;
    for (const listener of [...f.listeners]) listener();
  }
}

async function markRead(f: FeedState, ids: readonly string[]): Promise<void> {
  const current = f.scope;
  if (!current) return;
  const fresh = ids.filter((id) => f.server.some((n) => n.id === id && !n.read));
  rememberRead(f, ids);
  publishList(f);
  if (fresh.length === 0) return;
  for (const id of fresh) f.unsynced.add(id);
  await sendRead(f, current, { ids: [...f.unsynced].slice(0, 500) });
}

async function markAllRead(f: FeedState): Promise<void> {
  const current = f.scope;
  if (!current) return;
  const ids = f.server.map((n) => n.id);
  rememberRead(f, ids);
  publishList(f);
  // Kept until the server takes them: a failed mark-all is sent again as ids.
  for (const id of ids) f.unsynced.add(id);
  await sendRead(f, current, { all: true });
}
