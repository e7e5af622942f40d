import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HTTPRequest, Page } from 'puppeteer';
import { watchPageProblems } from './panel';

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

/**
 * The page styles of issue #14's hostile fixture: global rules that reach every element
 * the page owns — the panel's host included — a zoom on the body and a right-to-left
 * document. The panel and its widgets must look the same on it as on a plain page.
 */
export const HOSTILE_PAGE_CSS = [
  '* { letter-spacing: 3px; line-height: 3; font: 20px serif; box-sizing: content-box; color: red }',
  'div { display: block !important; padding: 40px }',
  'button { all: unset }',
  'body { zoom: 1.25 }',
].join('\n');

/**
 * A fixture's variant, chosen by the `ic-page` query parameter of its address (the CRM
 * page detectors ignore unknown parameters): `plain` without any page style, `hostile`
 * with HOSTILE_PAGE_CSS and `dir="rtl"`; the fixture as it is otherwise.
 */
export type FixtureVariant = 'plain' | 'hostile';

export function withVariant(url: string, variant: FixtureVariant): string {
  const address = new URL(url);
  address.searchParams.set('ic-page', variant);
  return address.href;
}

function applyVariant(html: string, variant: string | null): string {
  if (variant === 'plain') return html.replace(/<style>[\s\S]*?<\/style>/g, '');
  if (variant === 'hostile') {
    return html
      .replace('<html lang="en">', '<html lang="en" dir="rtl">')
      .replace('</head>', `<style>${HOSTILE_PAGE_CSS}</style>\n</head>`);
  }
  return html;
}

/** Which fixture answers a URL: by host family, whatever the path (so SPA routes reload fine). */
export function fixtureFor(url: string): string | null {
  const address = new URL(url);
  const { hostname } = address;
  const variant = address.searchParams.get('ic-page');
  if (hostname === 'crm.zoho.com' || hostname.startsWith('crm.zoho.'))
    return applyVariant(fixture(CRM_PAGES.zohoContact.file), variant);
  if (hostname.endsWith('.infusionsoft.com') || hostname.endsWith('keap.app'))
    return applyVariant(fixture(CRM_PAGES.keapContact.file), variant);
  if (hostname === 'app.calltrackingmetrics.com')
    return applyVariant(fixture(CRM_PAGES.ctmCall.file), variant);
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
  watchPageProblems(page);
  await serveCrmFixtures(page, options);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page;
}
