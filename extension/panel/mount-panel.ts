import type { SiteFamily } from '@/extension/lib/site-families';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import { clampWidth, loadPanelPrefs, savePanelPrefs, type PanelPrefs } from './panel-prefs';
import { widgetsForRole } from './panel-widgets';
import { SIDE_PANEL_CSS } from './side-panel-styles';

/** The panel's host element: one per page, ever. */
export const PANEL_TAG = 'intake-cockpit-panel';
const COLLAPSED_WIDTH = 32;
/** Above the CRM's own overlays, below the browser's. */
const PANEL_Z_INDEX = '2147483000';

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
  doc?: Document;
}

/**
 * The panel's shadow roots, closed (issue #9 item 3): the CRM page's own scripts get
 * `host.shadowRoot === null` and cannot read the names and figures inside. Only this
 * module keeps the way in; testers reach inside through the DevTools protocol
 * (tests/e2e/harness/panel.ts).
 */
const panelRoots = new WeakMap<HTMLElement, ShadowRoot>();

/** Fixed styles on the host itself, !important so the CRM's stylesheets cannot move it. */
function pinHost(host: HTMLElement, width: number): void {
  const set = (name: string, value: string) => host.style.setProperty(name, value, 'important');
  set('position', 'fixed');
  set('top', '0');
  set('right', '0');
  set('bottom', '0');
  set('height', '100vh');
  set('width', `${width}px`);
  set('z-index', PANEL_Z_INDEX);
  set('display', 'block');
  set('margin', '0');
  set('padding', '0');
}

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

  const host = doc.createElement(PANEL_TAG);
  host.setAttribute('data-site', options.family);
  const root = host.attachShadow({ mode: 'closed' });
  panelRoots.set(host, root);
  const style = doc.createElement('style');
  style.textContent = SIDE_PANEL_CSS;
  const panel = doc.createElement('aside');
  panel.className = 'panel';
  panel.setAttribute('aria-label', 'Intake Cockpit');

  const tab = doc.createElement('button');
  tab.type = 'button';
  tab.className = 'tab';
  tab.textContent = 'Intake Cockpit';
  tab.setAttribute('aria-controls', 'intake-panel-body');

  const resize = doc.createElement('div');
  resize.className = 'resize';
  resize.setAttribute('role', 'separator');
  resize.setAttribute('aria-orientation', 'vertical');
  resize.setAttribute('aria-label', 'Resize the Intake Cockpit panel');
  resize.tabIndex = 0;

  const body = doc.createElement('div');
  body.className = 'body';
  body.id = 'intake-panel-body';
  const header = doc.createElement('header');
  const title = doc.createElement('span');
  title.className = 'title';
  title.textContent = 'Intake Cockpit';
  const who = doc.createElement('span');
  who.className = 'who';
  const { user, workspace } = options.state;
  who.textContent = [user?.name, workspace?.name].filter(Boolean).join(' · ');
  const collapse = doc.createElement('button');
  collapse.type = 'button';
  collapse.className = 'collapse';
  collapse.textContent = 'Hide';
  collapse.setAttribute('aria-label', 'Collapse the Intake Cockpit panel');
  // spec: session 4 Sockets — ctmcallsdata, the live call count, from the one socket.
  const live = doc.createElement('span');
  live.className = 'live';
  live.setAttribute('aria-live', 'polite');
  header.append(title, who, live, collapse);
  const notice = doc.createElement('div');
  notice.className = 'notice';
  notice.setAttribute('role', 'status');
  const widgets = doc.createElement('div');
  widgets.className = 'widgets';
  body.append(header, notice, widgets);
  panel.append(tab, resize, body);
  root.append(style, panel);

  const tags = widgetsForRole(user?.role, options.isDefined);
  function renderWidgets(): void {
    // Widgets only while open: a collapsed panel costs the page nothing.
    if (!prefs.open) {
      widgets.replaceChildren();
      return;
    }
    if (widgets.childElementCount > 0) return;
    if (tags.length === 0) {
      const empty = doc.createElement('p');
      empty.className = 'empty';
      empty.textContent = 'No Intake Cockpit widgets for your role on this page.';
      widgets.append(empty);
      return;
    }
    for (const tag of tags) {
      const element = doc.createElement(tag);
      element.setAttribute('theme', 'auto');
      widgets.append(element);
    }
  }

  function apply(): void {
    panel.dataset.open = String(prefs.open);
    tab.setAttribute('aria-expanded', String(prefs.open));
    tab.title = prefs.open ? 'Collapse Intake Cockpit' : 'Open Intake Cockpit';
    pinHost(host, prefs.open ? prefs.width : COLLAPSED_WIDTH);
    renderWidgets();
  }

  const toggle = () => {
    prefs.open = !prefs.open;
    apply();
    void savePanelPrefs(options.storage, options.family, prefs);
  };
  tab.addEventListener('click', toggle, { signal });
  collapse.addEventListener('click', toggle, { signal });

  // Dragging the left edge; arrow keys for keyboards. Saved when the drag ends.
  resize.addEventListener(
    'pointerdown',
    (event) => {
      event.preventDefault();
      const view = doc.defaultView ?? window;
      const move = (moveEvent: PointerEvent) => {
        prefs.width = clampWidth(view.innerWidth - moveEvent.clientX);
        apply();
      };
      const drag = new AbortController();
      signal.addEventListener('abort', () => drag.abort(), { once: true });
      view.addEventListener('pointermove', move, { signal: drag.signal });
      view.addEventListener(
        'pointerup',
        () => {
          drag.abort();
          void savePanelPrefs(options.storage, options.family, prefs);
        },
        { signal: drag.signal },
      );
    },
    { signal },
  );
  resize.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      prefs.width = clampWidth(prefs.width + (event.key === 'ArrowLeft' ? 20 : -20));
      apply();
      void savePanelPrefs(options.storage, options.family, prefs);
    },
    { signal },
  );

  apply();
  updatePanelState(host, options.state);
  (doc.body ?? doc.documentElement).append(host);
  signal.addEventListener('abort', () => host.remove(), { once: true });
  return host;
}

/** The panel's closed shadow root, for this runtime (and its unit tests) only. */
export function panelShadowRoot(host: HTMLElement): ShadowRoot | null {
  return panelRoots.get(host) ?? null;
}

/** Shows a background notice (socket retry, errors) in the panel for its duration. */
export function showPanelNotice(host: HTMLElement, message: string, durationMs = 3000): void {
  const notice = panelRoots.get(host)?.querySelector('.notice');
  if (!notice) return;
  notice.textContent = message;
  setTimeout(() => {
    if (notice.textContent === message) notice.textContent = '';
  }, durationMs);
}

/** Session changes that need no new mount (the live call count) update the panel in place. */
export function updatePanelState(host: HTMLElement, state: PublicSessionState): void {
  const live = panelRoots.get(host)?.querySelector('.live');
  if (!live) return;
  live.textContent =
    state.liveCalls === null
      ? ''
      : `${state.liveCalls} live call${state.liveCalls === 1 ? '' : 's'}`;
}
