import { expect, vi } from 'vitest';
import {
  createBackgroundCalls,
  type CallsBrowserApi,
} from '@/extension/entrypoints/background/calls';
import { createBackgroundLive, type LiveBrowserApi } from '@/extension/entrypoints/background/live';
import { createPortRouter, type RouterPort } from '@/extension/entrypoints/background/port-router';
import type { PanelViews } from '@/extension/entrypoints/background/panel-views';
import type { ReportCache } from '@/extension/entrypoints/background/report-cache';
import type { BackgroundSession } from '@/extension/entrypoints/background/session';
import { createSocketHub } from '@/extension/entrypoints/background/socket';
import { SignInError } from '@/shared/session/sign-in-error';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import type { Notification } from '@/shared/contracts/notification';
import { callTrackingPaths, type TrackedCall } from '@/shared/contracts/call-tracking';
import type { BackgroundMessage, PublicSessionState } from '@/shared/transport/port-protocol';
import { PORT_NAME } from '@/shared/transport/port-protocol';
import type { PortLike } from '@/shared/transport/port-transport';
import {
  TransportError,
  type SocketEventHandler,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

/**
 * The background's router over a fake session and transport, driven with fake ports:
 * what the router tests and the hostile-sender suite share.
 */
export const self = {
  id: 'ourextensionidourextensionid0000',
  origin: 'chrome-extension://ourextensionidourextensionid0000',
};
export const contentSender = {
  id: self.id,
  origin: 'https://crm.zoho.com',
  url: 'https://crm.zoho.com/crm/tab/Leads/1',
  tab: { id: 5 },
  frameId: 0,
};
export const popupSender = { id: self.id, origin: self.origin, url: `${self.origin}/popup.html` };
/** Our panel frame (issue #29) inside the CRM tab of `contentSender`. */
export const panelFrameSender = {
  id: self.id,
  origin: self.origin,
  url: `${self.origin}/panel-frame.html?family=zoho`,
  tab: { id: 5, url: contentSender.url },
  frameId: 7,
};

export const state: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};

/** Tokens the fake session holds: no message to a port may ever contain them. */
export const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.access-token-of-the-session.sig';
export const REFRESH_TOKEN = 'refresh-token-of-the-session-0123456789abcdef';

export interface FakeBackgroundOptions {
  /** How the fake transport answers; default: `{ data: path }`, 403 for "forbidden". */
  request?: (req: TransportRequest) => Promise<unknown>;
  extraKeapHosts?: () => readonly string[];
  settingsReady?: Promise<unknown>;
  /**
   * Runs the live feed for the signed-in user (its list and mark-read calls go to
   * `request`); without it the feed stays idle and makes no request.
   */
  live?: boolean;
  /** The live module's storage.local and storage.session (a worker restart keeps them). */
  readStorage?: KeyValueStorage;
  pushStorage?: KeyValueStorage;
  now?: () => number;
  /** The active call's storage.session (a worker restart keeps it). */
  callStorage?: KeyValueStorage;
  /** The tabs and windows the calls module sees (default: none selected, no focus). */
  callsBrowser?: ReturnType<typeof fakeCallsBrowser>;
  /** The CRM tabs' report cache (issue #14); default: a new one on the real clock. */
  reportCache?: ReportCache;
  panelViews?: PanelViews;
  /**
   * The agent's live calls the server lists (issue #28 reconciliation, GET ctm/live-calls):
   * answered apart from `request`, so the requests a test counts are only its own. Default
   * none.
   */
  liveCalls?: () => TrackedCall[];
}

/**
 * browser.tabs, windows and notifications as the calls module sees them: which tabs are
 * selected, which window has the focus, and what it shows, focuses and opens.
 */
