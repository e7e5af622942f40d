import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer';
import { exportFileName } from '@/shared/domain/export-rows';
import {
  captureDownloads,
  launchBrowser,
  startServer,
  waitForDeepSelector,
  type LaunchedBrowser,
  type RunningServer,
} from '../harness';

// The script-tag bundle on a plain page, served by the reference server.

let server: RunningServer;
let chromium: LaunchedBrowser;
/** The demo page, signed in by the second test and used by the third. */
let demo: Page | null = null;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchBrowser();
});

afterAll(async () => {
  await demo?.close();
  await chromium?.close();
  await server?.stop();
});

describe('the script-tag demo page', () => {
  it('serves the bundle as a classic script and as an ES module', async () => {
    for (const file of ['intake-widgets.js', 'intake-widgets.mjs']) {
      const response = await fetch(`${server.url}/widgets/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
    }
    expect((await fetch(`${server.url}/widgets/..%2fapp%2findex.html`)).status).toBe(404);
  });

  it('renders every widget after one sign-in inside a widget', async () => {
    const page = await chromium.browser.newPage();
    try {
      await page.goto(`${server.url}/widgets/demo`);
      const tags = await page.evaluate(
        () =>
          (window as unknown as { IntakeWidgets: { elements: string[] } }).IntakeWidgets.elements,
      );
      expect(tags.sort()).toEqual([
        'intake-agent',
        'intake-call-flow',
        'intake-cockpit',
        'intake-compliance',
        'intake-funnel',
      ]);
      // Each widget offers the sign-in form; one sign-in serves them all.
      // The form is its own chunk: it arrives inside the shadow root after the first render.
      const username = await waitForDeepSelector(page, 'intake-cockpit >>> input[name="username"]');
      await username.type('owner@lakeside.test');
      await page.type('intake-cockpit >>> input[name="password"]', 'demo-password');
      await page.click('intake-cockpit >>> button[type="submit"]');
      await page.waitForFunction(
        (all) =>
          all.every((tag) => {
            const root = document.querySelector(tag)?.shadowRoot;
            const shown = root?.querySelector('.ic-widget')?.textContent ?? '';
            // Signed in, loaded, and showing data rather than the error view (spec: dashboards 2.10).
            return (
              root &&
              !root.querySelector('input[name="username"]') &&
              !root.querySelector('[data-widget-state]') &&
              shown.length > 40 &&
              !shown.includes("weren't able to retrieve")
            );
          }),
        { polling: 100, timeout: 30_000 },
        tags,
      );
      // The token stays in memory: never in the page's storage or the DOM.
      const storage = await page.evaluate(
        () =>
          JSON.stringify({ ...localStorage }) +
          JSON.stringify({ ...sessionStorage }) +
          document.cookie,
      );
      expect(storage).not.toMatch(/eyJ/);
      demo = page;
    } catch (error) {
      await page.close();
      throw error;
    }
  });

  it('exports the funnel contacts as CSV and Excel from the classic-script bundle', async () => {
    expect(demo).not.toBeNull();
    const page = demo!;
    const downloads = await captureDownloads(chromium.browser);
    try {
      await (await waitForDeepSelector(page, 'intake-funnel >>> .ic-stat-card__button')).click();
      for (const format of ['csv', 'xlsx'] as const) {
        const label = format === 'csv' ? 'Export CSV (.csv)' : 'Export Excel (.xlsx)';
        const button = await waitForDeepSelector(
          page,
          `intake-funnel >>> button[aria-label="${label}"]:not([disabled])`,
          20_000,
        );
        await button.click();
        const file = await downloads.next(30_000);
        expect(file.suggestedFilename).toBe(`${exportFileName('LEADS', null)}.${format}`);
        const head = file.bytes().subarray(0, 16).toString('utf8');
        expect(head).toMatch(format === 'csv' ? /^\uFEFFContact Name/ : /^PK/);
      }
    } finally {
      await downloads.stop();
    }
  });
});
