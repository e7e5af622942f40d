import { browser } from './native-browser';
import { createEarlyPort, PANEL_PORT_NAME } from './early-port';
import type { SiteFamily } from './site-families';
import type { PortLike } from '@/shared/transport/port-transport';

/** Where the panel runtime module lands in the built extension (wxt.config.ts copies it). */
export const PANEL_RUNTIME_PATH = '/panel/panel-runtime.js';

/**
 * What every site family's content script does: open the port to the background first
 * (its session state arrives while the rest loads), then load the
 * shared panel runtime (an ES module of the extension, so its chunks — chart.js, xlsx —
 * load only when needed) and start it for this family. Kept tiny and free of the
 * webextension polyfill (native-browser.ts): this file is what every CRM page pays up front.
 */
export async function startSite(family: SiteFamily, signal: AbortSignal): Promise<void> {
  let port: PortLike | null = null;
  try {
    port = createEarlyPort(browser.runtime.connect({ name: PANEL_PORT_NAME }) as PortLike);
  } catch {
    // The extension was reloaded under this page: the runtime reports it.
  }
  const url = (browser.runtime.getURL as (path: string) => string)(PANEL_RUNTIME_PATH);
  const runtime = (await import(
    /* @vite-ignore */ url
  )) as typeof import('@/extension/panel/panel-runtime');
  if (signal.aborted) {
    port?.disconnect();
    return;
  }
  await runtime.startPanel({ family, signal, port });
}
