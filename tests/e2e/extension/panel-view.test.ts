import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePngs,
  CRM_PAGES,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  PANEL_SELECTOR,
  serveCrmFixtures,
  setServerAddress,
  signInThroughPopup,
  signOutThroughPopup,
  stableScreenshot,
  startServer,
  waitForSettledWidgets,
  widgetText,
  type ExtensionBrowser,
  type RunningServer,
} from '../harness';

// Issue #14 "first figure": the next CRM page paints the panel's last view before the
// panel runtime has arrived (extension/lib/panel-view-paint.ts), and the live panel
// replaces it. The production extension build in Chromium, the real server, fixture pages.

const TIMEOUT = 30_000;
const VIEWPORT = { width: 1400, height: 1000 };
/** The panel's place on the page: fixed to the right edge (default width 400 px). */
const PANEL_CLIP = { x: 1000, y: 0, width: 400, height: 1000 };
/** Share of pixels allowed to differ (antialiasing; a moved or missing figure is more). */
const PIXEL_TOLERANCE = 0.002;
/** Longer than the panel's settle time (panel-view.ts VIEW_SETTLE_MS): the view is the latest. */
const VIEW_TAKEN_MS = 1500;
/** How much slower the next tab's CPU runs, tried in turn (see the first test). */
const CPU_SLOWDOWNS = [4, 10, 20];
/** Long enough for the checks and a shot at full speed; under the loader's 10 s safety removal. */
const BACKGROUND_HELD_MS = 5000;
const VIEW_SELECTOR = 'intake-cockpit-panel-view';
const OWNER = 'owner@lakeside.test';
const recordUrl = (id: number) =>
  CRM_PAGES.zohoContact.url.replace(/\d+$/, `48768760000004210${String(id).padStart(2, '0')}`);

let server: RunningServer;
let ext: ExtensionBrowser;

interface Diagnostics {
  panelViews: { family: string; chars: number; ageMs: number }[];
}

async function diagnostics(): Promise<Diagnostics> {
  const worker = await ext.worker();
  return worker.evaluate(() =>
    (globalThis as unknown as { __intakeDiagnostics(): Diagnostics }).__intakeDiagnostics(),
  );
}

/**
 * Keeps the background worker's thread busy for `ms` from now (a long task, the way a
 * slow machine does): messages and port answers wait for it. Returns at once.
 */
async function holdBackground(ms: number): Promise<void> {
  const worker = await ext.worker();
  await worker.evaluate((held) => {
    setTimeout(() => {
      const end = Date.now() + held;
      while (Date.now() < end) {
        // busy on purpose
      }
    }, 0);
  }, ms);
}

async function waitForKeptView(family: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  while (!(await diagnostics()).panelViews.some((view) => view.family === family)) {
    if (Date.now() > deadline) throw new Error(`no ${family} panel view kept`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A new tab on a record, its CPU slowed down (the panel runtime's code then takes a
 * while to evaluate, the loader's paint stays quick), recording in the page's own world
 * which panel hosts come and go and whether their shadow roots are readable. `onPainted`
 * is called (through a page binding, at once) when the last view's host is added.
 */
async function openSlowedRecord(url: string, rate: number, onPainted?: () => void): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.setViewport(VIEWPORT);
  await serveCrmFixtures(page, { allowOrigins: [server.url] });
  if (onPainted) await page.exposeFunction('__panelViewPainted', onPainted);
  await page.evaluateOnNewDocument((viewTag) => {
    const events: string[] = [];
    const page = window as unknown as { __panelHosts: string[]; __panelViewPainted?(): void };
    page.__panelHosts = events;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          const element = node as HTMLElement;
          if (!element.localName?.startsWith('intake-cockpit-panel')) continue;
          const readable = element.shadowRoot !== null;
          events.push(`+${element.localName}${readable ? ' (open root)' : ''}`);
          if (element.localName === viewTag) void page.__panelViewPainted?.();
        }
        for (const node of record.removedNodes) {
          const element = node as HTMLElement;
          if (element.localName?.startsWith('intake-cockpit-panel')) {
            events.push(`-${element.localName}`);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, VIEW_SELECTOR);
  const client = await page.createCDPSession();
  await client.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page;
}

/**
 * A shot of the panel's place within the viewport as it is. Puppeteer's default
 * (captureBeyondViewport) first stretches the page's metrics to the document, which makes
 * the panel's frame (an extension frame: its own process) lay out again, and a shot could
 * come before it painted: the page's header and no panel, seen in CI and locally.
 */
const panelShot = (page: Page) =>
  page.screenshot({ clip: PANEL_CLIP, captureBeyondViewport: false });

/** The live panel once its widgets are settled and its frame has painted twice since. */
async function livePanelShot(page: Page): Promise<Uint8Array> {
  await waitForSettledWidgets(page, TIMEOUT);
  const painted = await evaluateInShadowRoot(
    page,
    [PANEL_SELECTOR],
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))),
      ),
  );
  expect(painted, 'the live panel frame painted').toBe(true);
  return stableScreenshot(() => panelShot(page));
}

const hostsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __panelHosts: string[] }).__panelHosts);

