/**
 * `npm run bench:calls` (issue #13 Benchmark; benchmarks, never timed tests). Needs
 * `npm run build`. Server emit of an incoming call → the wizard visible (its first step's
 * title) in the focused CRM tab: the production extension in Chromium, signed in as
 * intake@harbor.test, one Keap fixture tab in front; BENCH_CALLS (default 20) calls placed
 * through the real system route (POST /api/system/test-calls, which emits
 * `incomingCalls::{userId}`). Each is timed from just before the request to the moment the
 * step title shows inside the panel's <intake-call-flow> (a MutationObserver in the
 * widget's shadow root stamps the page clock, the same system clock as here). Between
 * calls the agent hangs up through the panel (pill, confirm) and the call is reset, untimed.
 *
 * Floor, measured in the same run: a socket.io-client in a process of its own, signed in
 * as the same user, receiving the same emit. Prints median, p95 and the ratio of medians,
 * and the split the background's diagnostics allow (`lastIncoming.at` / `decidedAt`):
 * emit → worker, the worker's lookup and decision, decision → wizard visible.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { io as connect, type Socket } from 'socket.io-client';
import { incomingCallEvent, type IncomingCallEvent } from '@/shared/contracts/call-tracking';
import {
  callDiagnostics,
  clickDialogButton,
  deepQuery,
  demoUserId,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  PANEL_SELECTOR,
  setServerAddress,
  signInThroughPopup,
  startServer,
  waitForPanel,
  waitInShadowRoot,
  widgetText,
  type ExtensionBrowser,
  type RunningServer,
} from '../tests/e2e/harness';
import { TEST_PASSWORD_COST } from '../tests/server/helpers/test-server';
import { clock, ratio, summary } from './stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const AGENT = 'intake@harbor.test';
const AGENT_ID = demoUserId(AGENT);
const KEAP_URL = 'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345';
/** The first step of the call's process (the Harbor Personal Injury intake). */
const FIRST_STEP = 'Caller information';
const CALL_FLOW = [PANEL_SELECTOR, 'intake-call-flow'] as const;
const HANG_UP_PILL = `${PANEL_SELECTOR} >>> header [aria-label="Hang up the call"]`;
const TIMEOUT = 20_000;

