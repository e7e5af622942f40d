import { readFileSync } from 'node:fs';
import type { HTTPResponse, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_VIEW_TEXT } from '@/app/components/error-view/error-view';
import { agentSummaryResponseSchema } from '@/shared/contracts/reports/agent-summary';
import { launchBrowser, type LaunchedBrowser } from './harness/launch-browser';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { startServer, type RunningServer } from './harness/start-server';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { TEST_PASSWORD_COST } from '../server/helpers/test-server';

// Issue #15 end to end: every report entry of the menu is a finished screen, in a real
// Chromium against the real server and the built app. The entries are read from the
// rendered sidebar (each parent expanded), so an entry added to shared/domain/menu.ts is
// toured without touching this file.

/** The report areas of the menu this issue finishes. */
const REPORT_AREAS = [
  'Dashboards',
  'Team',
  'Sales Pipeline',
  'Marketing',
  'Cash Flow Pipeline',
] as const;
/**
 * The administration areas (issue #16), toured by their own test below. Listed so that a
 * parent in neither list (a new report area) fails the tour instead of being skipped
 * silently.
 */
const ADMIN_AREAS = ['Coaching', 'Settings', 'System'];
const OUT_OF_SCOPE = ADMIN_AREAS;

/** How long one screen may take to load on this shared, slow machine (a limit, not a check). */
const SCREEN_TIMEOUT = 30_000;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  chromium = await launchBrowser();
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (expected) => location.pathname === expected,
    { timeout: 15_000 },
    path,
  );
}

const pathname = (page: Page) => page.evaluate(() => location.pathname);

/** What a screen shows, read in the page. Sent as source text: it may use only its argument. */
const readScreen = (errorViewText: string) => {
  const main = document.querySelector('main');
  const scope = main ?? document.body;
  const hasDigit = (node: Element) => /\d/.test(node.textContent ?? '');
  const loading = [...scope.querySelectorAll('[role="status"], [aria-busy="true"]')]
    .filter(
      (node) =>
        node.getAttribute('aria-busy') === 'true' || /^\s*Loading\b/.test(node.textContent ?? ''),
    )
    .map((node) => (node.textContent ?? '').trim() || '(busy region)');
  const text = document.body.textContent ?? '';
  return {
    path: location.pathname,
    // null while the previous screen (its heading marked when the tour left it) is up.
    heading: scope.querySelector('h1:not([data-tour-left])')?.textContent?.trim() ?? null,
    loading,
    comingSoon: /coming soon/i.test(text),
    errors: [
      text.includes(errorViewText) ? 'the error view' : null,
      text.includes('Something went wrong') ? 'the route error page' : null,
      text.includes('This feature is not in your edition') ? 'the not-allowed page' : null,
    ].filter((error): error is string => error !== null),
    // Real data: a table row, a stat value or a drawn chart, each rendered only from an answer.
    rows: [...scope.querySelectorAll('tbody tr')].filter(hasDigit).length,
    values: [...scope.querySelectorAll('dd, .ic-stat-card__value')].filter(hasDigit).length,
    charts: [...scope.querySelectorAll('canvas')].filter(
      (canvas) =>
        (canvas as HTMLCanvasElement).width > 0 && (canvas as HTMLCanvasElement).height > 0,
    ).length,
  };
};
type ScreenState = ReturnType<typeof readScreen>;

/** Polls until the screen is done loading and shows data; a timeout says what it showed. */
async function waitForScreen(
  page: Page,
  what: string,
  { requireData = true }: { requireData?: boolean } = {},
): Promise<ScreenState> {
  const deadline = Date.now() + SCREEN_TIMEOUT;
  let last: ScreenState | null = null;
  // A form or a settings screen may show no figure: settled for a second is done.
  let settledSince: number | null = null;
  for (;;) {
    last = await page.evaluate(readScreen, ERROR_VIEW_TEXT).catch(() => null);
    if (last && last.heading) {
      const settled = last.loading.length === 0;
      const hasData = last.rows + last.values + last.charts > 0;
      // An error or a placeholder will not go away by waiting.
      if ((settled && hasData) || last.errors.length > 0 || last.comingSoon) return last;
      settledSince = settled ? (settledSince ?? Date.now()) : null;
      if (!requireData && settledSince !== null && Date.now() - settledSince > 1000) return last;
    } else {
      settledSince = null;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} never showed its data: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** API answers the app did not expect (4xx other than an expired token's 401, any 5xx). */
function watchFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response: HTTPResponse) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() >= 400 && response.status() !== 401) {
      failed.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
    }
  });
  return failed;
}