beforeAll(async () => {
  server = await startServer();
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, OWNER);
}, 180_000);

afterAll(async () => {
  await ext?.close();
  await server?.stop();
});

describe("the panel's last view", () => {
  it('is painted on the next record before the live panel, with its figures, inert and closed, then gives way', async () => {
    const first = await openCrmPage(ext.browser, recordUrl(1), { allowOrigins: [server.url] });
    await first.setViewport(VIEWPORT);
    await waitForSettledWidgets(first, TIMEOUT);
    const figures = await widgetText(first, 'intake-compliance');
    expect(figures).toMatch(/\d+%/);
    await waitForKeptView('zoho');
    // The live panel once nothing in it moves any more (on a busy machine a late answer can
    // still be painting), then long enough for the view kept to be of that state.
    const liveShot = await livePanelShot(first);
    await new Promise((resolve) => setTimeout(resolve, VIEW_TAKEN_MS));
    await first.close();

    // The moment the view is painted, the background is held busy (as on a slow machine):
    // the live panel can get neither its prefs nor its figures, so the view stays while it
    // is checked and shot at full speed. Should the live panel still have come first (a
    // very busy machine), a new tab, slower.
    let next: Page | null = null;
    let paintedShot: Uint8Array | null = null;
    for (const rate of CPU_SLOWDOWNS) {
      let held: Promise<void> | null = null;
      next = await openSlowedRecord(recordUrl(2), rate, () => {
        held ??= holdBackground(BACKGROUND_HELD_MS);
      });
      await next.waitForFunction(
        (tag) => document.querySelector(tag) !== null,
        { timeout: TIMEOUT },
        VIEW_SELECTOR,
      );
      await held;
      await (await next.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // The painted view holds the compliance widget's figures of the last page.
      const painted = await evaluateInShadowRoot(next, [VIEW_SELECTOR], (root) => ({
        inert: (root.firstElementChild as HTMLElement | null)?.inert ?? false,
        ariaHidden: root.host.getAttribute('aria-hidden'),
      }));
      const viewFigures = await evaluateInShadowRoot(
        next,
        [VIEW_SELECTOR, 'intake-compliance'],
        (root) => root.querySelector('.ic-widget')?.textContent ?? '',
      );
      // It looks the same as the live panel did.
      const shot = await panelShot(next);
      if (painted && !(await hostsSeen(next)).includes(`-${VIEW_SELECTOR}`)) {
        expect(painted).toEqual({ inert: true, ariaHidden: 'true' });
        expect(viewFigures).toBe(figures);
        paintedShot = shot;
        break;
      }
      await next.close();
      next = null;
    }
    expect(paintedShot, 'a shot while the view was painted').not.toBeNull();
    try {
      // Full speed again: the live panel comes, shows its figures, and the view goes.
      const client = await next!.createCDPSession();
      await client.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await waitForSettledWidgets(next!, TIMEOUT);
      await next!.waitForFunction((tag) => !document.querySelector(tag), {}, VIEW_SELECTOR);
      // Painted before the live panel, removed after it came; neither root is readable by
      // the page (closed).
      expect(await hostsSeen(next!)).toEqual([
        `+${VIEW_SELECTOR}`,
        `+${PANEL_SELECTOR}`,
        `-${VIEW_SELECTOR}`,
      ]);
      expect(await widgetText(next!, 'intake-compliance')).toMatch(/\d+%/);
      const same = await comparePngs(ext.browser, liveShot, paintedShot!);
      if (same.sizeMismatch !== null || same.ratio > PIXEL_TOLERANCE) {
        const dir = mkdtempSync(join(tmpdir(), 'intake-panel-view-'));
        writeFileSync(join(dir, 'live.png'), liveShot);
        writeFileSync(join(dir, 'painted.png'), paintedShot!);
        console.error(`the painted view and the live panel differ: shots in ${dir}`);
      }
      expect(same.sizeMismatch).toBeNull();
      expect(same.ratio).toBeLessThanOrEqual(PIXEL_TOLERANCE);
    } finally {
      await next?.close();
    }
  }, 180_000);

  it('is forgotten at sign-out: the next sign-in starts without one', async () => {
    const page = await openCrmPage(ext.browser, recordUrl(3), { allowOrigins: [server.url] });
    await waitForSettledWidgets(page, TIMEOUT);
    await waitForKeptView('zoho');
    await page.close();

    await signOutThroughPopup(ext);
    expect((await diagnostics()).panelViews).toEqual([]);
    await signInThroughPopup(ext, OWNER);

    const next = await openSlowedRecord(recordUrl(4), CPU_SLOWDOWNS[0]);
    try {
      const client = await next.createCDPSession();
      await client.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await waitForSettledWidgets(next, TIMEOUT);
      expect(await hostsSeen(next)).toEqual([`+${PANEL_SELECTOR}`]);
    } finally {
      await next.close();
    }
  }, 120_000);
});

describe("an owner's panel (issue #30)", () => {
  /** Two screens of a 1366×900 laptop: the whole panel, header and widgets, fits in them. */
  const TWO_SCREENS_PX = 1800;

  it('fits within two screens at 1366×900, its folded details one click away', async () => {
    const page = await openCrmPage(ext.browser, recordUrl(5), { allowOrigins: [server.url] });
    try {
      await page.setViewport({ width: 1366, height: 900 });
      await waitForSettledWidgets(page, TIMEOUT);
      const measure = () =>
        evaluateInShadowRoot(page, [PANEL_SELECTOR], (root) => {
          const header = root.querySelector<HTMLElement>('.body > header');
          const widgets = root.querySelector<HTMLElement>('.widgets');
          return (header?.offsetHeight ?? 0) + (widgets?.scrollHeight ?? 0);
        });
      // The widgets lay themselves out again for the new viewport a few frames after it
      // changes (their compact layout follows a ResizeObserver): measured once that is over.
      let height = await measure();
      for (let stable = 0, tries = 0; stable < 3 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const next = await measure();
        stable = next === height ? stable + 1 : 0;
        height = next;
      }
      expect(height).toBeGreaterThan(900);
      // Too tall: the message says which widget holds what, so a failure explains itself.
      const layout =
        (height ?? 0) > TWO_SCREENS_PX
          ? await evaluateInShadowRoot(page, [PANEL_SELECTOR], (root) =>
              [...root.querySelectorAll<HTMLElement>('.widgets > *')]
                .map((widget) => {
                  const inner = [
                    ...(widget.shadowRoot?.querySelectorAll<HTMLElement>(
                      '.ic-widget > * > *, .ic-widget > *',
                    ) ?? []),
                  ].map(
                    (el) =>
                      `${el.className.split(' ')[0] || el.tagName}:${el.offsetHeight}:${(el.textContent ?? '').slice(0, 40)}`,
                  );
                  return `${widget.tagName}=${widget.offsetHeight} [${inner.join(' | ')}]`;
                })
                .join('\n'),
            )
          : '';
      expect(height, layout ?? '').toBeLessThanOrEqual(TWO_SCREENS_PX);

      // The cockpit's warnings are folded behind one line; one press shows them.
      const opened = await evaluateInShadowRoot(
        page,
        [PANEL_SELECTOR, 'intake-cockpit'],
        (root) => {
          const toggle = [
            ...root.querySelectorAll<HTMLButtonElement>('.ic-filter-disclosure__toggle'),
          ].find((button) => button.textContent?.includes('System status'));
          if (!toggle || toggle.getAttribute('aria-expanded') !== 'false') return null;
          toggle.click();
          return 'pressed';
        },
      );
      expect(opened).toBe('pressed');
      let banner: string | null = null;
      for (let tries = 0; tries < 50 && !banner; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        banner = await evaluateInShadowRoot(page, [PANEL_SELECTOR, 'intake-cockpit'], (root) => {
          const section = root.querySelector<HTMLElement>('.ic-system-status');
          const expanded = root.querySelector('[aria-expanded="true"]');
          return expanded && section && section.offsetHeight > 0 ? section.textContent : null;
        });
      }
      expect(banner).toMatch(/Warning:|acknowledged|Checking system status/);
    } finally {
      await page.close();
    }
  }, 120_000);
});
