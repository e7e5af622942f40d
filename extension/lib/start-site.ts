import { browser } from './native-browser';
import { createEarlyPort, PANEL_PORT_NAME } from './early-port';
import { paintPanelView, removePanelView, viewIn } from './panel-view-paint';
import { isSupportedPage, type SiteFamily } from './site-families';
import { firstFigureWidget } from '@/extension/panel/panel-widgets';
import type { Role } from '@/shared/contracts/roles';
import type { PortLike } from '@/shared/transport/port-transport';

/** Where the panel runtime module lands in the built extension (wxt.config.ts copies it). */
export const PANEL_RUNTIME_PATH = '/panel/panel-runtime.js';
/** The panel build's module that starts the first widget's screen code (first-screen.ts). */
export const FIRST_SCREEN_PATH = '/panel/first-screen.js';

/**
 * The role in a session-state message, when someone is signed in; else null. Checked by
 * hand: the loader stays free of the zod contracts (the runtime checks every message).
 */
export function signedInRole(message: unknown): Role | null {
  if (typeof message !== 'object' || message === null) return null;
  const { kind, state } = message as { kind?: unknown; state?: unknown };
  if (kind !== 'session-state' || typeof state !== 'object' || state === null) return null;
  const { status, user } = state as { status?: unknown; user?: { role?: unknown } | null };
  // Any other text is no role with widgets (firstFigureWidget answers null for it).
  return status === 'signed-in' && typeof user?.role === 'string' ? (user.role as Role) : null;
}

/**
 * What every site family's content script does: open the port to the background first
 * (its session state arrives while the rest loads), then load the
 * shared panel runtime (an ES module of the extension, so its chunks — chart.js, xlsx —
 * load only when needed) and start it for this family. Kept tiny and free of the
 * webextension polyfill (native-browser.ts): this file is what every CRM page pays up front.
 */
export async function startSite(family: SiteFamily, signal: AbortSignal): Promise<void> {
  const getURL = browser.runtime.getURL as (path: string) => string;
  let port: PortLike | null = null;
  // The first widget's screen code starts beside the runtime (issue #14): as soon as the
  // background says who is signed in, on a page that gets the panel.
  let firstScreenAsked = false;
  const askFirstScreen = (message: unknown) => {
    const role = signedInRole(message);
    if (firstScreenAsked || role === null) return;
    firstScreenAsked = true;
    const tag = firstFigureWidget(role);
    if (!tag || !isSupportedPage(family, window.location.href)) return;
    void import(/* @vite-ignore */ getURL(FIRST_SCREEN_PATH))
      .then((module: typeof import('@/extension/panel/first-screen')) =>
        module.preloadFirstScreen(tag),
      )
      .catch(() => {});
  };
  // The panel's last view, painted before the runtime arrives (issue #14): the background
  // keeps it for the signed-in user only; the runtime removes it once its panel has figures.
  const paintView = (message: unknown) => {
    const view = viewIn(message, family);
    if (view && !signal.aborted && isSupportedPage(family, window.location.href)) {
      paintPanelView(view);
    }
  };
  try {
    port = createEarlyPort(
      browser.runtime.connect({ name: PANEL_PORT_NAME }) as PortLike,
      (message) => {
        askFirstScreen(message);
        paintView(message);
      },
    );
    if (isSupportedPage(family, window.location.href)) {
      port.postMessage({ kind: 'panel:view-get', family });
    }
  } catch {
    // The extension was reloaded under this page: the runtime reports it.
  }
  const url = getURL(PANEL_RUNTIME_PATH);
  let runtime: typeof import('@/extension/panel/panel-runtime');
  try {
    runtime = (await import(/* @vite-ignore */ url)) as typeof runtime;
  } catch (error) {
    removePanelView();
    throw error;
  }
  if (signal.aborted) {
    removePanelView();
    port?.disconnect();
    return;
  }
  await runtime.startPanel({ family, signal, port });
}
