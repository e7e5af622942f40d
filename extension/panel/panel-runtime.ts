// The isolated world has no customElements (TOOLCHAIN.md): the polyfill comes first.
import '@webcomponents/custom-elements';
import { browser } from 'wxt/browser';
import { removePanelView } from '@/extension/lib/panel-view-paint';
import { isSupportedPage, type SiteFamily } from '@/extension/lib/site-families';
import { loadSettings } from '@/extension/lib/settings-storage';
import { createPortTransport, type PortLike } from '@/shared/transport/port-transport';
import { defineAllWidgets, preloadWidgets, widgetDefinitions } from '@/widgets/all-widgets';
import { holdScreensUntil } from '@/widgets/lazy-screen';
import { setWidgetShadowMode } from '@/widgets/define-widget';
import { setWidgetEnvironment } from '@/widgets/widget-environment';
import { startClickToCall } from './click-to-call/start-click-to-call';
import { isSocketError, mountPanel, showPanelNotice, showPanelSocketError } from './mount-panel';
import { canShowCallFlow } from './panel-calls';
import { loadPanelPrefs, type PanelPrefs } from './panel-prefs';
import { firstFigureWidget, widgetsForRole } from './panel-widgets';
import { createPortEnvironment } from './port-environment';
import { createPortLiveFeed } from './port-live-feed';
import { watchLocation } from './watch-location';

export interface StartPanelOptions {
  family: SiteFamily;
  /** The content script's lifetime (WXT's ctx.signal: aborted when the extension goes away). */
  signal: AbortSignal;
  /** The port the loader opened before this module arrived (start-site.ts), if any. */
  port?: PortLike | null;
}

/** Resolves once the page has a body to mount on (should a content script start earlier). */
function domReady(signal: AbortSignal): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true, signal });
  });
}

let started = false;

/** The longest the other screens wait for the first one's figures. */
const FIRST_SCREEN_ALONE_MS = 1500;

/**
 * The panel runtime, loaded by every site family's content script (one ES module with
 * its chunks, shared by all of them, so chart.js and xlsx stay lazy). One PortTransport
 * per tab; the panel is mounted while the page is a supported record page and someone is
 * signed in, mounted again on the CRM's route changes, and removed on sign-out.
 */
