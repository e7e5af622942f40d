import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFileName } from '@/shared/domain/export-rows';
import {
  captureDownloads,
  CRM_PAGES,
  launchWithExtension,
  openCrmPage,
  PANEL_SELECTOR,
  setServerAddress,
  signInThroughPopup,
  startServer,
  waitForDeepSelector,
  waitInShadowRoot,
  waitForPanel,
  type DownloadCapture,
  type ExtensionBrowser,
  type RunningServer,
} from '../harness';

// Issue #6: the funnel widget's exports inside the extension's panel on a CRM page. The
// worker cannot start there (its script is the extension's, not the page's), so the file
// is built on the main thread in chunks, then saved through a transient download link.

let server: RunningServer;
let ext: ExtensionBrowser;
let downloads: DownloadCapture;
let page: Page;

/** A selector through the panel's and the funnel widget's shadow roots. */
const inFunnel = (selector: string) => `${PANEL_SELECTOR} >>> intake-funnel >>> ${selector}`;

beforeAll(async () => {
  server = await startServer();
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, 'owner@lakeside.test');
  downloads = await captureDownloads(ext.browser);
  page = await openCrmPage(ext.browser, CRM_PAGES.zohoContact.url, {
    allowOrigins: [server.url],
  });
  await waitForPanel(page);
  // The first funnel card (Qualified Leads, stat LEADS) opens its contacts and exports.
  const card = await waitForDeepSelector(page, inFunnel('.ic-stat-card__button'), 20_000);
  await card.click();
  await waitForDeepSelector(page, inFunnel('.ic-contacts-table'), 20_000);
  // Everything in the widget loaded (no layout shift under the click that follows).
  await waitInShadowRoot(
    page,
    [PANEL_SELECTOR, 'intake-funnel'],
    (root) => !root.querySelector('[aria-busy="true"]'),
    '',
    20_000,
  );
});

afterAll(async () => {
  await page?.close();
  await downloads?.stop();
  await ext?.close();
  await server?.stop();
});

/** How many contacts the table lists (what is exported is what is listed). */
async function listedContacts(): Promise<number> {
  const count = await waitForDeepSelector(page, inFunnel('.ic-contacts-panel__count'));
  const text = await count.evaluate((node) => node.textContent);
  const match = /(?:Showing ([\d,]+) of [\d,]+|([\d,]+)) contacts?/.exec(text ?? '');
  return Number((match?.[1] ?? match?.[2] ?? '0').replace(/,/g, ''));
}

describe('exports from the funnel widget in the extension panel', () => {
  it('downloads the CSV under its spec name, with a row per listed contact', async () => {
    const listed = await listedContacts();
    expect(listed).toBeGreaterThan(0);
    await (
      await waitForDeepSelector(
        page,
        inFunnel('button[aria-label="Export CSV (.csv)"]:not([disabled])'),
      )
    ).click();
    const file = await downloads.next(30_000);
    expect(file.suggestedFilename).toBe(`${exportFileName('LEADS', null)}.csv`);
    const text = file.bytes().toString('utf8');
    expect(text.startsWith('\uFEFFContact Name,Lead Source,Campaign,Case Type')).toBe(true);
    const lines = text.split('\r\n').filter((line) => line.length > 0);
    expect(lines.length).toBe(listed + 1);
  });

  it('downloads the Excel workbook (xlsx loaded on demand) under its spec name', async () => {
    const excel = inFunnel('button[aria-label="Export Excel (.xlsx)"]:not([disabled])');
    await (await waitForDeepSelector(page, excel)).click();
    const file = await downloads.next(30_000);
    expect(file.suggestedFilename).toBe(`${exportFileName('LEADS', null)}.xlsx`);
    const bytes = file.bytes();
    // A zip (PK) holding the workbook parts.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
    // The progress bar is gone and the buttons are back.
    await waitForDeepSelector(
      page,
      inFunnel('button[aria-label="Export CSV (.csv)"]:not([disabled])'),
    );
  });
});
