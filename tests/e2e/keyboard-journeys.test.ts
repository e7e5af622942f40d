import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { executionHistoryListResponseSchema } from '@/shared/contracts/call-flow-api';
import { demoUserId } from './harness';
import { FLOW_STATE_DELAY_MS } from '@/shared/call-flow/flow-state-sync';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import { bodyText, fieldValue, FIRST_STEP, stepTitle, waitForStep } from './harness/app-wizard';
import { focusedMatches, keyboardJourney, type KeyboardJourney } from './harness/keyboard';
import { until } from './harness/until';
import { TEST_PASSWORD_COST } from '../server/helpers/test-server';

// Issue #30 "Accessible everywhere", second point: keyboard-only journeys in the built app
// against the real server. After sign-in every step is a key (Tab, Shift+Tab, Enter, Space,
// arrows, Escape, typed text): no clicks, no focus() from the test. After every key the
// focus is on an element (never the body), a control shows a visible focus indicator and a
// heading the app focuses itself shows none.
// - The agent: a call rings (the simulated provider), the intake opens with the focus in
//   it, the agent walks the Personal Injury intake to the end, books the consultation and
//   finishes; the server holds the completed execution.
// - The manager: opens each cockpit card (and an outliers list, closed with Escape back to
//   its button), moves to the funnel by the menu, narrows it to one lead source (the
//   numbers change) and exports the contacts of a card as CSV.

const AGENT = 'intake@harbor.test';
const OWNER = 'owner@harbor.test';
const MANAGER = 'owner@lakeside.test';
const HARBOR = 'ws_harbor';
const TIMEOUT = 20_000;

const suite = appSuite({ passwordCost: TEST_PASSWORD_COST });

