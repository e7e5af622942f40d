import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_SECONDS } from '@/server/auth/tokens';
import { en } from '@/shared/i18n/en';
import { decodeStored } from '@/shared/session/encoding';
import {
  callCenterPaths,
  parkedExecutionListResponseSchema,
  stepDraftResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import { fieldValue, setField, waitForStep } from './harness/app-wizard';
import { until } from './harness/until';

// Issue #28 finding 7 "A sign-out loses typed answers": as intake@harbor.test in the built
// app against the real server, type answers in the wizard, lose the session to a failed
// refresh (the server's clock moved past the refresh token's life, so the next call's 401
// is followed by a refresh the server refuses), sign in again and find the answers back.

/** The server's clock: a month on, every token of the session has expired. */
let serverTime = Date.now();
const suite = appSuite({ now: () => new Date(serverTime) });

const STEP_TIMEOUT = 20_000;

/** The stored session's tokens (spec 3: the encoded user in localStorage). */
async function storedTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const raw = await page.evaluate(() => localStorage.getItem('user'));
  return decodeStored(raw ?? '') as { accessToken: string; refreshToken: string };
}

/** The execution the wizard runs (spec 3 Session state, in the tab's sessionStorage). */
async function executionOnScreen(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('call-flow-state'));
    const state = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as object) : {};
    return (state as { processExecutionHistoryId?: string }).processExecutionHistoryId ?? null;
  });
  if (!id) throw new Error('No call flow runs in this tab');
  return id;
}

/** Waits until the server's draft of the step holds `text` (saved a second after typing). */
async function waitForServerDraft(
  token: string,
  executionId: string,
  stepId: string,
  text: string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await fetch(
      `${suite.server.url}/call-center/${callCenterPaths.stepDraft(executionId, stepId)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const draft = stepDraftResponseSchema.safeParse(await answer.json());
    if (draft.success && JSON.stringify(draft.data.data?.values ?? {}).includes(text)) return;
    if (Date.now() > deadline) throw new Error(`The server never held the draft "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('typed answers survive a sign-out (issue #28 finding 7)', () => {
  it('brings the answers back after a failed refresh signs the agent out and in again', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, suite.server.url, 'intake@harbor.test');
      await page.goto(`${suite.server.url}/app/automated-intake`);
      const start = await page.waitForSelector(
        'button[aria-label="Start Personal Injury intake"]',
        { timeout: STEP_TIMEOUT },
      );
      await start!.click();
      await page.waitForSelector('[role="dialog"] input[name="leadName"]');
      await page.type('[role="dialog"] input[name="leadName"]', 'Dana Reyes');
      await page.type('[role="dialog"] input[name="phone"]', '5125550147');
      await page.click('[role="dialog"] button[type="submit"]');
      await waitForStep(page, 'Caller information');
      await page.waitForFunction(() => !location.search.includes('incomingCall'));

      await setField(page, 'firstName', 'Dana');
      await setField(page, 'lastName', 'Reyes-Typed');
      await setField(page, 'email', 'dana.typed@example.com');
      const executionId = await executionOnScreen(page);
      const tokens = await storedTokens(page);
      const stepId = 'pi-caller';
      await waitForServerDraft(tokens.accessToken, executionId, stepId, 'dana.typed@example.com');

      // The session dies: a month passes on the server, so the next call answers 401 and
      // the refresh that follows (PATCH auth) fails; the app signs the agent out.
      const refreshes: number[] = [];
      page.on('response', (response) => {
        const request = response.request();
        if (request.method() === 'PATCH' && new URL(response.url()).pathname === '/api/auth') {
          refreshes.push(response.status());
        }
      });
      serverTime += REFRESH_TOKEN_TTL_SECONDS * 1000 + 60_000;
      await page.goto(`${suite.server.url}/app/dashboards/agent`);
      await page.waitForFunction(() => location.pathname === '/login', { timeout: STEP_TIMEOUT });
      await page.waitForFunction(
        (text) => document.body.innerText.includes(text),
        { timeout: STEP_TIMEOUT },
        en.AUTH_PATCH_ERROR,
      );
      await until(
        'a failed refresh',
        async () => refreshes.some((status) => status >= 400),
        async () => `refreshes answered ${JSON.stringify(refreshes)}`,
      );
      // The device's copies went with the sign-out (shared computers).
      expect(
        await page.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.includes('call-flow-draft')),
        ),
      ).toEqual([]);

      // Signed in again: the same step, with what was typed.
      await signInToApp(page, suite.server.url, 'intake@harbor.test');
      await page.goto(`${suite.server.url}/app/automated-intake`);
      await waitForStep(page, 'Caller information');
      await page.waitForFunction(
        () =>
          (document.querySelector('.ic-step-form [name="email"]') as HTMLInputElement | null)
            ?.value === 'dana.typed@example.com',
        { timeout: 10_000 },
      );
      expect(await fieldValue(page, 'firstName')).toBe('Dana');
      expect(await fieldValue(page, 'lastName')).toBe('Reyes-Typed');
    } finally {
      await context.close();
    }
  }, 120_000);
});