async function until(what: string, check: () => Promise<boolean>, page?: Page): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) {
      const shown = page ? await widgetText(page, 'intake-call-flow').catch(() => '') : '';
      throw new Error(`Timed out waiting for ${what}; <intake-call-flow> showed: ${shown}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------- the CRM tab

/**
 * Arms a MutationObserver in the call-flow widget's shadow root that stamps the page's
 * Date.now() on the root once the wizard shows `title` (not busy).
 */
async function armStepTitle(page: Page, title: string): Promise<void> {
  const armed = await evaluateInShadowRoot(
    page,
    CALL_FLOW,
    // No named helpers inside: tsx would wrap them in a __name() the page does not have.
    (root, expected) => {
      const slot = root as unknown as { benchSeenAt?: number; benchObserver?: MutationObserver };
      slot.benchObserver?.disconnect();
      delete slot.benchSeenAt;
      const observer = new MutationObserver(() => {
        const shown =
          root.querySelector('.ic-call-flow__step-title')?.textContent === expected &&
          !root.querySelector('.ic-call-flow[aria-busy="true"]');
        if (shown) {
          slot.benchSeenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(root, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      slot.benchObserver = observer;
      return root.querySelector('.ic-call-flow__step-title') === null;
    },
    title,
  );
  if (!armed) throw new Error('The call-flow widget is missing or already shows a step.');
}

async function stepSeenAt(page: Page): Promise<number> {
  let seen: number | null = null;
  await until(
    `"${FIRST_STEP}" in the focused tab`,
    async () =>
      (seen = await evaluateInShadowRoot(
        page,
        CALL_FLOW,
        (root) => (root as unknown as { benchSeenAt?: number }).benchSeenAt ?? null,
      )) !== null,
    page,
  );
  return seen!;
}

/** Hangs the call up through the panel (pill, the wizard's confirm) and waits for no call. */
async function hangUp(ext: ExtensionBrowser, page: Page): Promise<void> {
  let pill = null as Awaited<ReturnType<typeof deepQuery>>;
  await until(
    'the hang-up pill',
    async () => (pill = await deepQuery(page, HANG_UP_PILL)) !== null,
    page,
  );
  await pill!.click();
  await until(
    'the hang-up confirm',
    async () =>
      (await clickDialogButton(page, CALL_FLOW, 'Hang up')) ||
      (await evaluateInShadowRoot(page, [PANEL_SELECTOR], (root) => {
        const button = root.querySelector<HTMLButtonElement>('.hang-up-confirm-submit');
        button?.click();
        return button !== null;
      })) === true,
    page,
  );
  await until('no call in the background', async () => (await callDiagnostics(ext)).call === null);
  await until(
    'no wizard in the tab',
    async () =>
      (await evaluateInShadowRoot(
        page,
        CALL_FLOW,
        (root) => root.querySelector('.ic-call-flow__step-title') === null,
      )) === true,
    page,
  );
}

// ---------------------------------------------------------------- the floor client

type ToFloor = { type: 'connect'; url: string; token: string; event: string };
type FromFloor =
  | { type: 'ready' }
  | { type: 'received'; callId: string; at: number }
  | { type: 'error'; message: string };

/** The child process: one socket.io client of the user, reporting each incoming call. */
function runFloorClient() {
  let socket: Socket | null = null;
  const send = (message: FromFloor) => process.send?.(message);
  process.on('message', (raw) => {
    const message = raw as ToFloor;
    socket = connect(message.url, {
      transports: ['websocket'],
      auth: { token: message.token },
      forceNew: true,
      reconnection: false,
    });
    socket.on(message.event, (event: IncomingCallEvent) =>
      send({ type: 'received', callId: event.data.callId, at: clock() }),
    );
    socket.once('connect', () => send({ type: 'ready' }));
    socket.once('connect_error', (error) => send({ type: 'error', message: String(error) }));
  });
  process.on('disconnect', () => {
    socket?.disconnect();
    process.exit(0);
  });
}

interface FloorClient {
  /** Resolves with the moment (epoch ms) the client received the call's event. */
  received(callId: string): Promise<number>;
  close(): void;
}

async function startFloorClient(server: RunningServer, token: string): Promise<FloorClient> {
  // The same loader this file runs under (tsx), in a process of its own: in this one it
  // would wait for the server's event loop to finish the request first.
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, CALLS_BENCH_ROLE: 'floor' },
    execArgv: process.execArgv,
  });
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  let onReady: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  child.once('exit', (code) => fail(new Error(`The floor client's process exited (${code}).`)));
  child.on('message', (raw) => {
    const message = raw as FromFloor;
    if (message.type === 'error') return fail(new Error(`Floor client: ${message.message}`));
    if (message.type === 'ready') return onReady();
    arrived.set(message.callId, message.at);
    waiters.get(message.callId)?.(message.at);
  });
  const close = () => {
    if (child.connected) child.disconnect();
    child.kill();
  };
  try {
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    child.send({
      type: 'connect',
      url: server.url,
      token,
      event: incomingCallEvent(AGENT_ID),
    } satisfies ToFloor);
    await Promise.race([failed, ready]);
  } catch (error) {
    close();
    throw error;
  }
  return {
    received: (callId) => {
      const at = arrived.get(callId);
      if (at !== undefined) return Promise.resolve(at);
      return Promise.race([failed, new Promise<number>((resolve) => waiters.set(callId, resolve))]);
    },
    close,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  // Sign-ins are not timed here: the cheap password cost keeps the setup short.
  const server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  console.log(`(server with the demo data up in ${Date.now() - started} ms)`);
  const ext = await launchWithExtension();
  let floor: FloorClient | null = null;
  try {
    await setServerAddress(ext, server.url);
    await signInThroughPopup(ext, AGENT);
    const page = await openCrmPage(ext.browser, KEAP_URL, { allowOrigins: [server.url] });
    await waitForPanel(page, TIMEOUT);
    await page.bringToFront();
    await waitInShadowRoot(
      page,
      CALL_FLOW,
      (root) => root.textContent?.includes('No call in progress') ?? false,
      '',
      TIMEOUT,
    );
    await until('the tab able to show the call flow', async () =>
      (await callDiagnostics(ext)).clients.some((c) => c.kind === 'crm' && c.canShowCallFlow),
    );
    floor = await startFloorClient(server, await server.signIn(AGENT));

    const visible: number[] = [];
    const floorTimes: number[] = [];
    const toWorker: number[] = [];
    const deciding: number[] = [];
    const toWizard: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      await armStepTitle(page, FIRST_STEP);
      const callStarted = Date.now();
      const call = await server.placeTestCall({
        username: AGENT,
        leadName: `Benchmark Caller ${i + 1}`,
        phone: `+1 512 555 ${String(1000 + i).slice(-4)}`,
      });
      const seenAt = await stepSeenAt(page);
      visible.push(seenAt - callStarted);
      floorTimes.push((await floor.received(call.id)) - callStarted);
      // The background's own stamps (the worker's Date.now(), the same clock).
      const { lastIncoming } = await callDiagnostics(ext);
      if (lastIncoming?.callId === call.id) {
        toWorker.push(lastIncoming.at - callStarted);
        deciding.push(lastIncoming.decidedAt - lastIncoming.at);
        toWizard.push(seenAt - lastIncoming.decidedAt);
      }
      await hangUp(ext, page);
    }

    console.log(`\nIntake Cockpit calls benchmark\n`);
    console.log(
      `server emit of an incoming call -> wizard visible ("${FIRST_STEP}") in the focused Keap tab (extension panel), ${CALLS} calls`,
    );
    console.log(`    wizard visible: ${summary(visible)}`);
    console.log(
      `    floor, a socket.io-client in Node (own process, same user) on the same emit: ${summary(floorTimes)}`,
    );
    console.log(`    ratio (medians): ${ratio(visible, floorTimes)}`);
    if (toWorker.length > 0) {
      console.log(`    of which, emit -> the background has the event: ${summary(toWorker)}`);
      console.log(
        `             the background's tracking-info lookup and one-place decision: ${summary(deciding)}`,
      );
      console.log(
        `             decided -> step title shown (offer, claim, process, first step): ${summary(toWizard)}`,
      );
    }
    console.log('');
  } finally {
    floor?.close();
    await ext.close();
    await server.stop();
  }
}

if (process.env.CALLS_BENCH_ROLE === 'floor') runFloorClient();
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
