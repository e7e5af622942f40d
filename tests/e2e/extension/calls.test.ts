import type { Dialog, ElementHandle, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTM_NOT_LINKED_MESSAGE, type TrackedCall } from '@/shared/contracts/call-tracking';
import { executionHistoryListResponseSchema } from '@/shared/contracts/call-flow-api';
import {
  CALL_DIALOGS_SELECTOR,
  CALL_FLOW_HOSTS,
  confirmHangUp,
  HANG_UP_PILL,
  wizardStep,
  callButtons,
  callDiagnostics,
  callFlowValues,
  clickDialogButton,
  deepQuery,
  demoUserId,
  dialogText,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  PANEL_SELECTOR,
  panelScreen,
  setFieldInPanel,
  setServerAddress,
  signInThroughPopup,
  signOutThroughPopup,
  startServer,
  openCrmTab,
  waitForPanel,
  widgetText,
  type ExtensionBrowser,
  type RunningServer,
  until,
} from '../harness';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';

// Issue #13 Tests, end to end: the production extension in Chromium, the real server and
// its simulated call-tracking provider, fixture Keap pages. As intake@harbor.test: an
// incoming call opens the wizard in the focused CRM tab only, the intake continues in the
// other tab with the same step and values, closing the last tab showing the live call asks
// first, the wizard survives a stopped worker and a reload, hang-up ends the call in every
// tab and at the provider; click-to-call from a Keap number places a call; as
// agent@harbor.test (no call-tracking user) the same click says 'Uh oh!'.

const AGENT = 'intake@harbor.test';
const AGENT_ID = demoUserId(AGENT);
const UNLINKED_AGENT = 'agent@harbor.test';
const OWNER = 'owner@harbor.test';
const WORKSPACE = 'ws_harbor';
const LEAD = { leadName: 'Dana Reyes', phone: '+1 512 555 0147' };
/** Three Keap contact tabs (the fixture answers any contact id). */
const keapUrl = (id: number) =>
  `https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=${id}`;
/** The Keap fixture's mobile number and contact (tests/e2e/fixtures/keap-contact.html). */
const KEAP_PHONE = '(312) 555-0142';
const KEAP_NAME = 'John Smith';
const TIMEOUT = 20_000;
const CALL_FLOW = CALL_FLOW_HOSTS;
const FIRST_STEP = 'Caller information';
const SECOND_STEP = 'The accident';
const DESCRIPTION = 'Slipped on the wet stairs of the parking garage.';

let server: RunningServer;
let ext: ExtensionBrowser;
let agentToken: string;
let ownerToken: string;
let tabA: Page;
let tabB: Page;
let tabC: Page;
let idA: number;
let idB: number;
let callId: string;

const open = (url: string) => openCrmPage(ext.browser, url, { allowOrigins: [server.url] });

async function waitForStep(page: Page, title: string, tab: string): Promise<void> {
  await until(
    `step "${title}" in tab ${tab}`,
    async () => (await wizardStep(page)) === title,
    () => panelScreen(page),
  );
}

async function fieldValue(page: Page, name: string): Promise<string | null> {
  return evaluateInShadowRoot(
    page,
    CALL_FLOW,
    (root, fieldName) =>
      root.querySelector<HTMLInputElement>(`.ic-step-form [name="${fieldName}"]`)?.value ?? null,
    name,
  );
}

/** An element inside the call-flow widget or the panel, as a handle for trusted input. */
async function handleIn(page: Page, selector: string, what: string): Promise<ElementHandle> {
  let handle: ElementHandle | null = null;
  await until(
    what,
    async () => (handle = await deepQuery(page, selector)) !== null,
    () => panelScreen(page),
  );
  return handle!;
}

const hasHangUpPill = async (page: Page) => (await deepQuery(page, HANG_UP_PILL)) !== null;

async function getTrackedCall(id: string): Promise<TrackedCall> {
  const response = await fetch(
    `${server.url}/call-center/workspaces/${WORKSPACE}/ctm/calls/${encodeURIComponent(id)}`,
    { headers: { authorization: `Bearer ${agentToken}` } },
  );
  if (response.status !== 200) throw new Error(`GET ctm/calls/${id}: ${response.status}`);
  return ((await response.json()) as { data: TrackedCall }).data;
}

