import {
  createElement,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { SiteFamily } from '@/extension/lib/site-families';
import LIVE_CALL_COUNT_CSS from '@/app/live/live-call-count.css?inline';
import NOTIFICATION_CENTER_CSS from '@/app/live/notification-center.css?inline';
import ICON_CSS from '@/app/components/icon/icon.css?inline';
import VISUALLY_HIDDEN_CSS from '@/app/components/visually-hidden/visually-hidden.css?inline';
import HANG_UP_PILL_CSS from '@/app/features/call-flow/hang-up-pill.css?inline';
import TOKENS_CSS from '@/app/styles/tokens.css?inline';
import type { CallSession } from '@/shared/calls/call-session';
import { isCallLive } from '@/shared/domain/call-clock';
import type { LiveFeed } from '@/shared/live/live-feed';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { PanelView, PublicSessionState } from '@/shared/transport/port-protocol';
import {
  CALL_FLOW_TAG,
  guardUnloadWhileLastViewer,
  hangUpAndReset,
  panelHangUpFallback,
} from './panel-calls';
import { COLLAPSED_WIDTH, PANEL_TAG, pinHost, ROOT_RESET } from './panel-host';
import { clampWidth, loadPanelPrefs, savePanelPrefs, type PanelPrefs } from './panel-prefs';
import { keepPanelView } from './panel-view';
import { widgetsForRole } from './panel-widgets';
import { SidePanel } from './side-panel';
// ?inline: the CSS as text for the shadow root. A plain import would go to the page's
// document in the app build, and to every widget's root in the panel build
// (widgets/build/collect-css-plugin.ts).
import SIDE_PANEL_CSS from './side-panel.css?inline';

/** The panel root's styles: the tokens, the app's live components, then the panel's own. */
const PANEL_CSS = [
  TOKENS_CSS,
  ICON_CSS,
  // The live components' screen-reader text (.ic-visually-hidden).
  VISUALLY_HIDDEN_CSS,
  NOTIFICATION_CENTER_CSS,
  LIVE_CALL_COUNT_CSS,
  HANG_UP_PILL_CSS,
  SIDE_PANEL_CSS,
].join('\n');

/** The box the panel takes, told to whoever frames it (issue #29, panel-frame.ts). */
export interface PanelBox {
  /** The panel's width: its open width, or the collapsed tab's. */
  width: number;
  /** A resize drag is on: the pointer may go anywhere on the page meanwhile. */
  dragging: boolean;
}

export interface MountPanelOptions {
  family: SiteFamily;
  /** Aborting it removes the panel and every listener it added. */
  signal: AbortSignal;
  state: PublicSessionState;
  storage: KeyValueStorage;
  /** The prefs already being read (the runtime reads them at start); else read here. */
  prefs?: Promise<PanelPrefs>;
  /** Whether a widget element is defined (only wrapped screens are shown). */
  isDefined: (tag: string) => boolean;
  /** The background's live feed (the tab's port mirror); null shows nothing live. */
  live?: LiveFeed | null;
  /**
   * Told whether the agent sees the panel (page visible and panel open), and false once
   * it goes away: browser push waits while one panel is seen (issue #12).
   */
  onVisibility?: (visible: boolean) => void;
  /**
   * The tab's active call (issue #13): the header's hang-up while a call is live, opening
   * on an offer, and asking before the last tab showing the call closes.
   */
  calls?: CallSession | null;
  /** Whether this tab shows the call-flow widget (its workspace may come later); default: its role does. */
  showsCallFlow?: () => boolean;
  /**
   * Given the panel's view whenever it settles (issue #14): the background keeps it for
   * the next CRM page's loader to paint (panel-view.ts).
   */
  onView?: (view: PanelView) => void;
  /** Settles once the panel's first figures are shown: its view is taken then too. */
  firstFigures?: Promise<unknown>;
  /**
   * The panel's shadow root: closed in a CRM page's own document (issue #9), open in the
   * panel frame (issue #29), whose document the page cannot reach at all. Default closed.
   */
  shadowMode?: ShadowRootMode;
  /**
   * Asks before the last tab showing a live call closes (default true). The panel frame
   * leaves it to the content script beside it: closing is the CRM tab's, not the frame's.
   */
  guardUnload?: boolean;
  /** Told the panel's box whenever it changes (the panel frame sizes itself by it). */
  onBox?: (box: PanelBox) => void;
  doc?: Document;
}

/**
 * The panel's shadow roots, closed (issue #9 item 3): the CRM page's own scripts get
 * `host.shadowRoot === null` and cannot read the names and figures inside. Only this
 * module keeps the way in; testers reach inside through the DevTools protocol
 * (tests/e2e/harness/panel.ts).
 */
const panelRoots = new WeakMap<HTMLElement, ShadowRoot>();

/** What the panel shows beyond its prefs, and how to show it again. */
interface PanelState {
  who: string;
  notice: string;
  /** The background's socket is in error (issue #28): the persistent error shows. */
  socketError: boolean;
  /** The panel's own hang-up confirm is open (no wizard on the page took the hang-up). */
  hangUpConfirm: boolean;
  render: () => void;
}
const panelViews = new WeakMap<HTMLElement, PanelState>();

/**
 * The one mount function every site family uses (STYLE.md: refined-github's init(signal)).
 * The side panel is fixed to the right edge — it reserves its own space and never shifts
 * the CRM's layout — collapsible, resizable, and remembers both per site. It holds the
 * widgets fit for the signed-in role. Mounting again first removes any panel already there.
 */
export async function mountPanel(options: MountPanelOptions): Promise<HTMLElement | null> {
  const doc = options.doc ?? document;
  const { signal } = options;
  const prefs: PanelPrefs = {
    ...(await (options.prefs ?? loadPanelPrefs(options.storage, options.family))),
  };
  if (signal.aborted) return null;
  for (const stray of doc.querySelectorAll(PANEL_TAG)) stray.remove();

  const { host, root, reactRoot } = createPanelRoot(doc, options);

  const { user, workspace } = options.state;
  const view: PanelState = {
    who: [user?.name, workspace?.name].filter(Boolean).join(' · '),
    notice: '',
    socketError: isSocketError(options.state),
    hangUpConfirm: false,
    render: () => {},
  };
  const tags = widgetsForRole(user?.role, options.isDefined);
  const { appOrigin } = options.state;
  // A notification's action opens in the standalone app, as a widget's links do.
  const onNavigate = (path: string) => {
    if (!appOrigin) return;
    (doc.defaultView ?? window).open(new URL(path, appOrigin).href, '_blank', 'noopener');
  };

  const toggle = () => toggleOpen(m);

  // Dragging the left edge; arrow keys for keyboards.
  const onResizeStart = (event: ReactPointerEvent<HTMLDivElement>) => startResize(m, event);
  const onResizeKey = (event: ReactKeyboardEvent<HTMLDivElement>) => resizeByKey(m, event);

  const calls = options.calls ?? null;
  const liveCall = () => {
    const call = calls?.get().call ?? null;
    return isCallLive(call) ? call : null;
  };
  const closeHangUpConfirm = () => {
    view.hangUpConfirm = false;
    view.render();
  };

  // Rendered synchronously: the panel is complete when mountPanel resolves, and a click
  // or a key has changed it when its event returns (the runtime and tests rely on it).
  view.render = () => {
    if (signal.aborted) return;
    flushSync(() =>
      reactRoot.render(
        createElement(SidePanel, {
          open: prefs.open,
          width: prefs.width,
          who: view.who,
          live: options.live ?? null,
          onNavigate,
          notice: view.notice,
          socketError: view.socketError,
          widgetTags: tags,
          call: liveCall(),
          onHangUp: () => calls?.requestHangUp(),
          hangUpConfirm:
            calls && view.hangUpConfirm
              ? {
                  onCancel: closeHangUpConfirm,
                  onConfirm: () => {
                    closeHangUpConfirm();
                    void hangUpAndReset(calls);
                  },
                }
              : null,
          onToggle: toggle,
          onResizeStart,
          onResizeKey,
        }),
      ),
    );
  };
  panelViews.set(host, view);
  const m: MountedPanel = {
    options,
    doc,
    signal,
    prefs,
    view,
    tags,
    root,
    dragging: false,
    apply,
    reportBox,
  };

  let seen: boolean | null = null;
  const reportVisibility = () => {
    const next = !signal.aborted && prefs.open && doc.visibilityState === 'visible';
    if (next === seen) return;
    seen = next;
    options.onVisibility?.(next);
  };

  let lastBox = '';
  function reportBox(): void {
    const box: PanelBox = {
      width: prefs.open ? prefs.width : COLLAPSED_WIDTH,
      dragging: m.dragging,
    };
    const key = JSON.stringify(box);
    if (signal.aborted || key === lastBox) return;
    lastBox = key;
    options.onBox?.(box);
  }

  function apply(): void {
    pinHost(host, prefs.open ? prefs.width : COLLAPSED_WIDTH);
    view.render();
    reportVisibility();
    reportBox();
  }

  // Asked after every wizard on the page: registered before the widgets mount.
  if (calls) {
    panelHangUpFallback({
      calls,
      signal,
      openForCall: () => {
        if (prefs.open || !tags.includes(CALL_FLOW_TAG)) return false;
        prefs.open = true;
        apply();
        return true;
      },
      askHere: () => {
        view.hangUpConfirm = true;
        view.render();
      },
    });
  }

  apply();
  // Beside the body, not in it (issue #14): a page's `body { zoom }` or transform would
  // scale or move a panel inside it; the root element is the CRM's to style far less.
  doc.documentElement.append(host);
  if (calls) watchPanelCall(m, calls);
  if (options.onView) {
    keepPanelView({
      host,
      root,
      signal,
      doc,
      put: options.onView,
      firstFigures: options.firstFigures,
      // A live call's wizard and a passing notice are not what the next record should show.
      skip: () =>
        liveCall() !== null || view.notice !== '' || view.socketError || view.hangUpConfirm,
    });
  }
  doc.addEventListener('visibilitychange', reportVisibility, { signal });
  signal.addEventListener(
    'abort',
    () => {
      reactRoot.unmount();
      host.remove();
      reportVisibility();
    },
    { once: true },
  );
  return host;
}

/** What the panel's parts (resizing, following the call) need of the mounted panel. */
interface MountedPanel {
  options: MountPanelOptions;
  doc: Document;
  signal: AbortSignal;
  /** The panel's prefs: changed in place, saved by whoever changes them. */
  prefs: PanelPrefs;
  view: PanelState;
  tags: string[];
  root: ShadowRoot;
  /** A resize drag is on (PanelBox.dragging). */
  dragging: boolean;
  /** Pins the host to the prefs' width and renders. */
  apply(): void;
  reportBox(): void;
}

/** The panel's host element and its shadow root (themed, styled), not yet in the page. */
function createPanelRoot(doc: Document, options: MountPanelOptions) {
  const { signal } = options;
  const host = doc.createElement(PANEL_TAG);
  host.setAttribute('data-site', options.family);
  // The app's live components read the tokens' dark theme from the host, as the panel's
  // own styles follow the system's scheme.
  const dark = (doc.defaultView ?? window).matchMedia?.('(prefers-color-scheme: dark)');
  const applyTheme = () => host.setAttribute('data-theme', dark?.matches ? 'dark' : 'light');
  applyTheme();
  dark?.addEventListener?.('change', applyTheme, { signal });
  const root = host.attachShadow({ mode: options.shadowMode ?? 'closed' });
  panelRoots.set(host, root);
  const style = doc.createElement('style');
  style.textContent = PANEL_CSS;
  const container = doc.createElement('div');
  for (const [name, value] of ROOT_RESET) container.style.setProperty(name, value);
  root.append(style, container);
  const reactRoot = createRoot(container);
  return { host, root, reactRoot };
}

/** The panel's tab: open or collapse it, saved at once. */
function toggleOpen(m: MountedPanel): void {
  const { options, prefs } = m;
  prefs.open = !prefs.open;
  m.apply();
  void savePanelPrefs(options.storage, options.family, prefs);
}

/** Dragging the panel's left edge: saved when the drag ends. */
function startResize(m: MountedPanel, event: ReactPointerEvent<HTMLDivElement>): void {
  const { doc, signal, options, prefs } = m;
  event.preventDefault();
  const win = doc.defaultView ?? window;
  // The panel frame spans the page's viewport (issue #29): its innerWidth is the page's.
  const move = (moveEvent: PointerEvent) => {
    prefs.width = clampWidth(win.innerWidth - moveEvent.clientX);
    m.apply();
  };
  const drag = new AbortController();
  signal.addEventListener('abort', () => drag.abort(), { once: true });
  drag.signal.addEventListener('abort', () => {
    m.dragging = false;
    m.reportBox();
  });
  m.dragging = true;
  m.reportBox();
  win.addEventListener('pointermove', move, { signal: drag.signal });
  win.addEventListener(
    'pointerup',
    () => {
      drag.abort();
      void savePanelPrefs(options.storage, options.family, prefs);
    },
    { signal: drag.signal },
  );
}

/** Arrow keys on the panel's edge, for keyboards: saved at once. */
function resizeByKey(m: MountedPanel, event: ReactKeyboardEvent<HTMLDivElement>): void {
  const { options, prefs } = m;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  prefs.width = clampWidth(prefs.width + (event.key === 'ArrowLeft' ? 20 : -20));
  m.apply();
  void savePanelPrefs(options.storage, options.family, prefs);
}

/**
 * issue #13: the header follows the call; an offer opens the panel (not saved: the
 * agent's own choice stays) and brings the call-flow widget into view; closing the last
 * tab showing a live call asks first.
 */
function watchPanelCall(m: MountedPanel, session: CallSession): void {
  const { options, doc, signal, prefs, view, tags, root } = m;
  if (options.guardUnload ?? true) {
    guardUnloadWhileLastViewer(
      session,
      doc.defaultView ?? window,
      signal,
      options.showsCallFlow ?? (() => tags.includes(CALL_FLOW_TAG)),
    );
  }
  let offeredFor: string | null = null;
  const onCall = () => {
    const snapshot = session.get();
    const call = snapshot.call;
    if (!isCallLive(call)) view.hangUpConfirm = false;
    if (snapshot.offered && isCallLive(call) && call.callId !== offeredFor) {
      offeredFor = call.callId;
      if (!prefs.open && tags.includes(CALL_FLOW_TAG)) {
        prefs.open = true;
        m.apply();
      }
      root.querySelector(CALL_FLOW_TAG)?.scrollIntoView?.({ block: 'start' });
    }
    view.render();
  };
  signal.addEventListener('abort', session.subscribe(onCall), { once: true });
  onCall();
}

/** The panel's closed shadow root, for this runtime (and its unit tests) only. */
export function panelShadowRoot(host: HTMLElement): ShadowRoot | null {
  return panelRoots.get(host) ?? null;
}

/** Shows a background notice (socket retry, errors) in the panel for its duration. */
export function showPanelNotice(host: HTMLElement, message: string, durationMs = 3000): void {
  const view = panelViews.get(host);
  if (!view) return;
  view.notice = message;
  view.render();
  setTimeout(() => {
    if (view.notice !== message) return;
    view.notice = '';
    view.render();
  }, durationMs);
}

/**
 * spec: session 4 Sockets, issue #28 — the background's one socket gave up its 3rd attempt
 * (it keeps trying): the persistent "Socket Connection Error!" until it is connected again.
 */
export function isSocketError(state: PublicSessionState | null): boolean {
  return state?.status === 'signed-in' && state.socket === 'error';
}

/** Shows or clears the persistent socket error, following the background's state. */
export function showPanelSocketError(host: HTMLElement, socketError: boolean): void {
  const view = panelViews.get(host);
  if (!view || view.socketError === socketError) return;
  view.socketError = socketError;
  view.render();
}
