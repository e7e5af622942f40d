import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import {
  APP_MATCHES,
  EXTENSION_ID_ATTRIBUTE,
  EXTENSION_READY_EVENT,
} from '@/extension/lib/app-origins';
import { configuredAppOriginHint } from '@/extension/lib/server-origin';

/**
 * Tells the standalone app that the extension is installed and under which id, so the
 * app can offer "Use this sign-in in your CRM tabs" and message us through
 * externally_connectable. It reads nothing from the page and sends nothing anywhere;
 * the background accepts the hand-over only from the configured server origin.
 * Registered on the app's addresses only (match patterns ignore the port), and silent on
 * any page but the configured app itself (issue #9: not every localhost page).
 */
export default defineContentScript({
  matches: APP_MATCHES,
  // The hand-over goes through externally_connectable, which Firefox ignores.
  exclude: ['firefox'],
  runAt: 'document_start',
  async main() {
    if (window.location.origin !== (await configuredAppOriginHint())) return;
    document.documentElement.setAttribute(EXTENSION_ID_ATTRIBUTE, browser.runtime.id);
    window.dispatchEvent(new CustomEvent(EXTENSION_READY_EVENT));
  },
});
