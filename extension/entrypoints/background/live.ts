import { createApiClient } from '@/shared/api/client';
import type { Notification } from '@/shared/contracts/notification';
import { BRAND_COLOURS } from '@/shared/domain/brand-colours';
import {
  createLiveFeed,
  type LiveFeedScope,
  type OwnLiveFeed,
} from '@/shared/live/create-live-feed';
import type { LiveSnapshot } from '@/shared/live/live-feed';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import type { Transport } from '@/shared/transport/transport';
import type { BackgroundSession } from './session';
import type { SocketHub } from './socket';

/**
 * The browser's one live feed (issue #12): the notification centre's list and read state,
 * the live call count and the socket's state, for every CRM panel, our pages and the
 * standalone app alike. One feed over the background's one socket, started at sign-in
 * and stopped at sign-out (nothing of one user reaches the next). Here too: the toolbar
 * badge (the live call count) and browser push through the extension's own
 * notifications, so no CRM site needs notification permission.
 */

/** The fixed title of every browser push (spec: session 4 Shell). */
export const PUSH_TITLE = 'Intake Cockpit';
/** Our ids in browser.notifications: the notification's id after this prefix. */
export const PUSH_ID_PREFIX = 'intake-notification:';
/** storage.session keys (survive a worker restart, not the browser's). */
export const PUSHES_KEY = 'pushes';
export const LAST_CRM_TAB_KEY = 'last-crm-tab';
/** A Try Again that reaches the server at most this often, whoever sends it. */
export const RELOAD_INTERVAL_MS = 2000;
/** How long a push click after a worker restart waits for the list before marking read. */
const LISTED_WAIT_MS = 15_000;

/** Where a live client sits: a CRM tab's panel, one of our pages, or the standalone app. */
export interface LiveClientPlace {
  kind: 'crm' | 'page' | 'app';
  tabId?: number;
  windowId?: number;
}

/** The parts of the extension APIs the live module uses (the real `browser`, fakes in tests). */
export interface LiveBrowserApi {
  action: {
    setBadgeText(details: { text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    setTitle(details: { title: string }): Promise<void>;
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
      },
    ): Promise<string>;
    clear(id: string): Promise<boolean>;
    onClicked: { addListener(listener: (id: string) => void): void };
    onClosed: { addListener(listener: (id: string) => void): void };
  };
  tabs: {
    update(tabId: number, properties: { active: boolean }): Promise<unknown>;
    create(properties: { url: string }): Promise<{ windowId?: number }>;
  };
  windows: { update(windowId: number, properties: { focused: boolean }): Promise<unknown> };
}

/** What a shown push does when clicked; kept in storage.session (worker restarts). */
interface PushEntry {
  notificationId: string;
  path: string | null;
  userId: string;
  workspaceId: string;
}

interface TabPlace {
  tabId: number;
  windowId?: number;
}

export interface BackgroundLive {
  snapshot(): LiveSnapshot;
  subscribe(listener: () => void): () => void;
  markRead(ids: readonly string[]): Promise<void>;
  markAllRead(): Promise<void>;
  reload(): void;
  /** A panel or app page says whether the agent sees it (a port is the client's key). */
  reportVisibility(client: object, visible: boolean, place: LiveClientPlace): void;
  /** The client went away (its port closed). */
  forget(client: object): void;
  /** Whether any panel or app page is in front of the agent now. */
  anyVisible(): boolean;
  /** The live call count for the public session state: one source. */
  liveCalls: { get(): number | null; subscribe(listener: () => void): () => void };
  /** Follows the session: feed started at sign-in, stopped at sign-out. */
  attach(session: BackgroundSession): void;
  /** Settles once the last push action has run (tests). */
  idle(): Promise<void>;
}

export interface BackgroundLiveOptions {
  hub: SocketHub;
  /** Read ids: storage.local under a prefix, so they survive a browser restart. */
  readStorage: KeyValueStorage;
  /** Push actions and the last visible CRM tab: storage.session under a prefix. */
  pushStorage: KeyValueStorage;
  browser: LiveBrowserApi;
  /** The extension's icon for browser push. */
  iconUrl: string;
  notify: Notifier;
  now?: () => number;
}

function scopeOf(state: PublicSessionState): LiveFeedScope | null {
  if (state.status !== 'signed-in' || !state.user || !state.workspace) return null;
  return { userId: state.user.id, workspaceId: state.workspace.id };
}

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

export function liveCallsTitle(count: number | null): string {
  if (count === null) return PUSH_TITLE;
  return `${PUSH_TITLE}: ${count} live call${count === 1 ? '' : 's'}`;
}

/** The badge holds about four characters. */
export function liveCallsBadgeText(count: number | null): string {
  if (count === null) return '';
  return count > 9999 ? '9999+' : String(count);
}