export function fakeCallsBrowser() {
  const shown = new Map<string, { title: string; message: string; requireInteraction?: boolean }>();
  const clickListeners: ((id: string) => void)[] = [];
  const activatedListeners: ((info: { tabId: number }) => void)[] = [];
  const world = {
    /** Selected tabs: tab id -> window id. */
    activeTabs: new Map<number, number>(),
    focusedWindow: null as number | null,
    /** Tabs that can be activated (others fail, as a closed tab does). */
    existingTabs: new Set<number>([5, 6, 7, 8]),
    activated: [] as number[],
    focusedWindows: [] as number[],
    opened: [] as string[],
    cleared: [] as string[],
    nextTabId: 100,
  };
  const api: CallsBrowserApi = {
    tabs: {
      query: async () => [...world.activeTabs].map(([id, windowId]) => ({ id, windowId })),
      update: async (tabId) => {
        if (!world.existingTabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
        world.activated.push(tabId);
        return { windowId: world.activeTabs.get(tabId) };
      },
      create: async ({ url }) => {
        world.opened.push(url);
        const id = world.nextTabId++;
        world.existingTabs.add(id);
        return { id, windowId: 9 };
      },
      onActivated: { addListener: (listener) => void activatedListeners.push(listener) },
    },
    windows: {
      getLastFocused: async () =>
        world.focusedWindow === null
          ? { id: 1, focused: false }
          : { id: world.focusedWindow, focused: true },
      update: async (windowId) => void world.focusedWindows.push(windowId),
    },
    notifications: {
      create: async (id, { title, message, requireInteraction }) => {
        shown.set(id, { title, message, requireInteraction });
        return id;
      },
      clear: async (id) => {
        world.cleared.push(id);
        return shown.delete(id);
      },
      onClicked: { addListener: (listener) => void clickListeners.push(listener) },
    },
  };
  return {
    api,
    shown,
    world,
    click: (id: string) => clickListeners.forEach((listener) => listener(id)),
    /** The agent selects a tab. */
    activate: (tabId: number) => activatedListeners.forEach((listener) => listener({ tabId })),
  };
}

/** browser.action, notifications, tabs and windows, recording what the live module does. */
export function fakeLiveBrowser() {
  const shown = new Map<string, { title: string; message: string; iconUrl: string }>();
  const clickListeners: ((id: string) => void)[] = [];
  const closeListeners: ((id: string) => void)[] = [];
  const calls = {
    badgeText: [] as string[],
    badgeColour: [] as string[],
    title: [] as string[],
    activatedTabs: [] as number[],
    focusedWindows: [] as number[],
    openedUrls: [] as string[],
    cleared: [] as string[],
  };
  /** Tabs that exist (others fail to activate, as a closed tab does). */
  const tabs = new Set<number>([5, 6, 7]);
  const api: LiveBrowserApi = {
    action: {
      setBadgeText: async ({ text }) => void calls.badgeText.push(text),
      setBadgeBackgroundColor: async ({ color }) => void calls.badgeColour.push(color),
      setTitle: async ({ title }) => void calls.title.push(title),
    },
    notifications: {
      create: async (id, { title, message, iconUrl }) => {
        shown.set(id, { title, message, iconUrl });
        return id;
      },
      clear: async (id) => {
        calls.cleared.push(id);
        const had = shown.delete(id);
        if (had) closeListeners.forEach((listener) => listener(id));
        return had;
      },
      onClicked: { addListener: (listener) => void clickListeners.push(listener) },
      onClosed: { addListener: (listener) => void closeListeners.push(listener) },
    },
    tabs: {
      update: async (tabId) => {
        if (!tabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
        calls.activatedTabs.push(tabId);
      },
      create: async ({ url }) => {
        calls.openedUrls.push(url);
        return { windowId: 99 };
      },
    },
    windows: { update: async (windowId) => void calls.focusedWindows.push(windowId) },
  };
  return {
    api,
    shown,
    calls,
    tabs,
    click: (id: string) => clickListeners.forEach((listener) => listener(id)),
  };
}

export function fakeBackground(options: FakeBackgroundOptions = {}) {
  const socketHandlers = new Map<string, SocketEventHandler>();
  const transport = {
    request: vi.fn(
      options.request ??
        (async (req: TransportRequest) => {
          if (req.path.endsWith('/forbidden')) {
            throw new TransportError('Forbidden', 403, 'Not yours');
          }
          return { data: req.path };
        }),
    ),
    subscribe: vi.fn((event: string, handler: SocketEventHandler) => {
      socketHandlers.set(event, handler);
      return () => void socketHandlers.delete(event);
    }),
    socketStatus: () => 'connected' as const,
  };
  const liveCallRequests: TransportRequest[] = [];
  /** By default the server agrees with the background: the call it holds live is live. */
  const heldAsLive = (): TrackedCall[] => {
    const held = calls.snapshot().call;
    if (!held || held.endedAt !== null) return [];
    return [
      {
        id: held.callId,
        workspaceId: held.workspaceId,
        sid: null,
        direction: held.direction,
        status: 'in-progress',
        fromNumber: held.callData.phone,
        toNumber: held.trackingNumber ?? '',
        agentCtmUserId: 'ctm-1',
        agentId: null,
        trackingNumber: held.trackingNumber,
        campaign: held.campaign,
        leadSource: held.leadSource,
        leadName: held.callData.leadName,
        startedAt: held.callStart,
        connected: held.connected,
        connectedAt: null,
        endedAt: null,
        duration: null,
        endedBy: null,
        takenAt: null,
      },
    ];
  };
  /** What the session's transport answers: the reconciliation's list apart from the spy. */
  const sessionTransport = {
    ...transport,
    request: (req: TransportRequest) => {
      if (req.path === callTrackingPaths.liveCalls(state.workspace?.id ?? '')) {
        liveCallRequests.push(req);
        const data = options.liveCalls?.() ?? heldAsLive();
        return Promise.resolve({ data, meta: { total: data.length, limit: 100, offset: 0 } });
      }
      return transport.request(req);
    },
  };
  const changeListeners = new Set<() => void>();
  let publicState = state;
  let hostSession: unknown = { user: null, workspace: null, agent: null };
  const session = {
    ready: async () => {},
    transport: () => sessionTransport,
    signIn: vi.fn(async (username: string) => {
      if (username === 'wrong') throw new SignInError('invalid', 'Invalid username or password.');
    }),
    signOut: vi.fn(async () => {}),
    adoptRefreshToken: vi.fn(async () => true),
    setServerOrigin: vi.fn(async () => {}),
    publicState: () => publicState,
    hostSession: () => hostSession,
    secrets: () => [ACCESS_TOKEN, REFRESH_TOKEN],
    onChange: (listener: () => void) => {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  } as unknown as BackgroundSession;
  const hub = createSocketHub();
  hub.bind(transport as unknown as Transport);
  const widgetStorage = createMemoryStorage();
  const liveBrowser = fakeLiveBrowser();
  const readStorage = options.readStorage ?? createMemoryStorage();
  const pushStorage = options.pushStorage ?? createMemoryStorage();
  const live = createBackgroundLive({
    hub,
    readStorage,
    pushStorage,
    browser: liveBrowser.api,
    iconUrl: `${self.origin}/icon-128.png`,
    notify: () => {},
    now: options.now,
  });
  if (options.live) live.attach(session);
  const callStorage = options.callStorage ?? createMemoryStorage();
  const callsBrowser = options.callsBrowser ?? fakeCallsBrowser();
  const notices: { level: string; message: string }[] = [];
  const calls = createBackgroundCalls({
    hub,
    session,
    storage: callStorage,
    browser: callsBrowser.api,
    iconUrl: `${self.origin}/icon-128.png`,
    notify: (level, message) => void notices.push({ level, message }),
    now: options.now,
    providerRetryMs: 0,
  });
  const router = createPortRouter({
    self,
    session,
    hub,
    live,
    calls,
    widgetStorage,
    extraKeapHosts: options.extraKeapHosts,
    settingsReady: options.settingsReady,
    reportCache: options.reportCache,
    panelViews: options.panelViews,
    now: options.now,
  });
  return {
    router,
    session,
    transport,
    /** The reconciliation's GET ctm/live-calls requests (issue #28). */
    liveCallRequests,
    widgetStorage,
    live,
    liveBrowser,
    readStorage,
    pushStorage,
    calls,
    callStorage,
    callsBrowser,
    notices,
    emitSocket: (event: string, payload: unknown) => socketHandlers.get(event)?.(payload),
    changed: () => changeListeners.forEach((listener) => listener()),
    setPublicState: (next: PublicSessionState) => {
      publicState = next;
    },
    setHostSession: (next: unknown) => {
      hostSession = next;
    },
  };
}

/** A notification as the server sends it (shared/contracts/notification.ts). */
export function notification(id: string, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Title ${id}`,
    description: `About ${id}`,
    time: new Date(Date.UTC(2026, 10, 23, 9, Number(id.replace(/\D/g, '')) % 60)).toISOString(),
    actionRequired: false,
    path: null,
    read: false,
    ...extra,
  };
}

/**
 * The notification calls of the reference server (GET workspaces/{id}/notifications, PUT
 * .../read), in memory: what the live feed in the background asks for.
 */
export function notificationServer(initial: Notification[] = []) {
  const list = [...initial];
  const read = new Set<string>();
  const markBodies: unknown[] = [];
  const listed: string[] = [];
  async function request(req: TransportRequest): Promise<unknown> {
    if (req.method === 'GET' && req.path.endsWith('/notifications')) {
      listed.push(req.path);
      const data = list.map((n) => ({ ...n, read: read.has(n.id) }));
      return { data, meta: { total: data.length, limit: 100, offset: 0 } };
    }
    if (req.method === 'PUT' && req.path.endsWith('/notifications/read')) {
      markBodies.push(req.body);
      const body = req.body as { ids?: string[]; all?: boolean };
      const ids = body.all ? list.map((n) => n.id) : (body.ids ?? []);
      for (const id of ids) read.add(id);
      return { data: { ids } };
    }
    return { data: req.path };
  }
  return { request, list, read, markBodies, listed };
}

export type FakeRouter = ReturnType<typeof createPortRouter>;

/** A fake runtime port opened to whatever accepts ports: the router, or the app's live ports. */
export function connect(
  router: { onConnect(port: RouterPort): void },
  sender: object | undefined,
  name = PORT_NAME,
) {
  const received: BackgroundMessage[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const port: RouterPort & { disconnected: boolean } = {
    name,
    sender,
    disconnected: false,
    postMessage: (message) => void received.push(message),
    disconnect() {
      this.disconnected = true;
    },
    onMessage: { addListener: (listener) => void listeners.push(listener) },
    onDisconnect: { addListener: (listener) => void disconnectListeners.push(listener) },
  };
  router.onConnect(port);
  const answers = () =>
    received.filter(
      (m): m is Extract<BackgroundMessage, { kind: 'answer' }> => m.kind === 'answer',
    );
  return {
    port,
    received,
    answers,
    send: (message: unknown) => listeners.forEach((listener) => listener(message)),
    close: () => disconnectListeners.forEach((listener) => listener()),
    answer: async (id: string) => {
      await vi.waitFor(() => expect(answers().map((m) => m.id)).toContain(id));
      return answers().find((m) => m.id === id) as Extract<BackgroundMessage, { kind: 'answer' }>;
    },
  };
}

/**
 * A PortLike for a PortTransport whose other end is the router (a tab's or page's real
 * transport against the background's real router; or the app's port against the app live
 * ports). Messages are copied as the browser's port copies them.
 */
export function routerPortConnector(router: Pick<FakeRouter, 'onConnect'>, sender: object) {
  const opened: { drop(): void }[] = [];
  const connect = (name: string): PortLike => {
    const toClient: ((message: unknown) => void)[] = [];
    const clientGone: (() => void)[] = [];
    const toRouter: ((message: unknown) => void)[] = [];
    const routerGone: (() => void)[] = [];
    let open = true;
    const copy = (message: unknown) => JSON.parse(JSON.stringify(message)) as unknown;
    router.onConnect({
      name,
      sender,
      postMessage: (message) => {
        if (open) toClient.forEach((listener) => listener(copy(message)));
      },
      disconnect: () => {
        open = false;
        clientGone.forEach((listener) => listener());
      },
      onMessage: { addListener: (listener) => void toRouter.push(listener) },
      onDisconnect: { addListener: (listener) => void routerGone.push(listener) },
    });
    const drop = () => {
      if (!open) return;
      open = false;
      routerGone.forEach((listener) => listener());
      clientGone.forEach((listener) => listener());
    };
    opened.push({ drop });
    return {
      postMessage: (message) => {
        if (!open) throw new Error('Attempting to use a disconnected port object');
        toRouter.forEach((listener) => listener(copy(message)));
      },
      disconnect: () => {
        if (!open) return;
        open = false;
        routerGone.forEach((listener) => listener());
      },
      onMessage: { addListener: (listener) => void toClient.push(listener) },
      onDisconnect: { addListener: (listener) => void clientGone.push(listener) },
    };
  };
  /** The worker stops: every port closes at both ends. */
  return { connect, dropAll: () => opened.splice(0).forEach((port) => port.drop()) };
}

/** Lets every pending promise and timer of the router settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