interface MenuEntry {
  area: string;
  title: string;
  href: string;
}

/** The titles of the sidebar's parents (buttons that open a submenu). */
function sidebarParents(page: Page): Promise<string[]> {
  return page.$$eval(
    'nav[aria-label="Main menu"] li[data-depth="0"] > button[aria-controls]',
    (buttons) => buttons.map((button) => button.textContent?.trim() ?? ''),
  );
}

/** Expands a parent of the sidebar (as a user does) and reads its entries. */
async function expandArea(page: Page, area: string): Promise<MenuEntry[]> {
  const submenuId = await page.evaluate((title) => {
    const button = [
      ...document.querySelectorAll<HTMLButtonElement>(
        'nav[aria-label="Main menu"] li[data-depth="0"] > button[aria-controls]',
      ),
    ].find((node) => node.textContent?.trim() === title);
    if (!button) return null;
    if (button.getAttribute('aria-expanded') !== 'true') button.click();
    return button.getAttribute('aria-controls');
  }, area);
  expect(submenuId, `the sidebar has no "${area}" parent`).not.toBeNull();
  await page.waitForFunction(
    (id) =>
      document.querySelector(`[aria-controls="${id}"]`)?.getAttribute('aria-expanded') === 'true',
    { timeout: 5_000 },
    submenuId,
  );
  return page.evaluate(
    (id, title) =>
      [...(document.getElementById(id)?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])].map(
        (link) => ({
          area: title,
          title: link.textContent?.trim() ?? '',
          href: new URL(link.href).pathname,
        }),
      ),
    submenuId!,
    area,
  );
}

/**
 * Opens each entry from the sidebar and answers what went wrong: a link elsewhere, a
 * placeholder, an error view, a failed API call, or (with requireData) no data at all.
 */
async function tourEntries(
  page: Page,
  entries: MenuEntry[],
  failed: string[],
  { requireData }: { requireData: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of entries) {
    const what = `${entry.area} › ${entry.title} (${entry.href})`;
    const failedBefore = failed.length;
    // A nested entry (Coaching › Training › a topic) shows once its submenu is open.
    await page.evaluate((href) => {
      const target = document.querySelector(`nav[aria-label="Main menu"] a[href="${href}"]`);
      for (let node = target?.parentElement; node; node = node.parentElement) {
        if (!node.id) continue;
        const opener = document.querySelector<HTMLButtonElement>(`[aria-controls="${node.id}"]`);
        if (opener && opener.getAttribute('aria-expanded') !== 'true') opener.click();
      }
    }, entry.href);
    const link = await page
      .waitForSelector(`nav[aria-label="Main menu"] a[href="${entry.href}"]`, {
        visible: true,
        timeout: 5_000,
      })
      .catch(() => null);
    if (!link) {
      problems.push(`${what}: its link is gone from the sidebar`);
      continue;
    }
    // The old screen stays up while the next one loads: mark its heading so the wait
    // below reads the new screen, not the old one's data.
    await page.evaluate(() =>
      document.querySelector('main h1')?.setAttribute('data-tour-left', ''),
    );
    // The link's own click, not a mouse click at its coordinates: a submenu just opened
    // may still be sliding in, and a click at where the link was lands on another entry.
    await link.evaluate((anchor) => (anchor as HTMLElement).click());
    const arrived = await waitForPath(page, entry.href).then(
      () => true,
      () => false,
    );
    if (!arrived) {
      problems.push(`${what}: its link led to ${await pathname(page)}`);
      continue;
    }
    const state = await waitForScreen(page, what, { requireData }).catch(
      (error: Error) => error.message,
    );
    if (typeof state === 'string') {
      problems.push(state);
      continue;
    }
    if (state.path !== entry.href) problems.push(`${what}: went on to ${state.path}`);
    if (state.comingSoon) problems.push(`${what}: says "coming soon"`);
    if (state.errors.length > 0) problems.push(`${what}: shows ${state.errors.join(', ')}`);
    if (requireData && state.rows + state.values + state.charts === 0)
      problems.push(`${what}: shows no data`);
    if (failed.length > failedBefore) {
      problems.push(`${what}: ${failed.slice(failedBefore).join('; ')}`);
    }
  }
  return problems;
}