/** Waits until the server lists the execution as an open (unfinished) intake of the agent. */
async function waitForOpenIntake(token: string, executionId: string): Promise<void> {
  await until(
    'the server keeps the open intake',
    async () => {
      const answer = await fetch(
        `${suite.server.url}/call-center/${callCenterPaths.workspaceParkedExecutions('ws_harbor')}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const list = parkedExecutionListResponseSchema.safeParse(await answer.json());
      return (
        list.success &&
        list.data.data.some(
          (item) =>
            item.executionId === executionId &&
            item.kind === 'open' &&
            item.stepTitle === 'Caller information',
        )
      );
    },
    async () => `no open intake ${executionId}`,
  );
}

describe('unfinished intakes on another computer (issue #28 finding 7, second profile)', () => {
  it('resumes on a fresh browser profile the intake typed on another, at the same step with the typed values', async () => {
    const a = await freshAppPage(suite.chromium.browser);
    const b = await freshAppPage(suite.chromium.browser);
    try {
      // Computer A: an intake is started and answers typed on its first step.
      await signInToApp(a.page, suite.server.url, 'intake@harbor.test');
      await a.page.goto(`${suite.server.url}/app/automated-intake`);
      const start = await a.page.waitForSelector(
        'button[aria-label="Start Personal Injury intake"]',
        { timeout: STEP_TIMEOUT },
      );
      await start!.click();
      await a.page.waitForSelector('[role="dialog"] input[name="leadName"]');
      await a.page.type('[role="dialog"] input[name="leadName"]', 'Sam Second');
      await a.page.type('[role="dialog"] input[name="phone"]', '5125550188');
      await a.page.click('[role="dialog"] button[type="submit"]');
      await waitForStep(a.page, 'Caller information');
      await setField(a.page, 'lastName', 'Second-Typed');
      await setField(a.page, 'email', 'sam.second@example.com');
      const executionId = await executionOnScreen(a.page);
      const tokens = await storedTokens(a.page);
      await waitForServerDraft(
        tokens.accessToken,
        executionId,
        'pi-caller',
        'sam.second@example.com',
      );
      await waitForOpenIntake(tokens.accessToken, executionId);

      // Computer B (a fresh profile: no storage at all): the intake is listed, and resumes.
      await signInToApp(b.page, suite.server.url, 'intake@harbor.test');
      await b.page.goto(`${suite.server.url}/app/automated-intake`);
      const row = `[data-testid="parked-walk-ins"] li[data-execution="${executionId}"]`;
      await b.page.waitForSelector(row, { timeout: STEP_TIMEOUT });
      const text = await b.page.$eval(row, (element) => (element as HTMLElement).innerText);
      expect(text).toContain('Sam Second');
      expect(text).toContain('Not finished — left on another computer or signed out');
      expect(text).toContain('Caller information');
      expect(text).toContain('May be open in another tab or computer');
      await b.page.click(`${row} button`);
      await waitForStep(b.page, 'Caller information');
      await b.page.waitForFunction(
        () =>
          (document.querySelector('.ic-step-form [name="email"]') as HTMLInputElement | null)
            ?.value === 'sam.second@example.com',
        { timeout: 10_000 },
      );
      expect(await fieldValue(b.page, 'lastName')).toBe('Second-Typed');
      expect(await executionOnScreen(b.page)).toBe(executionId);

      // Back on computer A: its wizard checks in, hears that B took the intake (409) and
      // lets it go without ending it, so two wizards never go on with one intake.
      // Headless Chromium keeps every page focused and visible, so the agent's return to
      // A's window is delivered as the browser delivers it: the window's focus event.
      await a.page.bringToFront();
      await a.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await a.page.waitForFunction(() => !document.querySelector('.ic-call-flow__step-title'), {
        timeout: 10_000,
      });
      await b.page.bringToFront();
      await waitForStep(b.page, 'Caller information');
      expect(await fieldValue(b.page, 'lastName')).toBe('Second-Typed');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 120_000);
});
