import { defineContentScript } from 'wxt/utils/define-content-script';
import { SITE_MATCHES } from '@/extension/lib/site-families';
import { startSite } from '@/extension/lib/start-site';

/** Zoho CRM (crm.zoho.com and its regional domains): record pages of Leads, Contacts, Deals. */
export default defineContentScript({
  matches: SITE_MATCHES.zoho,
  // document_idle: at document_start the panel runtime's evaluation delayed the page's own
  // DOMContentLoaded (bench:widgets) for no gain in time to the first figure.
  runAt: 'document_idle',
  cssInjectionMode: 'manual',
  noScriptStartedPostMessage: true,
  main: (ctx) => startSite('zoho', ctx.signal),
});
