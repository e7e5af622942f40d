import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/app/styles/tokens.css';
import '@/app/styles/app.css';
import { apiConfigFor } from '@/shared/config/api-config';
import { createDirectSession } from '@/shared/session/create-session';
import { createBrowserRefreshCoordinator } from '@/shared/session/refresh-coordinator';
import { createWebStorage } from '@/shared/storage/storage';
import { createLiveFeed } from '@/shared/live/create-live-feed';
import { useSessionStore } from '@/shared/stores/session-store';
import { loadSupportContact } from '@/shared/stores/support-contact-store';
import { checkRouteAccess } from '@/shared/domain/route-access';
import {
  EXTENSION_READY_EVENT,
  installedExtensionId,
} from './features/extension-handoff/extension-bridge';
import { appCanShowCallFlow, createAppCalls } from './calls/app-calls';
import { createCallTabElection } from './calls/tab-election';
import { createIncomingCallAlerts } from './calls/incoming-call-alert';
import { attachBrowserPush, browserNotification, createDesktopAlerts } from './live/browser-push';
import { createLiveFeedChooser, followSession, liveScopeOf } from './live/choose-live-feed';
import { connectExtensionLiveFeed } from './live/extension-live-feed';
import { followLiveSocketError } from './live/live-socket-error';
import { App } from './app';
import { APP_VERSION } from './shell/app-version';
import { createAppRouter } from './router';
import { currentEnvironment } from './config/environment';
import { requestEnded, requestStarted } from './shell/request-loader/request-loader-store';
import { hydrateSidebar } from './shell/sidebar/sidebar-store';
import { hydrateTheme } from './styles/theme-store';
import { dismissToastById, notifyWithToasts } from './shell/toasts/toast-store';

/**
 * The standalone app's wiring: localStorage, the direct transport (same origin: /api,
 * /call-center, socket.io) with the global request loader's hooks, the API client and the
 * session service, the toasts as the host's notify, the router's navigate, and the live
 * feed (notification centre, live call count, browser push).
 */
const storage = createWebStorage(window.localStorage);
const { api, session, transport } = createDirectSession({
  config: apiConfigFor(window.location.origin),
  storage,
  notify: notifyWithToasts,
  dismissNotice: dismissToastById,
  appVersion: APP_VERSION,
  currentPath: () => window.location.pathname,
  onRequestStart: requestStarted,
  onRequestEnd: requestEnded,
  // Every tab shares the stored session: one refresh for the browser (issue 9 item 6).
  coordinator: createBrowserRefreshCoordinator(),
  // The live feed's chooser opens the socket: not when the extension's one serves us.
  connectSocketOnSignIn: false,
});
const router = createAppRouter();

// issue #13 — calls: the tab's own (own socket) or the extension background's (its port).
const notificationApi = browserNotification();
const appCalls = createAppCalls({
  api,
  store: window.sessionStorage,
  scope: () => liveScopeOf(useSessionStore.getState()),
  navigate: (path) => void router.navigate(path),
  draftStorage: storage,
  // issue #28: with the app open in several tabs, one tab runs a call's wizard.
  election: createCallTabElection(),
  agentName: () => {
    const user = useSessionStore.getState().user;
    return user?.name || user?.username || '';
  },
  agentId: () => useSessionStore.getState().agent?.id ?? null,
  allows: (path) => {
    const { user, workspace } = useSessionStore.getState();
    return checkRouteAccess(path, user, workspace).kind === 'allow';
  },
  alerts: createIncomingCallAlerts(notificationApi),
});

// issue #12 — the live feed: the extension's when it is signed in as the same user (one
// socket per browser), else the app's own over its own socket, with browser push.
const liveFeeds = createLiveFeedChooser({
  own: createLiveFeed({
    api,
    storage,
    scope: () => liveScopeOf(useSessionStore.getState()),
    socketStatus: transport.socketStatus,
  }),
  socket: transport,
  extensionId: () => installedExtensionId(),
  connectExtension: (options) => {
    const { user, workspace } = useSessionStore.getState();
    return connectExtensionLiveFeed({
      ...options,
      canShowCallFlow: appCanShowCallFlow(user, workspace),
    });
  },
  attachPush: (feed) =>
    attachBrowserPush(feed, {
      api: notificationApi,
      navigate: (path) => void router.navigate(path),
    }),
  alerts: createDesktopAlerts(notificationApi),
  onFeedChange: appCalls.feedChanged,
});
followSession(useSessionStore, liveFeeds);
// issue #28: the extension's socket in error shows in the app too (its own shows itself).
followLiveSocketError(liveFeeds.feed, notifyWithToasts, dismissToastById);
// The extension's bridge may announce itself after the app started.
window.addEventListener(EXTENSION_READY_EVENT, () => void liveFeeds.extensionAppeared());
// issue #30 — the server's support contact for every "contact support" link: asked at
// start (the sign-in page shows one), and again at each sign-in until it has answered.
void loadSupportContact(api);
useSessionStore.subscribe((state, previous) => {
  if (state.status === 'signed-in' && previous.status !== 'signed-in') void loadSupportContact(api);
});

async function start(): Promise<void> {
  // Theme and menu mode first, so the first paint already has them.
  await Promise.all([hydrateTheme(storage), hydrateSidebar(storage)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App
        router={router}
        api={api}
        storage={storage}
        notify={notifyWithToasts}
        services={{ session }}
        environment={currentEnvironment()}
        live={{ feed: liveFeeds.feed, alerts: liveFeeds.alerts }}
        calls={appCalls.session}
      />
    </StrictMode>,
  );
  try {
    await session.restore();
  } catch (error) {
    // Whatever went wrong, nobody may stay on "Restoring your session..." forever.
    console.error('Could not restore the session', error);
    await session.logout();
  }
}

void start();
