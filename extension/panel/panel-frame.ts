import { browser } from 'wxt/browser';
import {
  familyOfFrameUrl,
  PANEL_FRAME_SOURCE,
  type PanelFrameMessage,
} from '@/extension/lib/panel-frame-protocol';
import type { ResolvedSettings } from '@/extension/lib/settings';
import { loadSiteSettings } from '@/extension/lib/settings-storage';
import { isSiteOrigin, type SiteFamily } from '@/extension/lib/site-families';
import { createPortTransport, type PortLike } from '@/shared/transport/port-transport';
import { defineAllWidgets, preloadWidgets, widgetDefinitions } from '@/widgets/all-widgets';
import { setWidgetShadowMode } from '@/widgets/define-widget';
import { holdScreensUntil } from '@/widgets/lazy-screen';
import { setWidgetEnvironment } from '@/widgets/widget-environment';
import { holdLatestPress, startCallDialogs } from './click-to-call/start-call-dialogs';
import { CALL_DIALOGS_TAG } from './click-to-call/tags';
import {
  isSocketError,
  mountPanel,
  panelShadowRoot,
  showPanelNotice,
  showPanelSocketError,
  type PanelBox,
} from './mount-panel';
import { canShowCallFlow } from './panel-calls';
import { watchOverlays } from './panel-frame-overlays';
import { loadPanelPrefs, type PanelPrefs } from './panel-prefs';
import { firstFigureWidget, widgetsForRole } from './panel-widgets';
import { createPortEnvironment } from './port-environment';
import { signedInKey } from './port-host-session';
import { createPortLiveFeed } from './port-live-feed';

/** The longest the other screens wait for the first one's figures. */
const FIRST_SCREEN_ALONE_MS = 1500;
/** How long a press of a call button waits for the dialogs (their chunk, the host session). */
const PRESS_HOLD_MS = 5000;

/**
 * The origins this document is framed by, innermost first (location.ancestorOrigins;
 * Firefox has none: there the referrer's origin, the framing page's).
 */
function ancestorOrigins(): string[] {
  const ancestors = globalThis.location.ancestorOrigins;
  if (ancestors) return [...ancestors];
  try {
    return document.referrer ? [new URL(document.referrer).origin] : [];
  } catch {
    return [];
  }
}

/**
 * Whether this frame sits where the content script puts it: framed, by our sites' pages
 * only (every ancestor: a third party's frame inside a CRM page gets nothing), for a
 * site family that is switched on. The page is web-accessible (the admin's extra Keap
 * hosts are only known at run time), so any site could frame it: elsewhere it renders
 * nothing and opens no port. The background checks the tab's address as well.
 */
export async function framedBySite(
  family: SiteFamily,
  ancestors: readonly string[] = globalThis.top === globalThis.self ? [] : ancestorOrigins(),
  load: () => Promise<ResolvedSettings> = loadSiteSettings,
): Promise<boolean> {
  if (ancestors.length === 0) return false;
  const { settings } = await load();
  if (!settings.sites[family]) return false;
  return ancestors.every((origin) => isSiteOrigin(origin, settings.extraKeapHosts));
}

/**
 * The panel frame's runtime (issue #29 "Typing in a CRM page is private"): everything
 * the panel was inside the CRM page — the side panel, the widgets of the signed-in role,
 * the live feed, the active call's wizard and the click-to-call dialogs — now in
 * extension/public/panel-frame.html, which the CRM page frames but cannot listen to. It
 * talks to the background over the same port, with the same rights, as the content
 * script beside it (sender-policy.ts). It tells that content script only its layout and
 * when its first figures are shown (panel-frame-protocol.ts); the page's URL and its
 * call buttons stay the content script's (panel-runtime.ts).
 */
export async function startPanelFrame(): Promise<void> {
  const family: SiteFamily | null = familyOfFrameUrl(globalThis.location.href);
  if (family) await runPanelFrame(family);
}

