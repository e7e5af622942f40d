import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionHistoryListResponseSchema } from '@/shared/contracts/call-flow-api';
import {
  demoUserId,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  openCrmTab,
  PANEL_SELECTOR,
  setServerAddress,
  signInThroughPopup,
  startServer,
  waitForPanel,
  widgetText,
  type ExtensionBrowser,
  type RunningServer,
  until,
} from '../harness';
import { clickDialogButton, wizardStep } from '../harness/calls';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';

// Issue #28, the chaos suite: an agent's call under the ordinary events that broke it, with
// the production extension in Chromium, the real server and its simulated provider, two
// fixture Keap tabs. Each test asserts what the agent sees:
// 1. the caller hangs up: the call's end reaches every tab, its intake is kept
//    (partial-complete) and nothing is hung up at the provider;
// 2. the server killed for 90 s while the browser stops the worker: the next call reaches
//    the focused CRM tab within 10 s of the server being back, with no tab reload;
// 3. a graceful restart (the server's own disconnect): the same.
// The latencies are printed; npm run bench:calls measures them properly.

const AGENT = 'intake@harbor.test';
const AGENT_ID = demoUserId(AGENT);
const OWNER = 'owner@harbor.test';
const WORKSPACE = 'ws_harbor';
const LEAD = { leadName: 'Dana Reyes', phone: '+1 512 555 0147' };
const keapUrl = (id: number) =>
  `https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=${id}`;
const CALL_FLOW = [PANEL_SELECTOR, 'intake-call-flow'] as const;
const FIRST_STEP = 'Caller information';
const TIMEOUT = 20_000;
/** issue #28: the next call reaches the focused CRM tab within 10 s of the server being back. */
const BACK_WITHIN_MS = 10_000;
/** issue #28: "after a server killed for 90 s". */
const OUTAGE_MS = 90_000;

let server: RunningServer;
let ext: ExtensionBrowser;
let ownerToken: string;
let tabA: Page;
let tabB: Page;

const screenOf = async (page: Page) =>
  `<intake-call-flow> "${(await widgetText(page, 'intake-call-flow')).slice(0, 400)}"`;

/** Places a test call and waits for its first step in the focused tab A; answers the call id. */
async function ringAndWaitInA(timeout = TIMEOUT): Promise<{ callId: string; ms: number }> {
  const placed = Date.now();
  const call = await server.placeTestCall({ username: AGENT, ...LEAD });
  await until(
    `the first step of call ${call.id} in tab A`,
    async () => (await wizardStep(tabA)) === FIRST_STEP,
    () => screenOf(tabA),
    timeout,
  );
  return { callId: call.id, ms: Date.now() - placed };
}

async function historyStatus(callStartedAfter: string): Promise<string[]> {
  const response = await fetch(
    `${server.url}/call-center/workspaces/${WORKSPACE}/process-execution-history?page[limit]=20`,
    { headers: { authorization: `Bearer ${ownerToken}` } },
  );
  const body = executionHistoryListResponseSchema.parse(await response.json());
  return body.data
    .filter((history) => history.userId === AGENT_ID && history.startTime >= callStartedAfter)
    .map((history) => history.status);
}

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, AGENT);
  ownerToken = await server.signIn(OWNER);
  const open = (url: string) => openCrmPage(ext.browser, url, { allowOrigins: [server.url] });
  ({ page: tabA } = await openCrmTab(ext, () => open(keapUrl(22345))));
  ({ page: tabB } = await openCrmTab(ext, () => open(keapUrl(22346))));
  await Promise.all([waitForPanel(tabA, TIMEOUT), waitForPanel(tabB, TIMEOUT)]);
  await tabA.bringToFront();
});

afterAll(async () => {
  await ext?.close();
  await server?.stop();
});

