import { MAX_PANEL_VIEW_CHARS, type PanelView } from '@/shared/transport/port-protocol';
import { onWidgetRoot, widgetShadowRoots } from '@/widgets/widget-shadow-roots';

/**
 * The panel's view (issue #14 "first figure"): what the panel shows, serialized with the
 * widgets' closed shadow roots as declarative templates (Element.getHTML), so that the
 * next CRM page's loader paints it at once (extension/lib/panel-view-paint.ts) while the
 * panel runtime is still on its way. The look is static and inert; the live panel
 * replaces it as soon as it has figures of its own.
 */
export function capturePanelView(host: HTMLElement, root: ShadowRoot): PanelView | null {
  const sheets: string[] = [];
  // Every widget root holds the same collected CSS (tens of kB): sent once, put back by
  // the loader. A style element's text is never escaped and cannot hold "</style".
  const html = root
    .getHTML({ shadowRoots: widgetShadowRoots() })
    .replace(/<style>([\s\S]*?)<\/style>/g, (whole, css: string) => {
      if (css.length < SHARED_SHEET_MIN_CHARS) return whole;
      let index = sheets.indexOf(css);
      if (index < 0) index = sheets.push(css) - 1;
      return `<style data-ic-sheet="${index}"></style>`;
    });
  const size = sheets.reduce((total, sheet) => total + sheet.length, html.length);
  if (!html || size > MAX_PANEL_VIEW_CHARS || sheets.length > MAX_SHEETS) return null;
  return {
    html,
    sheets,
    complete: [root, ...widgetShadowRoots()].every((tree) => !tree.querySelector(LOADING)),
    hostStyle: host.style.cssText,
    theme: host.getAttribute('data-theme') === 'dark' ? 'dark' : 'light',
  };
}

/** What shows that part of the panel is still loading. */
const LOADING = '.ic-spinner, .ic-widget__spinner, [aria-busy="true"]';

/** Style sheets this long or longer are sent once however many roots hold them. */
const SHARED_SHEET_MIN_CHARS = 1024;
const MAX_SHEETS = 8;

/** Quiet time after the panel last changed before its look is taken again. */
export const VIEW_SETTLE_MS = 500;
/** While it keeps changing (a clock, a spinner), a view at least this often. */
export const VIEW_MAX_WAIT_MS = 3_000;

export interface KeepPanelViewOptions {
  host: HTMLElement;
  root: ShadowRoot;
  /** The mount's lifetime: nothing is taken after it aborts. */
  signal: AbortSignal;
  put: (view: PanelView) => void;
  /** Not now (a live call's wizard is not a view to paint on another record). */
  skip?: () => boolean;
  /** Taken at once when this settles (the first figures are shown), before any settling. */
  firstFigures?: Promise<unknown>;
  doc?: Document;
}

/**
 * Takes the panel's view whenever it settles after a change (its own tree and every
 * widget's, mounted now or later), and at once when the page is hidden or left, so the
 * next page gets the figures the agent last saw.
 */
export function keepPanelView(options: KeepPanelViewOptions): void {
  const { host, root, signal } = options;
  const doc = options.doc ?? document;
  const win = doc.defaultView ?? window;
  if (typeof root.getHTML !== 'function') return;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let firstChange = 0;

  const take = () => {
    clearTimeout(settleTimer);
    settleTimer = undefined;
    firstChange = 0;
    if (signal.aborted || options.skip?.()) return;
    const view = capturePanelView(host, root);
    if (view) options.put(view);
  };
  const changed = () => {
    const now = Date.now();
    if (!firstChange) firstChange = now;
    clearTimeout(settleTimer);
    const wait = Math.min(VIEW_SETTLE_MS, Math.max(0, firstChange + VIEW_MAX_WAIT_MS - now));
    settleTimer = setTimeout(take, wait);
  };

  const observer = new MutationObserver(changed);
  const watch = (target: ShadowRoot) =>
    observer.observe(target, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  watch(root);
  for (const widgetRoot of widgetShadowRoots()) watch(widgetRoot);
  const stopRoots = onWidgetRoot(watch);
  // An agent may leave the record a moment after the figures came: they are kept at once.
  void options.firstFigures?.then(take);
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') take();
  };
  doc.addEventListener('visibilitychange', onHidden, { signal });
  win.addEventListener('pagehide', take, { signal });
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(settleTimer);
      observer.disconnect();
      stopRoots();
    },
    { once: true },
  );
}