async function runPanelFrame(family: SiteFamily): Promise<void> {
  const parentOrigin = ancestorOrigins()[0] ?? '';
  const allowed = framedBySite(family);
  const post = (message: Omit<PanelFrameMessage, 'source'>) => {
    if (!parentOrigin) return;
    globalThis.parent.postMessage({ source: PANEL_FRAME_SOURCE, ...message }, parentOrigin);
  };

  const lifetime = new AbortController();
  const transport = createPortTransport({
    connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
  });
  const environment = createPortEnvironment(transport);
  const firstFiguresShown = (stop: AbortSignal) => firstFiguresShownAfter(environment, stop);
  const live = createPortLiveFeed(transport);
  // Presses of the page's call buttons, kept a moment when they come before the dialogs.
  const presses = holdLatestPress((listener) => transport.onPanelCall(listener), PRESS_HOLD_MS);
  let prefsAtStart: Promise<PanelPrefs> | null = loadPanelPrefs(environment.storage, family);
  setWidgetEnvironment(environment.environment);
  // Open roots: nothing outside this extension page can reach its document at all.
  setWidgetShadowMode('open');
  defineAllWidgets();
  const isDefined = (tag: string) => customElements.get(tag) !== undefined;

  // As soon as the role is known, and the panel is open: the top widget's screen and
  // every widget's stored filters, while the panel is still mounting (issue #6 "Speed").
  // The first widget with figures first, alone (issue #14); the others wait until its
  // figures are shown (at most FIRST_SCREEN_ALONE_MS, so a call still gets its wizard).
  let preloadedFor = '';
  const preload = async () => {
    const state = transport.sessionState();
    const key = signedInKey(state);
    if (!state?.user || key === '' || key === preloadedFor) return;
    preloadedFor = key;
    const prefs = await (prefsAtStart ?? loadPanelPrefs(environment.storage, family));
    if (!prefs.open) return;
    const tags = widgetsForRole(state.user.role, isDefined);
    const first = firstFigureWidget(state.user.role, isDefined) ?? tags[0];
    if (first && first !== tags[0]) holdScreensUntil(firstFiguresShown(lifetime.signal));
    if (first) preloadWidgets([first]);
    environment.storage.prefetch(widgetDefinitions(tags).flatMap((widget) => widget.storageKeys));
  };
  const stopPreload = transport.onSessionState(() => void preload());
  void preload();

  const stop = () => {
    presses.stop();
    stopPreload();
    environment.dispose();
    transport.close();
  };
  if (!(await allowed.catch(() => false))) return stop();

  const layout = createLayoutSender(post);

  let mounted: { key: string; controller: AbortController; host: HTMLElement | null } | null = null;

  async function evaluate(): Promise<void> {
    const state = transport.sessionState();
    const key = signedInKey(state);
    // Socket and call-count changes need no new mount: the live feed updates the panel.
    if (mounted && mounted.key === key) return;
    mounted?.controller.abort();
    mounted = null;
    if (key === '' || !state) {
      layout.setBox(null);
      return reportCallFacts();
    }
    const controller = new AbortController();
    const figuresShown = firstFiguresShown(controller.signal);
    const current: { key: string; controller: AbortController; host: HTMLElement | null } = {
      key,
      controller,
      host: null,
    };
    mounted = current;
    const prefs = prefsAtStart ?? undefined;
    prefsAtStart = null;
    controller.signal.addEventListener('abort', () => {
      layout.setBox(null);
    });
    current.host = await mountPanel({
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
      shadowMode: 'open',
      // Closing the CRM tab is the content script's to guard (panel-runtime.ts).
      guardUnload: false,
      onBox: (next) => {
        layout.setBox(next);
      },
    });
    if (controller.signal.aborted || !current.host) return;
    void figuresShown.then(() => {
      if (!controller.signal.aborted) post({ kind: 'figures' });
    });
    const panelHost = current.host;
    watchOverlays({
      doc: document,
      roots: () => overlayRoots(panelHost),
      onChange: (on) => {
        layout.setOverlay(on);
      },
      signal: controller.signal,
    });
    // issue #13 click-to-call: the dialogs open here for the presses of the page's call
    // buttons, which the background hands over (panel:call); the agent types the custom
    // number here, never in the page.
    startCallDialogs({
      signal: controller.signal,
      environment: environment.environment,
      calls: environment.calls,
      notify: (_kind, message) => showPanelNotice(panelHost, message),
      onRequest: presses.subscribe,
      shadowMode: 'open',
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

  transport.onSessionState(() => void evaluate());
  // issue #28: the persistent socket error follows the background's socket status.
  transport.onSessionState((state) => {
    if (mounted?.host) showPanelSocketError(mounted.host, isSocketError(state));
  });
  transport.onNotice((notice) => {
    if (notice.persistent || !mounted?.host) return;
    showPanelNotice(mounted.host, notice.message, notice.durationMs);
  });
  globalThis.addEventListener('pagehide', () => {
    mounted?.controller.abort();
    lifetime.abort();
  });
  void evaluate();
}

/** After the first answer, its render and a frame; or at the latest FIRST_SCREEN_ALONE_MS. */
function firstFiguresShownAfter(
  environment: Pick<ReturnType<typeof createPortEnvironment>, 'firstAnswer'>,
  stop: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve) => {
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
}

/** Where a dialog or a wide drop-down may open: the panel's shadow root and the dialogs'. */
function overlayRoots(panelHost: HTMLElement): ParentNode[] {
  const roots: ParentNode[] = [];
  const panelRoot = panelShadowRoot(panelHost);
  if (panelRoot) roots.push(panelRoot);
  // Open here (startCallDialogs), and read so: its module stays a lazy chunk.
  const dialogsRoot = document.querySelector(CALL_DIALOGS_TAG)?.shadowRoot;
  if (dialogsRoot) roots.push(dialogsRoot);
  return roots;
}

/**
 * The layout the content script gives the frame: the panel's box, or the whole viewport
 * while a dialog or a wide drop-down is on or a resize drag is under way. Said at once,
 * then only when it changes.
 */
function createLayoutSender(post: (message: Omit<PanelFrameMessage, 'source'>) => void) {
  let box: PanelBox | null = null;
  let overlay = false;
  let lastLayout = '';
  const sendLayout = () => {
    const layout = {
      kind: 'layout' as const,
      width: box?.width ?? 0,
      overlay: overlay || !!box?.dragging,
    };
    const key = JSON.stringify(layout);
    if (key === lastLayout) return;
    lastLayout = key;
    post(layout);
  };
  sendLayout();
  return {
    setBox(next: PanelBox | null): void {
      box = next;
      sendLayout();
    },
    setOverlay(on: boolean): void {
      overlay = on;
      sendLayout();
    },
  };
}
