import { SITE_FAMILIES, type SiteFamily } from './site-families';

/**
 * The panel frame (issue #29 "Typing in a CRM page is private"): the side panel, its
 * widgets and the click-to-call dialogs render in an extension page framed by the CRM
 * page, so the page's scripts hear none of the agent's keys, values or focus changes.
 * What the frame and the content script beside it say to each other, in one place.
 * Checked by hand: the content script stays free of the zod contracts.
 *
 * Only sizes and moments cross the page (its own scripts hear every postMessage to its
 * window): never anything the agent typed, and nothing the frame acts on. Presses of the
 * page's call buttons go to the frame through the background (`panel:call`).
 */

/** The frame's page in the built extension (extension/public/panel-frame.html). */
export const PANEL_FRAME_PATH = '/panel-frame.html';

/** Marks our messages among whatever else the CRM page posts to its window. */
export const PANEL_FRAME_SOURCE = 'intake-cockpit-panel-frame';

/**
 * How much of the page the frame needs: the panel's box (its width, or the collapsed tab),
 * or the whole viewport while a dialog, a drop-down wider than the panel or a resize drag
 * is on (`overlay`). The frame always spans the page's viewport (its media queries and
 * dialogs see the page's width); the content script shows only this part of it, and
 * only that part takes the pointer.
 */
export interface PanelFrameLayout {
  /** Width of the panel's box in CSS px, 0 while the frame shows no panel. */
  width: number;
  overlay: boolean;
}

export type PanelFrameMessage =
  | ({ source: typeof PANEL_FRAME_SOURCE; kind: 'layout' } & PanelFrameLayout)
  /** The panel shows its first figures: the last page's painted view may go. */
  | { source: typeof PANEL_FRAME_SOURCE; kind: 'figures' };

/** The widest layout the frame may ask for (PANEL_MAX_WIDTH with room to spare). */
const MAX_LAYOUT_WIDTH = 4000;

/** A message from the frame, or null when it is not one of ours in its exact shape. */
export function readPanelFrameMessage(data: unknown): PanelFrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== PANEL_FRAME_SOURCE) return null;
  if (message.kind === 'figures') return { source: PANEL_FRAME_SOURCE, kind: 'figures' };
  if (message.kind !== 'layout') return null;
  const { width, overlay } = message;
  if (typeof width !== 'number' || !Number.isInteger(width)) return null;
  if (width < 0 || width > MAX_LAYOUT_WIDTH || typeof overlay !== 'boolean') return null;
  return { source: PANEL_FRAME_SOURCE, kind: 'layout', width, overlay };
}

/**
 * The frame's address: the site family, and the first widget with figures of the
 * signed-in role, whose screen the frame starts loading at once (first-screen.ts).
 */
export function panelFrameUrl(
  getURL: (path: string) => string,
  family: SiteFamily,
  first: string | null = null,
): string {
  const query = new URLSearchParams({ family });
  if (first) query.set('first', first);
  return `${getURL(PANEL_FRAME_PATH)}?${query}`;
}

/** The site family a frame was opened for, from its own address; null when none. */
export function familyOfFrameUrl(url: string): SiteFamily | null {
  let family: string | null;
  try {
    family = new URL(url).searchParams.get('family');
  } catch {
    return null;
  }
  return (SITE_FAMILIES as readonly string[]).includes(family ?? '')
    ? (family as SiteFamily)
    : null;
}