/** The workspace's execution history ids (newest first), as the owner lists them. */
async function executionHistoryIds(): Promise<string[]> {
  const response = await fetch(
    `${server.url}/call-center/workspaces/${WORKSPACE}/process-execution-history?page[limit]=100`,
    { headers: { authorization: `Bearer ${ownerToken}` } },
  );
  expect(response.status).toBe(200);
  const body = executionHistoryListResponseSchema.parse(await response.json());
  return body.data.filter((history) => history.userId === AGENT_ID).map((history) => history.id);
}

/** Closes a page running its beforeunload; answers the dialog it raised, if any. */
/**
 * Whether the page's window has a beforeunload listener in any of its worlds (the panel's
 * guard is the content script's, which DevTools lists only from that world's window).
 */
async function guardsUnload(page: Page): Promise<boolean> {
  const cdp = await page.createCDPSession();
  try {
    const contexts: number[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context.id));
    await cdp.send('Runtime.enable');
    for (const contextId of contexts) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window', contextId });
      if (!result.objectId) continue;
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
        objectId: result.objectId,
      });
      if (listeners.some((listener) => listener.type === 'beforeunload')) return true;
    }
    return false;
  } finally {
    await cdp.detach();
  }
}

async function closeAsking(page: Page, answer: 'accept' | 'dismiss'): Promise<Dialog | null> {
  let raised: Dialog | null = null;
  const dialogShown = new Promise<void>((resolve) =>
    page.once('dialog', (dialog) => {
      raised = dialog;
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  await page.close({ runBeforeUnload: true });
  await Promise.race([dialogShown, closed, new Promise((resolve) => setTimeout(resolve, TIMEOUT))]);
  return raised;
}

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, AGENT);
  agentToken = await server.signIn(AGENT);
  ownerToken = await server.signIn(OWNER);
});

afterAll(async () => {
  await ext?.close();
  await server?.stop();
});

