import {
  panelFrameUrl,
  readPanelFrameMessage,
  type PanelFrameLayout,
} from '@/extension/lib/panel-frame-protocol';
import type { SiteFamily } from '@/extension/lib/site-families';
import { PANEL_TAG, pinHost, ROOT_RESET } from './panel-host';

/** The frame host's own attribute: set once the panel in the frame shows its figures. */
export const FIGURES_SHOWN_ATTRIBUTE = 'data-figures';

export interface PanelFrameHost {
  /** `<intake-cockpit-panel>` in the CRM page: a closed root holding only the frame. */
  host: HTMLElement;
  /**
   * A call button was pressed: the keyboard focus moves into the frame, where its dialog
   * is about to open (a frame cannot take the focus by itself), and comes back to
   * `trigger` when the frame's dialogs are gone, as it would from a dialog in the page.
   */
  focusFrameFor(trigger: Element | null): void;
}

export interface MountPanelFrameOptions {
  family: SiteFamily;
  /** The first widget with figures of the signed-in role (the frame preloads its screen). */
  first?: string | null;
  /** Aborting it removes the host, its frame and its listener. */
  signal: AbortSignal;
  /** runtime.getURL: the frame's address. */
  getURL: (path: string) => string;
  /** The panel in the frame shows its first figures (the painted view may go). */
  onFigures?: () => void;
  doc?: Document;
}

/**
 * Pins the host for the frame's layout (issue #29). The frame always spans the page's
 * viewport, so that its media queries, its dialogs and the panel's drop-downs see the
 * page's width as they did in the page itself; the host shows (and lets the pointer
 * reach) only the panel's box — `overflow: hidden` clips the frame, and what is clipped
 * takes no clicks — or the whole viewport while the frame needs it (`overlay`). Until
 * the frame first says its layout, the host is hidden.
 */
function pinFrameHost(host: HTMLElement, layout: PanelFrameLayout | null): void {
  const set = (name: string, value: string) => host.style.setProperty(name, value, 'important');
  const width = layout?.width ?? 0;
  pinHost(host, width);
  set('overflow', 'hidden');
  set('pointer-events', 'auto');
  if (layout?.overlay) {
    set('left', '0');
    set('width', 'auto');
  }
  if (!layout || (width === 0 && !layout.overlay)) set('visibility', 'hidden');
}

/**
 * The CRM page's side of the panel (issue #29 "Typing in a CRM page is private"): a host
 * in the page whose closed root holds one extension-origin frame, panel-frame.html, where
 * the panel, its widgets and the click-to-call dialogs render and the agent types. The
 * page's capture listeners and observers see none of it. What the frame says here — its
 * layout, its first figures — is taken only from that frame's own window at our origin.
 */
export function mountPanelFrame(options: MountPanelFrameOptions): PanelFrameHost {
  const doc = options.doc ?? document;
  const win = doc.defaultView ?? window;
  const { signal } = options;
  for (const stray of doc.querySelectorAll(PANEL_TAG)) stray.remove();
  const host = doc.createElement(PANEL_TAG);
  host.setAttribute('data-site', options.family);
  pinFrameHost(host, null);
  const root = host.attachShadow({ mode: 'closed' });
  const wrapper = doc.createElement('div');
  for (const [name, value] of ROOT_RESET) wrapper.style.setProperty(name, value);
  const frame = doc.createElement('iframe');
  const src = panelFrameUrl(options.getURL, options.family, options.first);
  const frameOrigin = new URL(src).origin;
  frame.src = src;
  frame.title = 'Intake Cockpit';
  const set = (name: string, value: string) => frame.style.setProperty(name, value);
  set('position', 'absolute');
  set('top', '0');
  set('right', '0');
  // The page's viewport: 100vw here is the page's (the host sits outside any zoom).
  set('width', '100vw');
  set('height', '100%');
  set('border', '0');
  set('margin', '0');
  set('padding', '0');
  set('display', 'block');
  set('background', 'transparent');
  // The frame's document declares no colour scheme: the same here keeps it transparent
  // (a frame whose scheme differs from its element's gets an opaque backdrop).
  set('color-scheme', 'normal');
  wrapper.append(frame);
  root.append(wrapper);

  let figuresShown = false;
  /** What had the focus when a call button was pressed, and whether its dialog came. */
  let returnTo: { trigger: HTMLElement; overlaid: boolean } | null = null;
  win.addEventListener(
    'message',
    (event: MessageEvent) => {
      // Only our frame's window, at our origin, posting for real: the page (and a copy of
      // the frame the page framed itself) can post here too, and the page can dispatch a
      // made-up message event with any origin and source it can name; all ignored.
      if (!event.isTrusted || event.source === null) return;
      if (event.source !== frame.contentWindow || event.origin !== frameOrigin) return;
      const message = readPanelFrameMessage(event.data);
      if (!message) return;
      if (message.kind === 'layout') {
        pinFrameHost(host, message);
        if (returnTo && message.overlay) returnTo.overlaid = true;
        if (returnTo?.overlaid && !message.overlay) {
          returnTo.trigger.focus({ preventScroll: true });
          returnTo = null;
        }
        return;
      }
      if (figuresShown) return;
      figuresShown = true;
      host.setAttribute(FIGURES_SHOWN_ATTRIBUTE, 'shown');
      options.onFigures?.();
    },
    { signal },
  );
  // Beside the body, not in it (issue #14): a page's `body { zoom }` or transform would
  // scale or move a panel inside it.
  doc.documentElement.append(host);
  signal.addEventListener('abort', () => host.remove(), { once: true });
  return {
    host,
    focusFrameFor(trigger) {
      returnTo = trigger instanceof HTMLElement ? { trigger, overlaid: false } : null;
      frame.focus();
    },
  };
}
