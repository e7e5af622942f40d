import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { launchBrowser, type LaunchedBrowser } from './harness/launch-browser';
import { startServer, type RunningServer } from './harness/start-server';

// Issue #4: sign in as a manager, open the funnel report, pick a card, sort, download the
// xlsx and the csv, and read both files back: their rows equal the table's (spec 9).
// xlsx reads only the file our own app just wrote (TOOLCHAIN.md: never user files).

let server: RunningServer;
let chromium: LaunchedBrowser;
let context: BrowserContext;
let page: Page;
const downloads = mkdtempSync(join(tmpdir(), 'intake-downloads-'));
const consoleLines: string[] = [];

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
  context = await chromium.browser.createBrowserContext();
  page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('console', (message) => consoleLines.push(message.text()));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: downloads,
    browserContextId: (context as unknown as { id?: string }).id,
  });
});

afterAll(async () => {
  await context?.close();
  await chromium?.close();
  await server?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

async function signIn(username: string) {
  await page.goto(`${server.url}/login`);
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', username);
  await page.type('input[name="password"]', 'demo-password');
  await page.click('button[type="submit"]');
  await page.waitForFunction(() => location.pathname.startsWith('/app/'), { timeout: 15_000 });
}

/** Clicks the button whose visible text (trimmed) starts with `text` inside `scope`. */
async function clickButton(scope: string, text: string) {
  await page.$$eval(
    `${scope} button`,
    (buttons, wanted) => {
      const button = buttons.find((b) => b.textContent?.trim().startsWith(wanted));
      if (!button) throw new Error(`No button ${wanted}`);
      (button as HTMLButtonElement).click();
    },
    text,
  );
}

/** The contacts table as text rows, in display order ('—' is how an empty cell shows). */
function tableRows(): Promise<string[][]> {
  return page.$$eval('.ic-contacts-table tbody tr:not([aria-hidden])', (rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const text = cell.textContent?.trim() ?? '';
        return text === '—' ? '' : text;
      }),
    ),
  );
}

async function waitForDownload(name: string): Promise<string> {
  const path = join(downloads, name);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const pending = readdirSync(downloads).some((file) => file.endsWith('.crdownload'));
    if (existsSync(path) && !pending) return path;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No download ${name} in ${downloads}: ${readdirSync(downloads).join(', ')}`);
}

/** A small RFC 4180 reader for our own CSV (quotes, doubled quotes, CRLF, newlines in cells). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('funnel report exports (issue #4, spec: dashboards 2.5, 9)', () => {
  it('downloads the sorted Hires contacts as xlsx and csv with the rows of the table', async () => {
    await signIn('owner@lakeside.test');
    await page.goto(`${server.url}/app/dashboards/dashboard`);
    await page.waitForSelector('.ic-stat-card__button', { timeout: 20_000 });
    await clickButton('.ic-funnel__cards', 'Hires');
    await page.waitForSelector('.ic-contacts-table tbody tr', { timeout: 20_000 });

    // Sort by Lead Source, then flip it to descending.
    await clickButton('.ic-contacts-table thead', 'Lead Source');
    await clickButton('.ic-contacts-table thead', 'Lead Source');
    const sortState = await page.$$eval('.ic-contacts-table thead th', (headers) =>
      headers.map((h) => [h.textContent?.trim(), h.getAttribute('aria-sort')]),
    );
    expect(sortState).toContainEqual(['Lead Source', 'descending']);

    const table = await tableRows();
    expect(table.length).toBeGreaterThan(0);
    // Descending by lead source, blanks last.
    const sources = table.map((row) => row[1]!).filter(Boolean);
    const sorted = [...sources].sort((a, b) =>
      b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true }),
    );
    expect(sources).toEqual(sorted);
    // The count line agrees with the rows.
    const count = await page.$eval('.ic-contacts-panel__count', (node) => node.textContent);
    expect(count).toBe(`${table.length} ${table.length === 1 ? 'contact' : 'contacts'}`);

    // spec 9: Status reads Hired for HIRES.
    const expected = [
      ['Contact Name', 'Lead Source', 'Campaign', 'Case Type', 'Status'],
      ...table.map((row) => [...row, 'Hired']),
    ];

    await clickButton('.ic-contacts-panel', 'Excel');
    const xlsxPath = await waitForDownload('HIRES_data.xlsx');
    const book = XLSX.read(readFileSync(xlsxPath), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['data']);
    const sheetRows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.data!, {
      header: 1,
      defval: '',
      raw: false,
    });
    expect(sheetRows).toEqual(expected);

    await clickButton('.ic-contacts-panel', 'CSV');
    const csvPath = await waitForDownload('HIRES_data.csv');
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv.slice(1))).toEqual(expected);
  });

  it('exports a year of leads (thousands of rows) through the export worker', async () => {
    await page.goto(`${server.url}/app/dashboards/dashboard`);
    await page.waitForSelector('.ic-stat-card__button', { timeout: 20_000 });
    const start = new Date();
    start.setDate(start.getDate() - 364);
    const mmddyyyy = `${String(start.getMonth() + 1).padStart(2, '0')}/${String(start.getDate()).padStart(2, '0')}/${start.getFullYear()}`;
    const startInput = (await page.$$('.ic-report-filters .ic-date-range__input'))[0]!;
    await startInput.click({ count: 3 });
    await startInput.type(mmddyyyy);
    await clickButton('.ic-report-filters', 'Apply');
    await page.waitForFunction(
      () => document.querySelector('.ic-funnel__report')?.getAttribute('aria-busy') === 'false',
      { timeout: 30_000 },
    );
    await clickButton('.ic-funnel__cards', 'Qualified Leads');
    await page.waitForFunction(
      () =>
        /^\d[\d,]* contacts$/.test(
          document.querySelector('.ic-contacts-panel__count')?.textContent ?? '',
        ),
      { timeout: 30_000 },
    );
    const total = Number(
      (await page.$eval('.ic-contacts-panel__count', (node) => node.textContent))!.replace(
        /\D/g,
        '',
      ),
    );
    // Above the worker threshold (2000 rows), so the file is built in the Web Worker.
    expect(total).toBeGreaterThan(2000);
    const rowCount = await page.$eval('.ic-contacts-table table', (t) =>
      t.getAttribute('aria-rowcount'),
    );
    expect(rowCount).toBe(String(total + 1));
    const firstRows = await tableRows();

    await clickButton('.ic-contacts-panel', 'CSV');
    const csvPath = await waitForDownload('LEADS_data.csv');
    const rows = parseCsv(readFileSync(csvPath, 'utf8').slice(1));
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]).toEqual(['Contact Name', 'Lead Source', 'Campaign', 'Case Type', 'Status']);
    expect(rows.slice(1, 1 + firstRows.length).map((row) => row.slice(0, 4))).toEqual(firstRows);

    await clickButton('.ic-contacts-panel', 'Excel');
    const xlsxPath = await waitForDownload('LEADS_data.xlsx');
    const book = XLSX.read(readFileSync(xlsxPath), { type: 'buffer' });
    const sheetRows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.data!, {
      header: 1,
      defval: '',
      raw: false,
    });
    expect(sheetRows).toHaveLength(total + 1);
    expect(sheetRows.slice(1).map((row) => row.slice(0, 4))).toEqual(
      rows.slice(1).map((row) => row.slice(0, 4)),
    );
    // The worker ran: the main-thread fallback logs when it is used.
    expect(consoleLines.filter((line) => line.includes('Export worker unavailable'))).toEqual([]);
  });
});
