import { defineContentScript } from 'wxt/utils/define-content-script';
import { SITE_MATCHES } from '@/extension/lib/site-families';
import { startSite } from '@/extension/lib/start-site';

/** Keap / Infusionsoft contact pages; an admin's extra hosts get this script dynamically. */
export default defineContentScript({
  matches: SITE_MATCHES.keap,
  // document_idle: at document_start the panel runtime's evaluation delayed the page's own
  // DOMContentLoaded (bench:widgets) for no gain in time to the first figure.
  runAt: 'document_idle',
  cssInjectionMode: 'manual',
  noScriptStartedPostMessage: true,
  main: (ctx) => startSite('keap', ctx.signal),
});
