import { browser } from './native-browser';
import { createEarlyPort, PANEL_PORT_NAME } from './early-port';
import { paintPanelView, removePanelView, viewIn } from './panel-view-paint';
import { isSupportedPage, type SiteFamily } from './site-families';
import type { PortLike } from '@/shared/transport/port-transport';

/** Where the panel runtime module lands in the built extension (wxt.config.ts copies it). */
export const PANEL_RUNTIME_PATH = '/panel/panel-runtime.js';

/**
 * What every site family's content script does: open the port to the background first
 * (its session state and the last panel view arrive while the rest loads), paint that
 * view, then load the CRM page's side of the panel (panel-runtime.ts, an ES module of the
 * extension), which frames the panel itself (issue #29) and adds the call buttons. Kept
 * tiny and free of the webextension polyfill (native-browser.ts): this file is what every
 * CRM page pays up front.
 */
export async function startSite(family: SiteFamily, signal: AbortSignal): Promise<void> {
  const getURL = browser.runtime.getURL as (path: string) => string;
  let port: PortLike | null = null;
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
      paintView,
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
