import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';

// Issue #5: the manager cockpit in a real Chromium against the real server and the
// built app — the first card opens by itself, each card opens in turn, a new range
// changes the numbers, warnings are dismissed until none remain, and locked modules
// show their upgrade texts.

const suite = appSuite();

const CARDS = ['Lead Flow', 'Sales Performance', 'Communications', 'Cash Flow'] as const;

const freshPage = () => freshAppPage(suite.chromium.browser);

/** Signs in as a manager, whose landing page is the cockpit. */
async function signInToCockpit(page: Page, username: string): Promise<void> {
  await signInToApp(page, suite.server.url, username);
  await page.waitForFunction(() => location.pathname === '/app/dashboards/cockpit', {
    timeout: 15_000,
  });
  await page.waitForSelector('button[aria-controls][aria-expanded]');
}

/** The state of a card's disclosure button, found by its title. */
function cardState(page: Page, title: string) {
  return page.evaluate((name) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('button[aria-controls]')].find(
      (node) => node.querySelector('.ic-cockpit-card__title')?.textContent === name,
    );
    if (!button) return null;
    const region = document.getElementById(button.getAttribute('aria-controls') ?? '');
    return {
      expanded: button.getAttribute('aria-expanded') === 'true',
      summary: button.querySelector('.ic-cockpit-card__summary')?.textContent ?? '',
      status: button.querySelector('.ic-status-light')?.textContent ?? '',
      text: region && !region.hidden ? (region.textContent ?? '') : '',
      busy: region?.getAttribute('aria-busy') === 'true',
    };
  }, title);
}

async function waitForCard(
  page: Page,
  title: string,
  check: (state: NonNullable<Awaited<ReturnType<typeof cardState>>>) => boolean,
  timeout = 15_000,
) {
  const started = Date.now();
  for (;;) {
    const state = await cardState(page, title);
    if (state && check(state)) return state;
    if (Date.now() - started > timeout) {
      throw new Error(`${title} never reached the expected state: ${JSON.stringify(state)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function clickCard(page: Page, title: string) {
  await page.evaluate((name) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('button[aria-controls]')].find(
      (node) => node.querySelector('.ic-cockpit-card__title')?.textContent === name,
    );
    button?.click();
  }, title);
}

const loaded = (state: { summary: string; busy: boolean }) =>
  !state.busy && /\d/.test(state.summary);

describe('the manager cockpit (spec: dashboards 2.3, 2.4, 4, 5)', () => {
  it('as owner@lakeside.test: opens by itself, opens each card, follows the range, clears warnings', async () => {
    const { context, page } = await freshPage();
    try {
      await signInToCockpit(page, 'owner@lakeside.test');

      // The first card opens by itself (after about 700 ms) and loads.
      const leadFlow = await waitForCard(
        page,
        'Lead Flow',
        (state) => state.expanded && state.text.includes('Selected lead source'),
      );
      expect(leadFlow.text).toMatch(/Min/);

      // Each card in turn: it opens, the others close, and it shows its data.
      const expected: Record<(typeof CARDS)[number], string> = {
        'Lead Flow': 'Selected lead source',
        'Sales Performance': 'Outbound Sales',
        Communications: 'Inbound Coverage',
        'Cash Flow': 'Who Missed?',
      };
      for (const title of [...CARDS.slice(1), CARDS[0]]) {
        await clickCard(page, title);
        await waitForCard(
          page,
          title,
          (state) => state.expanded && state.text.includes(expected[title]),
        );
        for (const other of CARDS.filter((name) => name !== title)) {
          expect((await cardState(page, other))?.expanded).toBe(false);
        }
      }

      // A new range reloads every card with other numbers.
      const before = await Promise.all(CARDS.map((title) => waitForCard(page, title, loaded)));
      const start = await page.$('input[placeholder="MM/DD/YYYY"]');
      await start!.click({ count: 3 });
      await page.keyboard.press('Backspace');
      // 45 days before the end date shown (the workspace's today).
      const endText = await page.$$eval(
        'input[placeholder="MM/DD/YYYY"]',
        (inputs) => (inputs[1] as HTMLInputElement).value,
      );
      const [month, day, year] = endText.split('/').map(Number);
      const earlier = new Date(Date.UTC(year, month - 1, day) - 45 * 86_400_000);
      const text = `${String(earlier.getUTCMonth() + 1).padStart(2, '0')}/${String(earlier.getUTCDate()).padStart(2, '0')}/${earlier.getUTCFullYear()}`;
      await start!.type(text);
      const after = await Promise.all(
        CARDS.map((title, index) =>
          waitForCard(
            page,
            title,
            (state) => loaded(state) && state.summary !== before[index].summary,
          ),
        ),
      );
      expect(after.map((state) => state.summary)).not.toEqual(before.map((state) => state.summary));

      // The banner: dismiss warnings (newest two visible) until none remain.
      await page.waitForFunction(
        () =>
          document.querySelector('[aria-label="System status"]')?.getAttribute('data-state') !==
          'loading',
        { timeout: 15_000 },
      );
      let dismissed = 0;
      for (;;) {
        const button = await page.$('button[aria-label^="Dismiss warning: "]');
        if (!button) break;
        const visible = await page.$$eval('.ic-system-status__item', (items) => items.length);
        expect(visible).toBeLessThanOrEqual(2);
        await button.click();
        dismissed += 1;
        expect(dismissed).toBeLessThan(60);
      }
      await page.waitForFunction(
        () => document.body.textContent?.includes('All warnings have been acknowledged.'),
        { timeout: 10_000 },
      );
      expect(dismissed).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('as owner@summit.test: shows the upgrade texts of its locked modules', async () => {
    const { context, page } = await freshPage();
    try {
      await signInToCockpit(page, 'owner@summit.test');
      await clickCard(page, 'Sales Performance');
      const sales = await waitForCard(page, 'Sales Performance', (state) => state.expanded);
      expect(sales.text).toContain('Upgrade your CRM to unlock this feature!');
      expect(sales.text).toContain('Ask your sales rep for more information.');
      expect(sales.status).toContain('Locked');

      await clickCard(page, 'Cash Flow');
      const cash = await waitForCard(page, 'Cash Flow', (state) => state.expanded);
      expect(cash.text).toContain('QuickBooks helps to monitor your cash flow!');
      expect(cash.text).toContain('Ask your sales rep for more information.');

      // Communications is unlocked for Summit and loads.
      await clickCard(page, 'Communications');
      const communications = await waitForCard(
        page,
        'Communications',
        (state) => state.expanded && state.text.includes('Inbound Coverage'),
      );
      expect(communications.status).not.toContain('Locked');
    } finally {
      await context.close();
    }
  });
});
