import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import {
  DEFAULT_APP_MATCHES,
  EXTENSION_ID_ATTRIBUTE,
  EXTENSION_READY_EVENT,
} from '@/extension/lib/app-origins';

/**
 * Tells the standalone app that the extension is installed and under which id, so the
 * app can offer "Use this sign-in in your CRM tabs" and message us through
 * externally_connectable. It reads nothing from the page and sends nothing anywhere;
 * the background accepts the hand-over only from the configured server origin.
 */
export default defineContentScript({
  matches: DEFAULT_APP_MATCHES,
  // The hand-over goes through externally_connectable, which Firefox ignores.
  exclude: ['firefox'],
  runAt: 'document_start',
  main() {
    document.documentElement.setAttribute(EXTENSION_ID_ATTRIBUTE, browser.runtime.id);
    window.dispatchEvent(new CustomEvent(EXTENSION_READY_EVENT));
  },
});