describe('calls where the agent works (issue #13)', () => {
  let historiesBefore: string[] = [];

  it('opens an incoming call in the focused Keap tab only', async () => {
    ({ page: tabA, tabId: idA } = await openCrmTab(ext, () => open(keapUrl(12345))));
    ({ page: tabB, tabId: idB } = await openCrmTab(ext, () => open(keapUrl(12346))));
    await Promise.all([waitForPanel(tabA, TIMEOUT), waitForPanel(tabB, TIMEOUT)]);
    await tabA.bringToFront();
    // Both panels told the background they can show the call flow.
    await until(
      'both tabs able to show the call flow',
      async () => {
        const { clients } = await callDiagnostics(ext);
        return [idA, idB].every((id) =>
          clients.some((client) => client.tabId === id && client.canShowCallFlow),
        );
      },
      async () => JSON.stringify((await callDiagnostics(ext)).clients),
    );
    historiesBefore = await executionHistoryIds();

    const placed = await server.placeTestCall({ username: AGENT, ...LEAD });
    callId = placed.id;
    await waitForStep(tabA, FIRST_STEP, 'A');
    expect(await widgetText(tabA, 'intake-call-flow')).toContain(LEAD.leadName);

    const calls = await callDiagnostics(ext);
    expect(calls.call?.callId).toBe(callId);
    expect(calls.lastIncoming).toMatchObject({ callId, place: 'crm-tab' });
    expect(calls.claimedBy).toBe(`crm:${idA}`);
    // B did not start a wizard: one execution history for the call, A's.
    let started: string[] = [];
    await until(
      'the execution history of the call',
      async () => {
        started = (await executionHistoryIds()).filter((id) => !historiesBefore.includes(id));
        return started.length > 0;
      },
      async () => `new histories ${JSON.stringify(started)}`,
    );
    expect(started).toHaveLength(1);
    // B shows the same call (its card), not a wizard of its own.
    await until(
      'the call in B',
      async () => (await widgetText(tabB, 'intake-call-flow')).includes(LEAD.leadName),
      () => panelScreen(tabB),
    );
  });

  it('continues in the other tab at the same step with the values typed so far', async () => {
    await setFieldInPanel(tabA, 'firstName', 'Dana');
    await setFieldInPanel(tabA, 'lastName', 'Reyes');
    await setFieldInPanel(tabA, 'phone', '(512) 555-0147');
    await setFieldInPanel(tabA, 'email', 'dana@example.com');
    // Trusted input (a real click and keystrokes): A then has the user activation a
    // beforeunload prompt needs, so "no prompt" below means the guard held back.
    await (
      await handleIn(
        tabA,
        `${PANEL_SELECTOR} >>> intake-call-flow >>> .ic-call-flow__actions button[type="submit"]`,
        'the Next button in A',
      )
    ).click();
    await waitForStep(tabA, SECOND_STEP, 'A');
    await setFieldInPanel(tabA, 'accidentType', 'slip-and-fall');
    const description = await handleIn(
      tabA,
      `${PANEL_SELECTOR} >>> intake-call-flow >>> .ic-step-form [name="incidentDescription"]`,
      'the description field in A',
    );
    await description.type(DESCRIPTION);
    // The draft reaches the background (the wizard saves a moment after typing).
    await until(
      'the typed draft in the background',
      async () => (await callFlowValues(ext)).includes(DESCRIPTION),
      async () => `A: ${await panelScreen(tabA)}`,
    );

    await tabB.bringToFront();
    await waitForStep(tabB, SECOND_STEP, 'B');
    await until(
      'the typed values in B',
      async () =>
        (await fieldValue(tabB, 'incidentDescription')) === DESCRIPTION &&
        (await fieldValue(tabB, 'accidentType')) === 'slip-and-fall',
      () => panelScreen(tabB),
    );
    // Still the one execution: B continues A's, it did not start its own.
    const started = (await executionHistoryIds()).filter((id) => !historiesBefore.includes(id));
    expect(started).toHaveLength(1);
    expect((await callDiagnostics(ext)).call?.wizard?.executionId).toBe(started[0]);
    // The agent clicks into B (user activation, as for A).
    await (
      await handleIn(
        tabB,
        `${PANEL_SELECTOR} >>> intake-call-flow >>> .ic-step-form [name="incidentDescription"]`,
        'the description field in B',
      )
    ).click();
  });

  it('asks before closing only the last tab that shows the live call', async () => {
    // B shows the call too: closing A asks nothing.
    const fromA = await closeAsking(tabA, 'accept');
    expect(fromA === null ? null : (fromA as Dialog).type()).toBeNull();
    expect(tabA.isClosed()).toBe(true);
    await until(
      "A's port gone from the background",
      async () => !(await callDiagnostics(ext)).clients.some((client) => client.tabId === idA),
      async () => JSON.stringify((await callDiagnostics(ext)).clients),
    );
    // B is now the last once the background has told it so (a message after A's port
    // went): closing it asks; the agent stays.
    await until(
      "B's guard against closing",
      () => guardsUnload(tabB),
      async () => 'no beforeunload listener on B yet',
    );
    const fromB = await closeAsking(tabB, 'dismiss');
    expect(fromB === null ? null : (fromB as Dialog).type()).toBe('beforeunload');
    expect(tabB.isClosed()).toBe(false);
    expect(await tabB.evaluate(() => document.readyState)).toBe('complete');
  });

  it('comes back at the same step with the typed values after a stopped worker and a reload', async () => {
    // A mark in the worker's memory: gone after the stop, so what comes back came from storage.
    await (
      await ext.worker()
    ).evaluate(() => {
      (globalThis as unknown as { __callsTestMark?: boolean }).__callsTestMark = true;
    });
    await ext.stopWorker();
    const dialogs: string[] = [];
    const onDialog = (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    };
    tabB.on('dialog', onDialog);
    try {
      await tabB.reload({ waitUntil: 'domcontentloaded' });
    } finally {
      tabB.off('dialog', onDialog);
    }
    // B was still the last tab showing the live call, stopped worker or not.
    expect(dialogs).toEqual(['beforeunload']);
    await waitForPanel(tabB, TIMEOUT);
    await waitForStep(tabB, SECOND_STEP, 'B (reloaded)');
    await until(
      'the typed values in B after the reload',
      async () =>
        (await fieldValue(tabB, 'incidentDescription')) === DESCRIPTION &&
        (await fieldValue(tabB, 'accidentType')) === 'slip-and-fall',
      () => panelScreen(tabB),
    );
    const worker = await ext.worker();
    expect(
      await worker.evaluate(
        () => (globalThis as unknown as { __callsTestMark?: boolean }).__callsTestMark ?? false,
      ),
    ).toBe(false);
    const calls = await callDiagnostics(ext);
    expect(calls.restored).toBe(true);
    expect(calls.call?.callId).toBe(callId);
    expect(calls.call?.endedAt).toBeNull();
  });

  it('hangs up from the panel header: the call ends in every tab and at the provider', async () => {
    tabC = await open(keapUrl(12347));
    await waitForPanel(tabC, TIMEOUT);
    await until(
      'the live call in C',
      () => hasHangUpPill(tabC),
      () => panelScreen(tabC),
    );
    await tabB.bringToFront();
    await (await handleIn(tabB, HANG_UP_PILL, "B's hang-up pill")).click();
    await confirmHangUp(tabB);
    for (const [name, page] of [
      ['B', tabB],
      ['C', tabC],
    ] as const) {
      await until(
        `no call in ${name}`,
        async () =>
          !(await hasHangUpPill(page)) &&
          (await widgetText(page, 'intake-call-flow')).includes('No call in progress'),
        () => panelScreen(page),
      );
    }
    const call = await getTrackedCall(callId);
    expect(call.endedAt).not.toBeNull();
    expect(['completed', 'no-answer']).toContain(call.status);
    expect((await callDiagnostics(ext)).call).toBeNull();
  });

  it('places a call from a Keap phone number: outcome dialog, stored on the server, live in the panel', async () => {
    await tabC.bringToFront();
    let buttons: Awaited<ReturnType<typeof callButtons>> = [];
    await until(
      `a call button for ${KEAP_PHONE}`,
      async () => (buttons = await callButtons(tabC)).some((b) => b.label.includes(KEAP_PHONE)),
      async () => `buttons ${JSON.stringify(buttons.map((b) => b.label))}`,
    );
    await buttons.find((b) => b.label.includes(KEAP_PHONE))!.button.click();
    const dialogs = [CALL_DIALOGS_SELECTOR];
    const shownDialog = () => dialogText(tabC, dialogs);
    await until(
      'the number picker',
      async () => (await shownDialog()).includes(`Call ${KEAP_NAME}`),
      shownDialog,
    );
    // Call is enabled once the tracking numbers have loaded.
    await until(
      'Call in the number picker',
      () => clickDialogButton(tabC, dialogs, 'Call'),
      shownDialog,
    );
    await until(
      'the outcome dialog',
      async () => (await shownDialog()).includes(`Calling ${KEAP_NAME}`),
      shownDialog,
    );
    expect(await shownDialog()).toContain(
      'Answer your desk phone first, the customer will then be dialled automatically.',
    );
    expect(await clickDialogButton(tabC, dialogs, 'Call')).toBe(true);

    let placedId: string | null = null;
    await until(
      'the outbound call held by the background',
      async () => {
        const { call } = await callDiagnostics(ext);
        placedId = call?.direction === 'outbound' && call.endedAt === null ? call.callId : null;
        return placedId !== null;
      },
      async () => `${await shownDialog()} / ${JSON.stringify((await callDiagnostics(ext)).call)}`,
    );
    const stored = await getTrackedCall(placedId!);
    expect(stored.direction).toBe('outbound');
    expect(stored.toNumber.replace(/\D/g, '')).toMatch(/3125550142$/);
    expect(stored.endedAt).toBeNull();
    await until(
      'the hang-up pill in C',
      () => hasHangUpPill(tabC),
      () => panelScreen(tabC),
    );

    // Clean up: hang it up from the panel.
    await (await handleIn(tabC, HANG_UP_PILL, "C's hang-up pill")).click();
    await confirmHangUp(tabC);
    await until(
      'the outbound call ended',
      async () => (await getTrackedCall(placedId!)).endedAt !== null,
      () => panelScreen(tabC),
    );
  });

  it("says 'Uh oh!' to an agent without a call-tracking user, and places no call", async () => {
    await signOutThroughPopup(ext);
    await signInThroughPopup(ext, UNLINKED_AGENT);
    await waitForPanel(tabC, TIMEOUT);
    let buttons: Awaited<ReturnType<typeof callButtons>> = [];
    await until(
      `a call button for ${KEAP_PHONE}`,
      async () => (buttons = await callButtons(tabC)).some((b) => b.label.includes(KEAP_PHONE)),
      async () => `buttons ${JSON.stringify(buttons.map((b) => b.label))}`,
    );
    await buttons.find((b) => b.label.includes(KEAP_PHONE))!.button.click();
    const shownDialog = () => dialogText(tabC, [CALL_DIALOGS_SELECTOR]);
    await until('Uh oh!', async () => (await shownDialog()).includes('Uh oh!'), shownDialog);
    expect(await shownDialog()).toContain(CTM_NOT_LINKED_MESSAGE);
    expect((await callDiagnostics(ext)).call).toBeNull();
  });
});