export function createBackgroundLive(options: BackgroundLiveOptions): BackgroundLive {
  const { hub, browser } = options;
  const now = options.now ?? Date.now;
  let session: BackgroundSession | null = null;
  const attached = () => {
    if (!session) throw new Error('The live module is not attached to the session yet.');
    return session;
  };
  const scope = () => (session ? scopeOf(session.publicState()) : null);

  // The feed's requests go through the session's DirectTransport (rebuilt with another
  // server address); its events through the hub, which follows that rebuild.
  const transport: Transport = {
    request: (req) => attached().transport().request(req),
    subscribe: (event, handler) => hub.add(event, handler),
  };
  const feed = createLiveFeed({
    api: createApiClient(transport, options.notify),
    scope,
    storage: options.readStorage,
    now,
    socketStatus: () => {
      try {
        return attached().transport().socketStatus();
      } catch {
        return 'disconnected';
      }
    },
  });
  const clients = createLiveClients(options.pushStorage);
  const pushes = createBrowserPushes({
    options,
    feed,
    scope,
    anyVisible: clients.anyVisible,
    lastCrmTab: clients.lastCrmTab,
    session: () => session,
    sync,
  });

  // --- the badge, and pushes read elsewhere --------------------------------------------
  let badge: string | null = null;
  void browser.action.setBadgeBackgroundColor({ color: BRAND_COLOURS.blue }).catch(() => {});
  function updateBadge(snapshot: LiveSnapshot): void {
    const text = liveCallsBadgeText(snapshot.liveCalls);
    if (text === badge) return;
    badge = text;
    void browser.action.setBadgeText({ text }).catch(() => {});
    void browser.action.setTitle({ title: liveCallsTitle(snapshot.liveCalls) }).catch(() => {});
  }
  updateBadge(feed.get());
  feed.subscribe(() => {
    const snapshot = feed.get();
    updateBadge(snapshot);
    pushes.clearRead(snapshot);
  });

  // --- following the session -----------------------------------------------------------
  let signedInAs = '';
  function sync(): void {
    const current = scope();
    const key = current ? `${current.userId}|${current.workspaceId}` : '';
    if (current) feed.start();
    else feed.stop();
    if (key !== signedInAs) {
      // Another user (or nobody): the last one's pushes go with them.
      if (signedInAs) void pushes.clear();
      signedInAs = key;
    }
  }

  let lastReload = Number.NEGATIVE_INFINITY;

  return {
    snapshot: () => feed.get(),
    subscribe: (listener) => feed.subscribe(listener),
    markRead: (ids) => feed.markRead(ids),
    markAllRead: () => feed.markAllRead(),
    reload() {
      if (now() - lastReload < RELOAD_INTERVAL_MS) return;
      lastReload = now();
      feed.reload();
    },
    reportVisibility: clients.report,
    forget: clients.forget,
    anyVisible: clients.anyVisible,
    liveCalls: {
      get: () => feed.get().liveCalls,
      subscribe: (listener) => feed.subscribe(listener),
    },
    attach(next) {
      session = next;
      next.onChange(sync);
      void next.ready().then(() => {
        sync();
        // A worker restarted after its session ended (or changed hands) keeps no push of
        // the user before.
        const current = scope();
        void pushes.clear(
          (entry) => entry.userId !== current?.userId || entry.workspaceId !== current.workspaceId,
        );
      });
    },
    idle: () => pushes.idle(),
  };
}

/** Who is looking: the panels and app pages, whether the agent sees them, the last CRM tab. */
function createLiveClients(pushStorage: KeyValueStorage) {
  const clients = new Map<object, { visible: boolean; place: LiveClientPlace }>();
  let lastCrmTab: TabPlace | null = null;
  return {
    anyVisible: () => [...clients.values()].some((client) => client.visible),
    lastCrmTab: () => lastCrmTab,
    report(client: object, visible: boolean, place: LiveClientPlace): void {
      clients.set(client, { visible, place });
      if (!visible || place.kind !== 'crm' || typeof place.tabId !== 'number') return;
      const next: TabPlace = { tabId: place.tabId, windowId: place.windowId };
      if (lastCrmTab?.tabId === next.tabId && lastCrmTab.windowId === next.windowId) return;
      lastCrmTab = next;
      void pushStorage.set(LAST_CRM_TAB_KEY, JSON.stringify(next)).catch(() => {});
    },
    forget: (client: object) => void clients.delete(client),
  };
}

/** What browser push needs of the live module. */
interface PushHost {
  options: BackgroundLiveOptions;
  feed: OwnLiveFeed;
  scope(): LiveFeedScope | null;
  anyVisible(): boolean;
  lastCrmTab(): TabPlace | null;
  session(): BackgroundSession | null;
  /** Starts (or stops) the feed for the session as it is now. */
  sync(): void;
}

/**
 * Browser push through the extension's notifications: shown while no panel or app page is
 * in front, their click actions kept in storage.session (worker restarts), cleared once
 * read elsewhere or at sign-out. Its listeners are registered at once: a click that wakes
 * the worker finds its listener.
 */
