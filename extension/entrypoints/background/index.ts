import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createExtensionStorage } from '@/extension/lib/extension-storage';
import { DEFAULT_SETTINGS } from '@/extension/lib/settings';
import { loadSettings, watchSettings } from '@/extension/lib/settings-storage';
import { createAppHandoff } from './app-handoff';
import { syncExtraKeapHosts } from './keap-hosts';
import { createPortRouter, type RouterPort } from './port-router';
import { createBackgroundSession } from './session';
import { createSocketHub } from './socket';

/** Widget preferences in storage.local (filters, theme, panel width): nothing secret. */
export const WIDGET_STORAGE_PREFIX = 'widget:';

/**
 * The background worker (ARCHITECTURE.md "Inside a CRM tab"), one module per concern:
 * session.ts (sign-in, refresh, sign-out; tokens in storage.session), socket.ts (the one
 * socket.io connection's events), port-router.ts (content scripts and our pages),
 * sender-policy.ts (who may say what), app-handoff.ts, keap-hosts.ts. Every listener is
 * registered synchronously here, so a worker woken by a message or a port finds it.
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
  const session = createBackgroundSession({
    serverOrigin: settingsAtStart.then(({ settings }) => settings.serverOrigin),
    storage: createExtensionStorage(browser.storage.session),
    hub,
    appVersion: browser.runtime.getManifest().version,
    // The worker has no screen: toasts go to the pages and panels that are open.
    notify: (level, message, toast) => router?.broadcastNotice({ level, message, ...toast }),
  });
  // The admin's extra Keap hosts whose content script is registered: the only hosts
  // beyond the built-in site families that may open a content-script port (issue #9).
  let grantedKeapHosts: readonly string[] = [];
  let settingsApplied: () => void = () => {};
  const settingsReady = new Promise<void>((resolve) => (settingsApplied = resolve));
  router = createPortRouter({
    self,
    session,
    hub,
    widgetStorage: createExtensionStorage(browser.storage.local, WIDGET_STORAGE_PREFIX),
    extraKeapHosts: () => grantedKeapHosts,
    settingsReady,
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
  // Any other one-off message (nothing of ours uses them) is ignored: ports only.

  // Tests and the benchmark read these through the service worker target.
  Object.assign(globalThis, {
    __intakeDiagnostics: () => ({
      openPorts: portRouter.openPorts(),
      droppedMessages: portRouter.droppedMessages(),
      session: session.publicState(),
    }),
  });
});