export async function startPanel({ family, signal, port }: StartPanelOptions): Promise<void> {
  if (started) return;
  started = true;
  // Everything that waits on the background starts at once, side by side: the session
  // state (already on its way over the loader's port), the settings, the panel's prefs.
  let early = port ?? null;
  const transport = createPortTransport({
    connect: (name) => {
      const given = early;
      early = null;
      return given ?? (browser.runtime.connect({ name }) as unknown as PortLike);
    },
  });
  const environment = createPortEnvironment(transport);
  /** After the first answer, its render and a frame; or at the latest FIRST_SCREEN_ALONE_MS. */
  const firstFiguresShown = (stop: AbortSignal) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, FIRST_SCREEN_ALONE_MS);
      stop.addEventListener('abort', () => resolve(), { once: true });
      void environment.firstAnswer().then(() =>
        // The answer renders in a task of the data layer's; the next frame has it on screen
        // (a hidden tab has no frames: then a moment later).
        setTimeout(() => {
          requestAnimationFrame(() => setTimeout(resolve, 0));
          setTimeout(resolve, 100);
        }, 0),
      );
    });
  // The background's one live feed, mirrored: the panel's notification centre and count.
  const live = createPortLiveFeed(transport);
  let prefsAtStart: Promise<PanelPrefs> | null = loadPanelPrefs(environment.storage, family);
  const settingsLoaded = loadSettings();
  let extraKeapHosts: readonly string[] = [];
  setWidgetEnvironment(environment.environment);
  // Closed roots inside a CRM page: its scripts must not read what the widgets show.
  setWidgetShadowMode('closed');
  defineAllWidgets();
  const isDefined = (tag: string) => customElements.get(tag) !== undefined;

  // As soon as the role is known, on a page that gets the panel, open: the top widget's
  // screen and every widget's stored filters, while the runtime is still mounting it
  // (issue #6 "Speed"). Only the top one: preloading all screens made the heavy cockpit
  // and funnel render and send their requests alongside it, and the top widget's figure
  // came no sooner; the others load as they render, as before.
  let preloadedFor = '';
  const preload = async () => {
    const state = transport.sessionState();
    if (state?.status !== 'signed-in' || !state.user) return;
    if (!isSupportedPage(family, window.location.href, extraKeapHosts)) return;
    const key = `${state.user.id}|${state.user.role}|${state.workspace?.id}`;
    if (key === preloadedFor) return;
    preloadedFor = key;
    const prefs = await (prefsAtStart ?? loadPanelPrefs(environment.storage, family));
    if (!prefs.open) return;
    const tags = widgetsForRole(state.user.role, isDefined);
    // The first widget with figures first, alone (issue #14): the other screens' code
    // (the call flow's is the largest) waits until its figures are shown, else their
    // parsing and first renders held up the page's thread just when its chunk and its
    // answer arrived (seen in-page with marks, 2026-11-26). A call's offer still opens the
    // call flow: its code loads at the latest after FIRST_SCREEN_ALONE_MS.
    const first = firstFigureWidget(state.user.role, isDefined) ?? tags[0];
    if (first && first !== tags[0]) holdScreensUntil(firstFiguresShown(signal));
    if (first) preloadWidgets([first]);
    environment.storage.prefetch(widgetDefinitions(tags).flatMap((widget) => widget.storageKeys));
  };
  const stopPreload = transport.onSessionState(() => void preload());
  void preload();

  const { settings } = await settingsLoaded;
  extraKeapHosts = settings.extraKeapHosts;
  if (!settings.sites[family] || signal.aborted) {
    removePanelView();
    stopPreload();
    environment.dispose();
    transport.close();
    return;
  }
  void preload();
  await domReady(signal);
  if (signal.aborted) return;

  let mounted: {
    key: string;
    controller: AbortController;
    host: Promise<HTMLElement | null>;
  } | null = null;

  function evaluate(): void {
    const state = transport.sessionState();
    const url = window.location.href;
    const onRecord = isSupportedPage(family, url, settings.extraKeapHosts);
    const wanted = state?.status === 'signed-in' && state.user && onRecord;
    // Not the URL (issue #14): moving from record to record inside the CRM's single-page
    // app keeps the panel, its figures and its click-to-call buttons (whose observer
    // follows the page's new content); only leaving the record pages or another user
    // unmounts it.
    const key =
      wanted && state?.user ? `${state.user.id}|${state.user.role}|${state.workspace?.id}` : '';
    // Socket and call-count changes need no new mount: the live feed updates the panel.
    if (mounted && mounted.key === key) return;
    mounted?.controller.abort();
    mounted = null;
    if (!wanted || !state) {
      // Until the background has said who is signed in, the last view stays (a busy
      // background must not blank the panel's place; the loader removes it after 10 s).
      if (state || !onRecord) removePanelView();
      return reportCallFacts();
    }
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(), { once: true });
    // The first mount takes the prefs read at start; later ones (route changes) read again.
    const prefs = prefsAtStart ?? undefined;
    prefsAtStart = null;
    const figuresShown = firstFiguresShown(controller.signal);
    mounted = {
      key,
      controller,
      host: mountPanel({
        family,
        signal: controller.signal,
        state,
        storage: environment.storage,
        prefs,
        isDefined,
        live,
        onVisibility: (visible) => transport.setVisibility(visible),
        calls: environment.calls,
        showsCallFlow,
        onView: (view) => transport.putPanelView(family, view),
        firstFigures: figuresShown,
      }),
    };
    // The last page's view (painted by the loader) gives way once this panel is on the
    // page and shows figures; never before it is there (a slow mount left a blank).
    void Promise.allSettled([figuresShown, mounted.host]).then(() => removePanelView());
    // issue #13 click-to-call: buttons next to the page's phone numbers for as long as
    // this mount lives (a route change or sign-out aborts it and removes them).
    startClickToCall({
      family,
      signal: controller.signal,
      environment: environment.environment,
      calls: environment.calls,
      notify: (_kind, message) =>
        void mounted?.host.then((host) => host && showPanelNotice(host, message)),
    });
    reportCallFacts();
  }

  // issue #13: whether this tab can take a call's wizard (the background's one-place
  // decision), said again when the panel or the signed-in workspace changes.
  function showsCallFlow(): boolean {
    const state = transport.sessionState();
    return canShowCallFlow({
      mounted: mounted !== null && state?.status === 'signed-in',
      role: state?.user?.role,
      isDefined,
      workspace: environment.hostSession()?.workspace,
    });
  }
  function reportCallFacts(): void {
    transport.setCallFacts({ canShowCallFlow: showsCallFlow() });
  }
  environment.onHostSession(reportCallFacts);

  transport.onSessionState(evaluate);
  // issue #28: the persistent socket error follows the background's socket status (which
  // every port gets, a tab opened during the outage included), not its passing notices.
  transport.onSessionState((state) => {
    void mounted?.host.then((host) => host && showPanelSocketError(host, isSocketError(state)));
  });
  transport.onNotice((notice) => {
    if (notice.persistent) return;
    void mounted?.host.then(
      (host) => host && showPanelNotice(host, notice.message, notice.durationMs),
    );
  });
  watchLocation(evaluate, signal);
  signal.addEventListener(
    'abort',
    () => {
      mounted?.controller.abort();
      stopPreload();
      environment.dispose();
      transport.close();
    },
    { once: true },
  );
  evaluate();
}
