import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createExtensionStorage } from '@/extension/lib/extension-storage';
import { DEFAULT_SETTINGS } from '@/extension/lib/settings';
import { loadSettings, watchSettings } from '@/extension/lib/settings-storage';
import type { Notifier } from '@/shared/transport/notifier';
import { createAppHandoff } from './app-handoff';
import { createAppLivePorts } from './app-live-port';
import { createBackgroundCalls } from './calls';
import { syncExtraKeapHosts } from './keap-hosts';
import { createBackgroundLive } from './live';
import { createPanelViews } from './panel-views';
import { createPortRouter, type RouterPort } from './port-router';
import { createBackgroundSession } from './session';
import { createSocketHub } from './socket';

/** Widget preferences in storage.local (filters, theme, panel width): nothing secret. */
export const WIDGET_STORAGE_PREFIX = 'widget:';
/**
 * The live feed's keys: read notification ids in storage.local (they outlive a browser
 * restart, spec: session 9), push actions in storage.session (a worker restart).
 */
export const LIVE_STORAGE_PREFIX = 'live:';
/** The active call, its offer and claim, and the wizard's values: storage.session (issue #13). */
export const CALLS_STORAGE_PREFIX = 'calls:';
/** The extension's icon (extension/public): the toolbar's and browser push's. */
export const ICON_PATH = '/icon-128.png';

/**
 * The background worker (ARCHITECTURE.md "Inside a CRM tab"), one module per concern:
 * session.ts (sign-in, refresh, sign-out; tokens in storage.session), socket.ts (the one
 * socket.io connection's events), live.ts (the one live feed, badge, browser push),
 * calls.ts and calls/ (the active call every tab shares, issues #13 and #28), port-router.ts
 * (content scripts, the panel frame and our pages), sender-policy.ts (who may say what),
 * request-policy.ts (which API calls a CRM page may have sent), report-cache.ts (reports
 * answered from cache, then revalidated), panel-views.ts (the panel's last look per site),
 * app-handoff.ts and app-live-port.ts (the standalone app), keap-hosts.ts (an admin's extra
 * Keap hosts). Every listener is registered synchronously here, so a worker woken by a
 * message or a port finds it.
 */
export default defineBackground(() => {
  const self = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  // Tokens live in storage.session; content scripts must never be able to read it.
  void browser.storage.session
    .setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })
    .catch(() => {});

  const hub = createSocketHub();
  const settingsAtStart = loadSettings();
  let router: ReturnType<typeof createPortRouter> | null = null;
  // The worker has no screen: toasts go to the pages and panels that are open.
  const notify: Notifier = (level, message, toast) =>
    router?.broadcastNotice({ level, message, ...toast });
  const live = createBackgroundLive({
    hub,
    readStorage: createExtensionStorage(browser.storage.local, LIVE_STORAGE_PREFIX),
    pushStorage: createExtensionStorage(browser.storage.session, LIVE_STORAGE_PREFIX),
    browser: {
      action: browser.action,
      notifications: {
        create: (id, options) => browser.notifications.create(id, options),
        clear: (id) => browser.notifications.clear(id),
        onClicked: browser.notifications.onClicked,
        onClosed: browser.notifications.onClosed,
      },
      tabs: {
        update: (tabId, properties) => browser.tabs.update(tabId, properties),
        create: (properties) => browser.tabs.create(properties),
      },
      windows: { update: (windowId, properties) => browser.windows.update(windowId, properties) },
    },
    iconUrl: browser.runtime.getURL(ICON_PATH),
    notify,
  });
  const session = createBackgroundSession({
    serverOrigin: settingsAtStart.then(({ settings }) => settings.serverOrigin),
    storage: createExtensionStorage(browser.storage.session),
    hub,
    appVersion: browser.runtime.getManifest().version,
    notify,
    liveCalls: live.liveCalls,
  });
  live.attach(session);
  const calls = createBackgroundCalls({
    hub,
    session,
    storage: createExtensionStorage(browser.storage.session, CALLS_STORAGE_PREFIX),
    browser: {
      tabs: {
        query: (query) => browser.tabs.query(query),
        update: (tabId, properties) => browser.tabs.update(tabId, properties),
        create: (properties) => browser.tabs.create(properties),
        onActivated: browser.tabs.onActivated,
      },
      windows: {
        getLastFocused: () => browser.windows.getLastFocused(),
        update: (windowId, properties) => browser.windows.update(windowId, properties),
      },
      notifications: {
        create: (id, options) => browser.notifications.create(id, options),
        clear: (id) => browser.notifications.clear(id),
        // Both listeners coexist: each acts on its own id prefix only.
        onClicked: browser.notifications.onClicked,
      },
    },
    iconUrl: browser.runtime.getURL(ICON_PATH),
    notify,
  });
  // The admin's extra Keap hosts whose content script is registered: the only hosts
  // beyond the built-in site families that may open a content-script port (issue #9).
  let grantedKeapHosts: readonly string[] = [];
  let settingsApplied: () => void = () => {};
  const settingsReady = new Promise<void>((resolve) => (settingsApplied = resolve));
  const panelViews = createPanelViews();
  router = createPortRouter({
    self,
    session,
    hub,
    live,
    calls,
    widgetStorage: createExtensionStorage(browser.storage.local, WIDGET_STORAGE_PREFIX),
    extraKeapHosts: () => grantedKeapHosts,
    settingsReady,
    panelViews,
  });
  const portRouter = router;
  browser.runtime.onConnect.addListener((port) =>
    portRouter.onConnect(port as unknown as RouterPort),
  );

  // Settings: the server address (and with it the session) and the extra Keap hosts.
  let appOrigin = DEFAULT_SETTINGS.serverOrigin;
  const applySettings = async (loaded = loadSettings()) => {
    const { settings } = await loaded;
    appOrigin = settings.serverOrigin;
    grantedKeapHosts = await syncExtraKeapHosts(settings.extraKeapHosts).catch(() => []);
    settingsApplied();
    await session.setServerOrigin(settings.serverOrigin);
  };
  void applySettings(settingsAtStart).finally(settingsApplied);
  watchSettings(() => void applySettings());
  browser.permissions.onAdded.addListener(() => void applySettings());
  browser.permissions.onRemoved.addListener(() => void applySettings());

  const handoff = createAppHandoff({ session, appOrigin: () => appOrigin });
  browser.runtime.onMessageExternal.addListener((message, sender) => handoff(message, sender));
  const appLive = createAppLivePorts({
    session,
    live,
    calls,
    appOrigin: () => appOrigin,
  });
  browser.runtime.onConnectExternal.addListener((port) =>
    appLive.onConnectExternal(port as unknown as RouterPort),
  );
  // Any other one-off message (nothing of ours uses them) is ignored: ports only.

  // Tests and the benchmark read these through the service worker target.
  Object.assign(globalThis, {
    __intakeDiagnostics: () => ({
      openPorts: portRouter.openPorts(),
      appLivePorts: appLive.openPorts(),
      droppedMessages: portRouter.droppedMessages() + appLive.droppedMessages(),
      session: session.publicState(),
      live: live.snapshot(),
      liveVisible: live.anyVisible(),
      // The active call without the wizard's values (issue #13).
      calls: calls.snapshot(),
      // The CRM panel views held (issue #14): which families, how large, how old; never the view.
      panelViews: panelViews.describe(),
    }),
  });
});
