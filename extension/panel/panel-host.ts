// The panel's host element and how it is pinned to the page, shared by the panel itself
// (mount-panel.ts: inside the panel frame, and in a plain document in the unit tests) and
// by the CRM page's side of the panel frame (panel-frame-host.ts). No React here: the
// CRM page's side loads this and little else.

/** The panel's host element: one per document, ever (the CRM page's, and the frame's). */
export const PANEL_TAG = 'intake-cockpit-panel';
/** The collapsed panel: its tab alone. */
export const COLLAPSED_WIDTH = 32;
/** Above the CRM's own overlays, below the browser's. */
export const PANEL_Z_INDEX = '2147483000';

/**
 * Fixed styles on the host itself, inline and !important (issue #14): the page's own
 * rules match the host element too (`* { box-sizing: content-box }`, `div { padding }`),
 * and for normal declarations an outer rule beats the shadow root's `:host`; an inline
 * !important declaration beats every page rule, !important ones included.
 */
export function pinHost(host: HTMLElement, width: number): void {
  const set = (name: string, value: string) => host.style.setProperty(name, value, 'important');
  set('position', 'fixed');
  set('top', '0');
  set('right', '0');
  set('bottom', '0');
  set('left', 'auto');
  set('height', '100vh');
  set('width', `${width}px`);
  set('min-width', '0');
  set('max-width', 'none');
  set('min-height', '0');
  set('max-height', 'none');
  set('z-index', PANEL_Z_INDEX);
  set('display', 'block');
  set('margin', '0');
  set('padding', '0');
  set('border', '0');
  set('box-sizing', 'border-box');
  set('zoom', '1');
  set('transform', 'none');
  set('filter', 'none');
  set('opacity', '1');
  set('visibility', 'visible');
  set('float', 'none');
}

/**
 * Cuts what the host would pass down (issue #14): inherited properties (font, line
 * height, letter spacing, colour, direction...) flow from the host into its shadow tree,
 * and the page styles the host. `all: initial` stops them at this wrapper, which only this
 * module can style; `direction` is outside `all`, so it is set on its own: the panel's
 * English text reads left to right on a right-to-left page too.
 */
export const ROOT_RESET: ReadonlyArray<readonly [string, string]> = [
  ['all', 'initial'],
  ['display', 'contents'],
  ['direction', 'ltr'],
  ['unicode-bidi', 'isolate'],
];
