import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HTTPRequest, Page } from 'puppeteer';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)), 'utf8');

/** Real CRM addresses and the fixture page each one serves (tests/e2e/fixtures). */
export const CRM_PAGES = {
  zohoContact: {
    url: 'https://crm.zoho.com/crm/org60012345/tab/Contacts/4876876000000421001',
    file: 'zoho-contact.html',
  },
  keapContact: {
    url: 'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345',
    file: 'keap-contact.html',
  },
  ctmCall: { url: 'https://app.calltrackingmetrics.com/calls/2148293840', file: 'ctm-call.html' },
} as const;
export type CrmPageName = keyof typeof CRM_PAGES;

/** Which fixture answers a URL: by host family, whatever the path (so SPA routes reload fine). */
export function fixtureFor(url: string): string | null {
  const { hostname } = new URL(url);
  if (hostname === 'crm.zoho.com' || hostname.startsWith('crm.zoho.'))
    return fixture(CRM_PAGES.zohoContact.file);
  if (hostname.endsWith('.infusionsoft.com') || hostname.endsWith('keap.app'))
    return fixture(CRM_PAGES.keapContact.file);
  if (hostname === 'app.calltrackingmetrics.com') return fixture(CRM_PAGES.ctmCall.file);
  return null;
}

/**
 * Serves fixture CRM pages at their real addresses by request interception, lets the
 * given origins through (the reference server), and blocks everything else, so a test
 * never reaches the network (STYLE.md: RingCentral's harness).
 */
export async function serveCrmFixtures(
  page: Page,
  options: { allowOrigins?: string[] } = {},
): Promise<void> {
  const allowed = new Set(options.allowOrigins ?? []);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (url.startsWith('chrome-extension://') || url.startsWith('data:'))
      return void request.continue();
    const body = fixtureFor(url);
    if (body !== null && request.resourceType() === 'document') {
      return void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body });
    }
    let origin = '';
    try {
      origin = new URL(url).origin;
    } catch {
      // not a URL we know
    }
    if (allowed.has(origin)) return void request.continue();
    return void request.abort('blockedbyclient');
  });
}

/** A new tab showing a fixture CRM page (the content script runs on it as on the real site). */
export async function openCrmPage(
  browser: { newPage(): Promise<Page> },
  url: string,
  options: { allowOrigins?: string[] } = {},
): Promise<Page> {
  const page = await browser.newPage();
  await serveCrmFixtures(page, options);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page;
}