function createBrowserPushes(host: PushHost) {
  const { browser, pushStorage } = host.options;
  let work: Promise<void> = Promise.resolve();
  /** Push actions run one after another: a click never races the push it answers. */
  const queue = (task: () => Promise<void>): Promise<void> => {
    work = work.then(task).catch(() => {});
    return work;
  };
  let pushes: Record<string, PushEntry> | null = null;
  async function loadPushes(): Promise<Record<string, PushEntry>> {
    if (!pushes) {
      const stored = await pushStorage.get(PUSHES_KEY).catch(() => null);
      pushes = { ...parseJson<Record<string, PushEntry>>(stored, {}) };
    }
    return pushes;
  }
  async function savePushes(): Promise<void> {
    await pushStorage.set(PUSHES_KEY, JSON.stringify(pushes ?? {})).catch(() => {});
  }

  function showPush(notification: Notification): Promise<void> {
    return queue(async () => {
      const current = host.scope();
      if (!current || host.anyVisible()) return;
      const id = PUSH_ID_PREFIX + notification.id;
      const entries = await loadPushes();
      entries[id] = { notificationId: notification.id, path: notification.path, ...current };
      await savePushes();
      const message = [notification.title, notification.description].filter(Boolean).join('\n');
      try {
        await browser.notifications.create(id, {
          type: 'basic',
          iconUrl: host.options.iconUrl,
          title: PUSH_TITLE,
          message,
          priority: notification.actionRequired ? 2 : 0,
        });
      } catch {
        delete entries[id];
        await savePushes();
      }
    });
  }

  /** Clears the pushes that match; all of them when `which` is omitted (sign-out). */
  function clearPushes(which?: (entry: PushEntry) => boolean): Promise<void> {
    return queue(async () => {
      const entries = await loadPushes();
      const ids = Object.keys(entries).filter((id) => {
        const entry = entries[id];
        return entry !== undefined && (!which || which(entry));
      });
      if (ids.length === 0) return;
      for (const id of ids) delete entries[id];
      await savePushes();
      await Promise.all(ids.map((id) => browser.notifications.clear(id).catch(() => false)));
    });
  }

  function onPushClicked(id: string): Promise<void> {
    if (!id.startsWith(PUSH_ID_PREFIX)) return Promise.resolve();
    return queue(async () => {
      const entries = await loadPushes();
      const entry = entries[id];
      delete entries[id];
      await savePushes();
      await browser.notifications.clear(id).catch(() => false);
      if (!entry) return;
      // After a worker restart the session is restored first, then the feed starts.
      await host.session()?.ready();
      host.sync();
      await focusFor(host, entry).catch(() => {});
      const current = host.scope();
      if (current?.userId !== entry.userId || current.workspaceId !== entry.workspaceId) return;
      await listed(host.feed);
      await host.feed.markRead([entry.notificationId]);
    });
  }

  function onPushClosed(id: string): void {
    if (!id.startsWith(PUSH_ID_PREFIX)) return;
    void queue(async () => {
      const entries = await loadPushes();
      if (!(id in entries)) return;
      delete entries[id];
      await savePushes();
    });
  }

  // Registered at once: a click that wakes the worker finds its listener.
  browser.notifications.onClicked.addListener((id) => void onPushClicked(id));
  browser.notifications.onClosed.addListener(onPushClosed);
  host.feed.onArrival((notification) => void showPush(notification));

  return {
    clear: clearPushes,
    /** Read in a tab or the app: its push has nothing left to say. */
    clearRead(snapshot: LiveSnapshot): void {
      if (!pushes || Object.keys(pushes).length === 0) return;
      const read = new Set(snapshot.notifications.filter((n) => n.read).map((n) => n.id));
      if (read.size > 0) void clearPushes((entry) => read.has(entry.notificationId));
    },
    /** Settles once the last push action has run. */
    idle: () => work,
  };
}

/** Resolves once the list is loaded (or it failed, or nobody is signed in any more). */
function listed(feed: OwnLiveFeed): Promise<void> {
  return new Promise((resolve) => {
    const done = () => feed.get().status !== 'loading';
    if (done()) return resolve();
    const timer = setTimeout(finish, LISTED_WAIT_MS);
    const stop = feed.subscribe(() => {
      if (done()) finish();
    });
    function finish() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

async function openApp(host: PushHost, path: string): Promise<void> {
  const { browser } = host.options;
  const appOrigin = host.session()?.publicState().appOrigin;
  if (!appOrigin) return;
  const tab = await browser.tabs.create({ url: new URL(path, appOrigin).href });
  if (typeof tab.windowId === 'number') {
    await browser.windows.update(tab.windowId, { focused: true }).catch(() => {});
  }
}

async function focusFor(host: PushHost, entry: PushEntry): Promise<void> {
  const { browser, pushStorage } = host.options;
  // A notification with an action opens it in the app; else the agent's CRM tab.
  if (entry.path) return openApp(host, entry.path);
  const stored = parseJson<TabPlace | null>(
    await pushStorage.get(LAST_CRM_TAB_KEY).catch(() => null),
    null,
  );
  const tab = host.lastCrmTab() ?? stored;
  if (tab && typeof tab.tabId === 'number') {
    try {
      await browser.tabs.update(tab.tabId, { active: true });
      if (typeof tab.windowId === 'number') {
        await browser.windows.update(tab.windowId, { focused: true });
      }
      return;
    } catch {
      // The tab was closed since: the app instead.
    }
  }
  await openApp(host, '/app');
}