describe('an agent’s call under ordinary events (issue #28)', () => {
  it('the caller hangs up: every tab says so, the intake is kept, nothing is hung up', async () => {
    const since = new Date().toISOString();
    const { callId } = await ringAndWaitInA();
    // B shows the same call.
    await until(
      'the call in tab B',
      async () => (await widgetText(tabB, 'intake-call-flow')).includes(LEAD.leadName),
      () => screenOf(tabB),
    );

    const hungUp = Date.now();
    const ended = await server.callerHangUp(callId);
    expect(ended).toMatchObject({ id: callId, endedBy: 'caller' });
    const reached: number[] = [];
    for (const [name, page] of [
      ['A', tabA],
      ['B', tabB],
    ] as const) {
      await until(
        `"The caller hung up" in tab ${name}`,
        async () => (await widgetText(page, 'intake-call-flow')).includes('The caller hung up'),
        () => screenOf(page),
      );
      reached.push(Date.now() - hungUp);
    }
    console.info(`caller hang-up shown in both tabs after ${Math.max(...reached)} ms`);
    // The wizard is gone from A (finished, not left on a dead form).
    await until(
      'no step in tab A',
      async () => (await wizardStep(tabA)) === null,
      () => screenOf(tabA),
    );
    // The intake is kept as partial-complete: one history for the call.
    await until(
      'the partial-complete history',
      async () => (await historyStatus(since)).join() === 'partial-complete',
      async () => JSON.stringify(await historyStatus(since)),
    );
  });

  it('a second call waits in every tab; taken, the first ends (partial) and the second’s intake opens', async () => {
    const since = new Date().toISOString();
    const { callId: firstId } = await ringAndWaitInA();
    const second = await server.placeTestCall({
      username: AGENT,
      leadName: 'Omar Aziz',
      phone: '+1 512 555 0143',
    });
    try {
      for (const [name, page] of [
        ['A', tabA],
        ['B', tabB],
      ] as const) {
        await until(
          `the waiting call in tab ${name}`,
          async () =>
            (await widgetText(page, 'intake-call-flow')).includes('Call waiting: Omar Aziz'),
          () => screenOf(page),
        );
      }
      // The first call's intake is untouched meanwhile.
      expect(await wizardStep(tabA)).toBe(FIRST_STEP);
      // And the waiting card is on screen, though it came above the intake the panel had
      // scrolled to (the browser's scroll anchoring kept it out of sight).
      await until(
        'the waiting card on screen in tab A',
        async () =>
          (await evaluateInShadowRoot(tabA, CALL_FLOW, (root) => {
            const box = root.querySelector('[data-testid="waiting-call"]')?.getBoundingClientRect();
            return !!box && box.top >= 0 && box.bottom <= innerHeight;
          })) === true,
        () => screenOf(tabA),
      );
      await evaluateInShadowRoot(tabA, CALL_FLOW, (root) => {
        const button = [
          ...root.querySelectorAll<HTMLButtonElement>('[data-testid="waiting-call"] button'),
        ].find((candidate) => candidate.textContent?.trim() === 'Hang up and take');
        button?.click();
      });
      await until(
        'the confirm, answered',
        () => clickDialogButton(tabA, CALL_FLOW, 'Hang up and take'),
        () => screenOf(tabA),
      );
      await until(
        'the second call’s intake in tab A',
        async () =>
          (await wizardStep(tabA)) === FIRST_STEP &&
          (await evaluateInShadowRoot(
            tabA,
            CALL_FLOW,
            (root) => root.querySelector<HTMLInputElement>('[name="firstName"]')?.value ?? '',
          )) === 'Omar',
        () => screenOf(tabA),
      );
      await until(
        'the waiting card gone from tab B',
        async () => !(await widgetText(tabB, 'intake-call-flow')).includes('Call waiting'),
        () => screenOf(tabB),
      );
      // The first call ended by the agent, its intake kept as partial-complete.
      await until(
        'the first call’s history partial-complete',
        async () => (await historyStatus(since)).includes('partial-complete'),
        async () => JSON.stringify(await historyStatus(since)),
      );
    } finally {
      await server.callerHangUp(second.id).catch(() => undefined);
      await server.callerHangUp(firstId).catch(() => undefined);
    }
  });

  it('after the server was killed for 90 s and the worker stopped, the next call rings within 10 s', async () => {
    await server.restart({
      whileDown: async () => {
        // The browser recycles the idle worker during the outage (the tabs' ports wake a
        // new one, which must know its session and workspace from storage alone).
        await ext.stopWorker();
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      },
    });
    const { callId, ms } = await ringAndWaitInA(BACK_WITHIN_MS);
    console.info(`server back after ${OUTAGE_MS / 1000} s down: first call shown after ${ms} ms`);
    await server.callerHangUp(callId);
  }, 180_000);

  it('after a graceful restart the next call rings within 10 s', async () => {
    await server.restart({
      graceful: true,
      whileDown: () => new Promise((resolve) => setTimeout(resolve, 5000)),
    });
    const { callId, ms } = await ringAndWaitInA(BACK_WITHIN_MS);
    console.info(`server back after a graceful restart: first call shown after ${ms} ms`);
    await server.callerHangUp(callId);
  }, 60_000);
});
