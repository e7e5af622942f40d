import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import { until } from './harness/until';

// issue #28 "Prefill and fold": an incoming call opens the automated intake in the app
// (no extension) with ONE caller card (the call's card heads the flow; no second header
// repeats the caller), and the first step's first field is within the first screen,
// without scrolling, at 1366×900 in light and dark, and at 800 px wide.

const AGENT = 'intake@harbor.test';
const LEAD = { leadName: 'Dana Reyes', phone: '+1 512 555 0147' };
const FIRST_STEP = 'Caller information';
const TIMEOUT = 20_000;
/** Where screenshots go when asked (FOLD_SHOTS_DIR): outside the repository. */
const SHOTS_DIR = process.env.FOLD_SHOTS_DIR;

const suite = appSuite();

/** What the intake screen shows above its first field, measured in the page. */
interface Fold {
  innerHeight: number;
  scrollY: number;
  /** The first field of the step's form (its box relative to the viewport). */
  field: { name: string; top: number; bottom: number } | null;
  /** Elements that name the caller as a card or header. */
  callerCards: string[];
  walkInHeaders: number;
  timer: string | null;
  hangUp: boolean;
}

function measureFold(page: Page): Promise<Fold> {
  return page.evaluate(() => {
    const field = document.querySelector<HTMLElement>(
      '.ic-step-form input:not([type="hidden"]), .ic-step-form select, .ic-step-form textarea',
    );
    const box = field?.getBoundingClientRect();
    const card = document.querySelector('.ic-active-call');
    return {
      innerHeight: window.innerHeight,
      scrollY: window.scrollY,
      field:
        field && box
          ? { name: field.getAttribute('name') ?? '', top: box.top, bottom: box.bottom }
          : null,
      callerCards: [...document.querySelectorAll('.ic-active-call, .ic-call-flow__caller')].map(
        (element) => element.getAttribute('aria-label') ?? '',
      ),
      walkInHeaders: document.querySelectorAll('.ic-call-flow__caller').length,
      timer: card?.querySelector('[role="timer"]')?.textContent ?? null,
      hangUp: [...(card?.querySelectorAll('button') ?? [])].some(
        (button) => button.textContent?.trim() === 'Hang up',
      ),
    };
  });
}

const SCREENS = [
  { name: 'app-1366x900-light', width: 1366, height: 900, dark: false },
  { name: 'app-1366x900-dark', width: 1366, height: 900, dark: true },
  { name: 'app-800x900-light', width: 800, height: 900, dark: false },
] as const;

describe('one caller card and the first field in the first screen (issue #28)', () => {
  for (const screen of SCREENS) {
    it(`at ${screen.width}×${screen.height}${screen.dark ? ', dark' : ''}`, async () => {
      const { context, page } = await freshAppPage(suite.chromium.browser);
      let callId: string | null = null;
      try {
        await page.setViewport({ width: screen.width, height: screen.height });
        await page.emulateMediaFeatures([
          { name: 'prefers-color-scheme', value: screen.dark ? 'dark' : 'light' },
        ]);
        await signInToApp(page, suite.server.url, AGENT);
        // The app hears calls on its socket: the workspace's live count says it is connected.
        await page.waitForSelector('[data-testid="live-calls"]', { timeout: TIMEOUT });
        if (screen.dark) {
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        }

        callId = (await suite.server.placeTestCall({ username: AGENT, ...LEAD })).id;
        await until(
          `the first step "${FIRST_STEP}" of the call's intake`,
          () =>
            page.evaluate(
              (title) =>
                document.querySelector('.ic-call-flow__step-title')?.textContent === title &&
                !document.querySelector('.ic-call-flow[aria-busy="true"]') &&
                document.querySelector('.ic-active-call') !== null,
              FIRST_STEP,
            ),
          () => page.evaluate(() => document.body.innerText.slice(0, 600)),
        );
        // Let the prefill and fonts settle before measuring.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        const fold = await measureFold(page);
        if (SHOTS_DIR) {
          mkdirSync(SHOTS_DIR, { recursive: true });
          await page.screenshot({ path: join(SHOTS_DIR, `${screen.name}.png`) });
        }
        // One card names the caller: the call's, heading its flow; no walk-in header too.
        expect(fold.callerCards).toEqual([`Incoming call: ${LEAD.leadName}`]);
        expect(fold.walkInHeaders).toBe(0);
        expect(fold.timer).toMatch(/^\d+:\d\d$/);
        expect(fold.hangUp).toBe(true);
        // The first field, whole, within the first screen, nothing scrolled.
        expect(fold.scrollY).toBe(0);
        expect(fold.field?.name).toBe('firstName');
        expect(fold.field!.top).toBeGreaterThanOrEqual(0);
        expect(fold.field!.bottom).toBeLessThanOrEqual(fold.innerHeight);
      } finally {
        if (callId) await suite.server.callerHangUp(callId).catch(() => undefined);
        await context.close();
      }
    }, 90_000);
  }
});