describe('every report entry of the menu is a real screen (issue #15)', () => {
  it('owner@lakeside.test opens each entry of the report areas and sees data from the server', async () => {
    const { context, page } = await freshAppPage(chromium.browser);
    const failed = watchFailedRequests(page);
    try {
      await signInToApp(page, server.url, 'owner@lakeside.test');
      await page.waitForSelector(
        'nav[aria-label="Main menu"] li[data-depth="0"] > button[aria-controls]',
      );

      const parents = await sidebarParents(page);
      expect(parents.filter((title) => !OUT_OF_SCOPE.includes(title))).toEqual([...REPORT_AREAS]);

      const entries: MenuEntry[] = [];
      for (const area of REPORT_AREAS) {
        const children = await expandArea(page, area);
        expect(children.length, `${area} has no entries`).toBeGreaterThan(0);
        entries.push(...children);
      }

      expect(await tourEntries(page, entries, failed, { requireData: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('agent@lakeside.test lands on a working Agent dashboard with the numbers the server sent', async () => {
    const { context, page } = await freshAppPage(chromium.browser);
    const failed = watchFailedRequests(page);
    try {
      const summaryAnswer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.endsWith('/agents/me/summary') &&
          response.request().method() === 'GET',
        { timeout: 20_000 },
      );
      await signInToApp(page, server.url, 'agent@lakeside.test');
      await waitForPath(page, '/app/dashboards/agent');
      const answer = await summaryAnswer;
      expect(answer.status()).toBe(200);
      const summary = agentSummaryResponseSchema.parse(await answer.json()).data;

      const state = await waitForScreen(page, 'the Agent dashboard');
      expect(state.errors).toEqual([]);
      expect(state.comingSoon).toBe(false);

      const shown = await page.evaluate(() => {
        const tile = (card: string, label: string) => {
          const region = document.querySelector(`main [aria-label="${card}"]`);
          const term = [...(region?.querySelectorAll('dt') ?? [])].find(
            (node) => node.textContent?.trim() === label,
          );
          return term?.nextElementSibling?.querySelector('span')?.textContent?.trim() ?? null;
        };
        return {
          text: document.querySelector('main')?.textContent ?? '',
          inbound: tile('Calls', 'In'),
          outbound: tile('Calls', 'Out'),
          leads: tile('Your funnel', 'Leads handled'),
          sets: tile('Your funnel', 'Sets'),
          shows: tile('Your funnel', 'Shows'),
          hires: tile('Your funnel', 'Hires'),
          cards: ['Calls', 'Your funnel', 'Follow-ups', 'Team rank'].filter((label) =>
            document.querySelector(`main [aria-label="${label}"]`),
          ),
        };
      });
      const format = new Intl.NumberFormat('en-US');
      expect(shown.cards).toEqual(['Calls', 'Your funnel', 'Follow-ups', 'Team rank']);
      expect(shown.text).toContain(summary.agent.name);
      expect(shown).toMatchObject({
        inbound: format.format(summary.calls.inbound.total),
        outbound: format.format(summary.calls.outbound.total),
        leads: format.format(summary.funnel.leads),
        sets: format.format(summary.funnel.sets),
        shows: format.format(summary.funnel.shows),
        hires: format.format(summary.funnel.hires),
      });
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('owner@summit.test (starter) typing the Marketing Plan Essentials URL gets the not-allowed page', async () => {
    const { context, page } = await freshAppPage(chromium.browser);
    try {
      await signInToApp(page, server.url, 'owner@summit.test');
      await page.goto(`${server.url}/app/marketing/marketing-plan-essentials`);
      await waitForPath(page, '/app/marketing/marketing-plan-essentials/not-allowed');
      const heading = await page.waitForSelector(
        'h1 ::-p-text(This feature is not in your edition)',
      );
      expect(heading).not.toBeNull();
      const text = await page.evaluate(() => document.body.textContent ?? '');
      expect(text).toContain('Your edition (starter) does not include this feature.');
      expect(text).not.toContain('Loading Marketing Plan Essentials');
    } finally {
      await context.close();
    }
  });
});

describe('every administration entry of the menu is a real screen (issue #16)', () => {
  const tourAs = async (username: string, areas: (parents: string[]) => string[]) => {
    const { context, page } = await freshAppPage(chromium.browser);
    const failed = watchFailedRequests(page);
    try {
      await signInToApp(page, server.url, username);
      await page.waitForSelector(
        'nav[aria-label="Main menu"] li[data-depth="0"] > button[aria-controls]',
      );
      const chosen = areas(await sidebarParents(page));
      expect(chosen.length, `${username} has none of the administration areas`).toBeGreaterThan(0);
      const entries: MenuEntry[] = [];
      for (const area of chosen) entries.push(...(await expandArea(page, area)));
      expect(entries.length).toBeGreaterThan(0);
      return await tourEntries(page, entries, failed, { requireData: false });
    } finally {
      await context.close();
    }
  };

  it('owner@lakeside.test opens every Coaching and Settings entry: none is a placeholder or fails', async () => {
    const problems = await tourAs('owner@lakeside.test', (parents) =>
      parents.filter((title) => ADMIN_AREAS.includes(title)),
    );
    expect(problems).toEqual([]);
  }, 240_000);

  it('system@intake.test opens every entry of its menu: none is a placeholder or fails', async () => {
    const problems = await tourAs('system@intake.test', (parents) => parents);
    expect(problems).toEqual([]);
  }, 240_000);
});

// issue #30: the README's "What each demo user sees" is the menu `npm start` shows (the
// production build this suite runs), read from the rendered sidebar for every demo sign-in.

/** The sidebar as one line: "Dashboards (Classic, Agent); Call Flows; …" (entries in order). */
function sidebarLine(page: Page): Promise<string> {
  return page.evaluate(() => {
    const label = (item: Element) =>
      item
        .querySelector(':scope > a .ic-sidebar__label, :scope > button .ic-sidebar__label')
        ?.textContent?.trim() ?? '';
    const items = document.querySelectorAll('nav[aria-label="Main menu"] li[data-depth="0"]');
    return (
      [...items]
        .map((item) => {
          const children = [...item.querySelectorAll(':scope > div > ul > li[data-depth="1"]')].map(
            label,
          );
          return children.length > 0 ? `${label(item)} (${children.join(', ')})` : label(item);
        })
        .join('; ') || '(no entries)'
    );
  });
}

/** The README's table between its markers: username -> menu line. */
function readmeMenus(): Map<string, string> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('<!-- demo-menus:start -->');
  const end = readme.indexOf('<!-- demo-menus:end -->');
  expect(start, 'README.md has the demo-menus markers').toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string>();
  for (const line of readme.slice(start, end).split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const user = /^`([^`]+@[^`]+)`$/.exec(cells[1] ?? '');
    if (user) rows.set(user[1], cells[2]);
  }
  return rows;
}

/** One account's sidebar, once the Training topics (a lookup) stop changing it. */
async function sidebarOf(username: string): Promise<string> {
  const { context, page } = await freshAppPage(chromium.browser);
  try {
    await signInToApp(page, server.url, username);
    await page.waitForSelector('nav[aria-label="Main menu"]');
    let line = '';
    for (let stable = 0; stable < 5;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await sidebarLine(page);
      stable = next === line ? stable + 1 : 0;
      line = next;
    }
    return line;
  } finally {
    await context.close();
  }
}

// One test per sign-in, several side by side (each mostly waits on the server and the
// page): each has its own time limit, so a slow moment of the machine fails no other.
describe.concurrent("the README's menus are what each demo user sees (issue #30)", () => {
  const accounts = DEMO_ACCOUNTS.filter((a) => a.status === 'active');

  it('the README lists every active demo sign-in, in order, and no other', () => {
    expect([...readmeMenus().keys()]).toEqual(accounts.map((a) => a.username));
  });

  it.each(accounts.map((a) => a.username))(
    '%s: the sidebar of the production build equals its README row',
    async (username) => {
      const line = await sidebarOf(username);
      expect(line, `README.md's row should read: | \`${username}\` | ${line} |`).toBe(
        readmeMenus().get(username),
      );
    },
  );
});
