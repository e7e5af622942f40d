/**
 * The loader's side of the panel's view (issue #14; extension/panel/panel-view.ts takes
 * it): the background answers `panel:view-get` with the view the last CRM page of this
 * site family showed, and the loader paints it at once, where the panel goes, before the
 * panel runtime has arrived. Checked by hand: the loader stays free of the zod contracts.
 * The view is inert and hidden from assistive technology (its buttons do nothing; the
 * live panel, which replaces it within a moment, is the one to use), and closed like the
 * live panel's roots, so the page's scripts cannot read its figures.
 */

/** The painted view's host; the live panel's is `intake-cockpit-panel`. */
export const PANEL_VIEW_TAG = 'intake-cockpit-panel-view';
/** Above the live panel (mount-panel.ts PANEL_Z_INDEX), which renders beneath until ready. */
const VIEW_Z_INDEX = '2147483001';
/** Removed by then whatever happens (a runtime that never came). */
const VIEW_LONGEST_MS = 10_000;

interface PaintableView {
  html: string;
  sheets: string[];
  hostStyle: string;
  theme: 'light' | 'dark';
}

/** The view in a `panel-view` message for `family`, when there is one. */
export function viewIn(message: unknown, family: string): PaintableView | null {
  if (typeof message !== 'object' || message === null) return null;
  const {
    kind,
    family: of,
    view,
  } = message as { kind?: unknown; family?: unknown; view?: unknown };
  if (kind !== 'panel-view' || of !== family || typeof view !== 'object' || view === null) {
    return null;
  }
  const { html, sheets, hostStyle, theme } = view as Partial<PaintableView>;
  if (typeof html !== 'string' || typeof hostStyle !== 'string') return null;
  if (!Array.isArray(sheets) || !sheets.every((sheet) => typeof sheet === 'string')) return null;
  // Our runtime's own serialization: text is escaped, so these are elements, never text.
  if (/<(script|iframe|object|embed)\b/i.test(html)) return null;
  if (theme !== 'light' && theme !== 'dark') return null;
  return { html, sheets, hostStyle, theme };
}

/**
 * Paints the view, unless the live panel is already there or the system's colour scheme
 * changed since (a view in the other theme would flash). Returns the host, or null.
 */
export function paintPanelView(view: PaintableView, doc: Document = document): HTMLElement | null {
  // The live panel's frame is there already and shows its figures (panel-frame-host.ts).
  if (doc.querySelector('intake-cockpit-panel[data-figures]')) return null;
  const dark = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  if ((view.theme === 'dark') !== dark) return null;
  const host = doc.createElement(PANEL_VIEW_TAG);
  host.style.cssText = view.hostStyle;
  host.style.setProperty('z-index', VIEW_Z_INDEX, 'important');
  host.setAttribute('data-theme', view.theme);
  host.setAttribute('aria-hidden', 'true');
  const root = host.attachShadow({ mode: 'closed' });
  // The wrapper is inert (no focus, no clicks reach its buttons); the host itself still
  // takes the pointer, so a click on the view never falls through to the page.
  const wrapper = doc.createElement('div');
  wrapper.inert = true;
  wrapper.style.display = 'contents';
  root.append(wrapper);
  // The widgets' roots come back from their declarative templates (getHTML's output).
  wrapper.setHTMLUnsafe(
    view.html
      .replace(
        /<style data-ic-sheet="(\d+)"><\/style>/g,
        (_match, index: string) => `<style>${view.sheets[Number(index)] ?? ''}</style>`,
      )
      // The panel frame's roots are open (its document is out of the page's reach); here,
      // in the CRM page, every root of the view is closed.
      .replace(/<template shadowrootmode="open"/g, '<template shadowrootmode="closed"'),
  );
  for (const old of doc.querySelectorAll(PANEL_VIEW_TAG)) old.remove();
  doc.documentElement.append(host);
  setTimeout(() => host.remove(), VIEW_LONGEST_MS);
  return host;
}

/** Removes the painted view (the live panel has its figures, or no panel is wanted). */
export function removePanelView(doc: Document = document): void {
  for (const view of doc.querySelectorAll(PANEL_VIEW_TAG)) view.remove();
}