/** mm/dd/yyyy digits of the day `days` from today, as a date field takes them typed. */
function typedDay(days: number, weekday = false): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (weekday && (date.getUTCDay() === 0 || date.getUTCDay() === 6)) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${date.getUTCFullYear()}`;
}

const field = (name: string) => `.ic-step-form [name="${name}"]`;
const radio = (name: string) => `.ic-step-form input[type="radio"][name$="-${name}"]`;

/** The radio of group `name` that is checked, or null. */
const checkedRadio = (page: Page, name: string) =>
  page.evaluate(
    (selector) => document.querySelector<HTMLInputElement>(`${selector}:checked`)?.value ?? null,
    radio(name),
  );

/** Tabs to a step field and types its answer (replacing what it held). */
async function answer(keys: KeyboardJourney, page: Page, name: string, text: string) {
  if (!(await focusedMatches(page, field(name)))) await keys.tabTo(field(name));
  await keys.press('Control+A');
  await keys.type(text);
}

/** Tabs into a radio group and moves to `value` with the arrow keys (Space if it is first). */
async function choose(keys: KeyboardJourney, page: Page, name: string, value: string) {
  await keys.tabTo(radio(name));
  const values = await page.$$eval(radio(name), (inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
  const target = values.indexOf(value);
  expect(target).toBeGreaterThanOrEqual(0);
  // Tab lands on the checked radio, else the first; Space checks it, an arrow moves and checks.
  const at = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  if (at === value) await keys.press(' ');
  for (let i = values.indexOf(at); i < target; i += 1) await keys.press('ArrowDown');
  expect(await checkedRadio(page, name)).toBe(value);
}

/** Tabs to the step's Next and presses Enter; waits for the step `title`. */
async function next(keys: KeyboardJourney, page: Page, title: string) {
  await keys.tabTo('.ic-call-flow__actions button[type="submit"]');
  await keys.press('Enter');
  await waitForStep(page, title);
  // The new step hands the focus on (its title, or its own first field).
  await keys.settled(`the step "${title}"`);
}

/** The agent's executions in Harbor since `since`, as its owner lists them. */
async function agentExecutions(since: string): Promise<{ status: string; process: string }[]> {
  const token = await suite.server.signIn(OWNER);
  const response = await fetch(
    `${suite.server.url}/call-center/workspaces/${HARBOR}/process-execution-history?page[limit]=20`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return executionHistoryListResponseSchema
    .parse(await response.json())
    .data.filter((row) => row.userId === demoUserId(AGENT) && row.startTime >= since)
    .map((row) => ({ status: row.status, process: row.processName ?? '' }));
}

/** The funnel's stat card figures, label → value. */
const funnelFigures = (page: Page) =>
  page.$$eval('.ic-stat-card__button', (buttons) =>
    buttons.map(
      (button) =>
        `${button.querySelector('.ic-stat-card__label')?.textContent}=${button.querySelector('.ic-stat-card__value')?.textContent}`,
    ),
  );

/** A cockpit card's disclosure, by its title. */
function card(page: Page, title: string) {
  return page.evaluate((name) => {
    const button = [...document.querySelectorAll('.ic-cockpit-card__toggle')].find(
      (node) => node.querySelector('.ic-cockpit-card__title')?.textContent === name,
    );
    const region = document.getElementById(button?.getAttribute('aria-controls') ?? '');
    return {
      expanded: button?.getAttribute('aria-expanded') === 'true',
      text: region && !region.hidden ? (region.textContent ?? '') : '',
      busy: region?.getAttribute('aria-busy') === 'true',
    };
  }, title);
}

async function agentJourney(page: Page, since: string) {
  const keys = keyboardJourney(page);
  // Somewhere on the dashboard when the call rings: the skip link, then the main content.
  await keys.press('Tab');
  expect(await focusedMatches(page, '.ic-app__skip-link')).toBe(true);
  await keys.press('Enter');

  await suite.server.placeTestCall({
    username: AGENT,
    leadName: 'Rosa Diaz',
    phone: '5125550123',
  });
  // The call opens its intake in this tab by itself (spec: session 4); the first step puts
  // the agent in its first field, with the caller's name and number already there.
  await waitForStep(page, FIRST_STEP);
  await keys.settled('the incoming call');
  expect(await focusedMatches(page, field('firstName'))).toBe(true);
  expect(await fieldValue(page, 'firstName')).toBe('Rosa');

  await answer(keys, page, 'lastName', 'Diaz-Moreno');
  await answer(keys, page, 'email', 'rosa@example.com');
  await next(keys, page, 'The accident');

  // A select answers to typed letters; a date field to its digits typed in order.
  await keys.tabTo(field('accidentType'));
  await keys.type('Slip');
  expect(await fieldValue(page, 'accidentType')).toBe('slip-and-fall');
  await answer(keys, page, 'incidentDate', typedDay(-30));
  expect(await fieldValue(page, 'incidentDate')).toMatch(/^\d{4}-\d\d-\d\d$/);
  await answer(keys, page, 'incidentDescription', 'Slipped on a wet floor at the store.');
  await next(keys, page, 'Injuries and treatment');

  await answer(keys, page, 'injuriesDescription', 'Sprained ankle');
  await choose(keys, page, 'receivedTreatment', 'no');
  await next(keys, page, 'Claim history');

  await choose(keys, page, 'priorAttorney', 'no');
  await choose(keys, page, 'claimFiled', 'no');
  await next(keys, page, 'Conflict check');

  await answer(keys, page, 'adverseParties', 'Fresh Mart Grocers');
  await choose(keys, page, 'relatedToFirm', 'no');
  await next(keys, page, 'Caller address');
  await next(keys, page, 'Consultation booking');

  // The consultation: a consultant (arrow), a weekday (typed), the first free time (Tab
  // into the times, Space), Book consultation (Enter).
  const consultation = '.ic-step-form .ic-consultation-field';
  await page.waitForFunction(
    (scope) =>
      (document.querySelector<HTMLSelectElement>(`${scope} select`)?.options.length ?? 0) > 1,
    { timeout: TIMEOUT },
    consultation,
  );
  await keys.tabTo(`${consultation} select`);
  await keys.press('ArrowDown');
  await keys.tabTo(`${consultation} input[type="date"]`);
  await keys.type(typedDay(7, true));
  await page.waitForSelector(`${consultation} input[type="radio"]:not(:disabled)`, {
    timeout: TIMEOUT,
  });
  await keys.tabTo(`${consultation} input[type="radio"]`);
  await keys.press(' ');
  await keys.tabTo(`${consultation} button`, { name: 'Book consultation' });
  await keys.press('Enter');
  await page.waitForSelector(`${consultation} .ic-consultation-field__booked`, {
    timeout: TIMEOUT,
  });
  await keys.settled('the booking');
  await choose(keys, page, 'consultMode', 'office');
  await next(keys, page, 'Intake complete');
  // The screen stays complete while the agent reads it: the last step's save, due a moment
  // after it was shown, is not sent after the end (a refusal then reset the wizard to idle).
  await new Promise((resolve) => setTimeout(resolve, FLOW_STATE_DELAY_MS + 1_000));
  expect(await stepTitle(page)).toBe('Intake complete');
  await keys.settled('the complete intake, a moment later');

  // Finish ends the call and goes back to the dashboard: the focus goes with the page.
  await keys.tabTo('.ic-call-flow__done button', { name: 'Finish' });
  await keys.press('Enter');
  await page.waitForFunction(() => !location.pathname.startsWith('/app/automated-intake'), {
    timeout: TIMEOUT,
  });
  await keys.settled('the return to the dashboard');
  await until(
    'the completed execution on the server',
    async () =>
      (await agentExecutions(since)).some(
        (row) => row.status === 'completed' && row.process === 'Personal Injury intake',
      ),
    async () => JSON.stringify(await agentExecutions(since)),
  );
}

async function managerJourney(page: Page, downloads: string) {
  const keys = keyboardJourney(page);
  // The cockpit opens its first card by itself; the others open by keyboard, in turn.
  await until(
    'Lead Flow open',
    async () => (await card(page, 'Lead Flow')).expanded,
    () => bodyText(page),
  );
  const details: [string, string][] = [
    ['Sales Performance', 'Outbound Sales'],
    ['Communications', 'Inbound Coverage'],
    ['Cash Flow', 'Who Missed?'],
  ];
  for (const [title, text] of details) {
    await keys.tabTo('.ic-cockpit-card__toggle', { name: title, max: 80 });
    await keys.press('Enter');
    await until(
      `${title} open with "${text}"`,
      async () => {
        const state = await card(page, title);
        return state.expanded && !state.busy && state.text.includes(text);
      },
      async () => JSON.stringify(await card(page, title)),
    );
    expect((await card(page, 'Lead Flow')).expanded).toBe(false);
    if (title === 'Sales Performance') {
      // An outliers list opens with Enter and closes with Escape, back on its button.
      await keys.tabTo('.ic-outliers__button:not(:disabled)');
      await keys.press('Enter');
      expect(await page.$('.ic-outliers__panel')).not.toBeNull();
      await keys.press('Escape');
      expect(await page.$('.ic-outliers__panel')).toBeNull();
      expect(await focusedMatches(page, '.ic-outliers__button[aria-expanded="false"]')).toBe(true);
    }
  }
  // Back to Lead Flow (Shift+Tab), opened again with Space.
  await keys.tabTo('.ic-cockpit-card__toggle', { name: 'Lead Flow', backwards: true });
  await keys.press(' ');
  await until(
    'Lead Flow open again',
    async () => {
      const state = await card(page, 'Lead Flow');
      return state.expanded && state.text.includes('Selected lead source');
    },
    async () => JSON.stringify(await card(page, 'Lead Flow')),
  );

  // The funnel, by the menu: Shift+Tab back to the sidebar's Classic, Enter.
  await keys.tabTo('a.ic-sidebar__link', {
    name: 'Classic',
    exact: true,
    backwards: true,
    max: 80,
  });
  await keys.press('Enter');
  await page.waitForFunction(() => location.pathname === '/app/dashboards/dashboard', {
    timeout: TIMEOUT,
  });
  await page.waitForSelector('.ic-funnel__report[aria-busy="false"] .ic-stat-card__button', {
    timeout: TIMEOUT,
  });
  const before = await funnelFigures(page);

  // One lead source: open the list (Enter), search it by typing, choose (Enter), close
  // (Escape: back on the list's button), Apply.
  await keys.tabTo('.ic-report-filters .ic-multi-select__trigger', { name: 'All lead sources' });
  await keys.press('Enter');
  expect(await focusedMatches(page, '.ic-multi-select__panel *')).toBe(true);
  await keys.type('Google');
  await keys.press('Enter');
  await keys.press('Escape');
  expect(await focusedMatches(page, '.ic-multi-select__trigger', 'Google Ads')).toBe(true);
  await keys.tabTo('.ic-report-filters button[type="submit"]', { name: 'Apply' });
  await keys.press('Enter');
  await until(
    'other figures for one lead source',
    async () => {
      const busy = await page.$('.ic-funnel__report[aria-busy="true"]');
      const now = await funnelFigures(page);
      return !busy && now.length > 0 && now.join() !== before.join();
    },
    async () => `${before.join()} → ${(await funnelFigures(page)).join()}`,
  );
  await keys.settled('the new figures');

  // A card's contacts (Enter), then their CSV export (Enter): the file arrives.
  await keys.tabTo('.ic-stat-card__button', { name: 'Qualified Leads' });
  await keys.press('Enter');
  await page.waitForSelector('.ic-contacts-table tbody tr', { timeout: TIMEOUT });
  await keys.tabTo('.ic-export-buttons__button', { name: 'Export CSV' });
  await keys.press('Enter');
  await until(
    'the CSV download',
    async () => readdirSync(downloads).some((name) => name.endsWith('.csv')),
    async () => readdirSync(downloads).join(', '),
  );
  await keys.settled('the export');
  const file = readdirSync(downloads).find((name) => name.endsWith('.csv'))!;
  const csv = readFileSync(join(downloads, file), 'utf8');
  expect(csv).toContain('Google Ads');
  expect(csv).not.toContain('Facebook');
}

/** Saves the context's downloads into a fresh folder (the page's own CDP session). */
async function allowDownloads(context: BrowserContext, page: Page): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'intake-keyboard-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: dir,
    browserContextId: (context as unknown as { id?: string }).id,
  });
  return dir;
}

// -- journeys --

describe('keyboard-only journeys (issue #30 "Accessible everywhere")', () => {
  it('an agent takes an incoming call and completes the intake without a mouse', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    // What the page said and where it went, for a failure's message.
    const story: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn') {
        story.push(`${message.type()}: ${message.text().slice(0, 200)}`);
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) {
        story.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) story.push(`navigated: ${frame.url()}`);
    });
    try {
      await signInToApp(page, suite.server.url, AGENT);
      await until(
        "the agent's socket",
        async () => (await suite.server.userSocketCount(demoUserId(AGENT))) > 0,
        async () => 'no socket',
      );
      // The landing page drawn (its first key must find the skip link).
      await page.waitForSelector('.ic-app__skip-link');
      await page.waitForSelector('main h1', { timeout: TIMEOUT });
      await agentJourney(page, new Date(Date.now() - 1000).toISOString());
    } catch (error) {
      const said = story.slice(-15).join('\n  ');
      throw new Error(`${(error as Error).message}\nstep: ${await stepTitle(page)}\n  ${said}`, {
        cause: error,
      });
    } finally {
      await context.close();
    }
  }, 150_000);

  it('a manager opens the cockpit cards, filters the funnel and exports without a mouse', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    const downloads = await allowDownloads(context, page);
    try {
      await signInToApp(page, suite.server.url, MANAGER);
      await page.waitForFunction(() => location.pathname === '/app/dashboards/cockpit', {
        timeout: TIMEOUT,
      });
      await managerJourney(page, downloads);
    } finally {
      await context.close();
      rmSync(downloads, { recursive: true, force: true });
    }
  }, 120_000);
});
