import type { WxtBrowser } from 'wxt/browser';

/**
 * `wxt/browser` inside the panel runtime (extension/panel/vite.config.ts aliases it here):
 * the browser's own extension object — `browser` in Firefox, `chrome` in Chromium, whose
 * MV3 APIs answer promises — instead of the 20 kB webextension-polyfill. The runtime only
 * uses runtime.connect/getURL and storage, which need no polyfill.
 */
const globals = globalThis as unknown as { browser?: WxtBrowser; chrome?: WxtBrowser };
export const browser: WxtBrowser = (globals.browser ?? globals.chrome) as WxtBrowser;
