/**
 * `npm run bench:live` (issue #12 Benchmark; benchmarks, never timed tests). Needs
 * `npm run build`. Prints medians, p95s and ratios against floors measured in the same run:
 *
 * (a) Server emit → a notification visible in 5 CRM tabs: the production extension in
 *     Chromium, signed in as owner@lakeside.test, 5 fixture CRM tabs with the side panel;
 *     BENCH_NOTIFICATIONS (default 20) notifications sent through the real system route.
 *     Each is timed from just before the send to the moment the last tab's bell shows it
 *     (a MutationObserver inside each panel's shadow root stamps the page clock, the same
 *     system clock as here, so polling adds nothing). Floor: a socket.io-client in a
 *     process of its own, signed in as the same user, receiving the same emit.
 * (b) BENCH_CLIENTS (default 500) socket.io clients (websocket, signed-in tokens) in a
 *     child process, on one server process: the fan-out time of one workspace broadcast
 *     (`ctmcallsdata`), from the emit to the moment the last client received it, over
 *     BENCH_BROADCASTS (default 20) broadcasts. Floor: the same broadcast to one client.
 *     The clients run in their own process so the server's event loop is timed alone.
 *
 * BENCH_LIVE=fanout runs (b) only (no browser), BENCH_LIVE=tabs (a) only.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LIVE_CALLS_EVENT,
  NOTIFICATION_EVENT,
  type Notification,
} from '@/shared/contracts/notification';
import {
  CRM_PAGES,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  PANEL_SELECTOR,
  setServerAddress,
  signInThroughPopup,
  startServer,
  waitInShadowRoot,
  type RunningServer,
} from '../tests/e2e/harness';
import { TEST_PASSWORD_COST } from '../tests/server/helpers/test-server';
import { clock, ms, percentile, ratio, summary } from './stats';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 20);
/** Which parts run: `tabs` (needs Chromium and the extension build), `fanout`. */
const PARTS = new Set((process.env.BENCH_LIVE ?? 'tabs,fanout').split(','));
const WORKSPACE = 'ws_lakeside';
const OWNER = 'owner@lakeside.test';
/** Every signed-in user of the workspace: the simulated clients' tokens take turns. */
const WORKSPACE_USERS = [
  'owner@lakeside.test',
  'admin@lakeside.test',
  'agent@lakeside.test',
  'consultant@lakeside.test',
];
/** The bell of the notification centre (the DOM contract of issue #12). */
const BELL = '[data-testid="notification-bell"]';
/** Broadcast counts from here on are the benchmark's own (real ones are far smaller). */
const MARK_BASE = 1_000_000;
/** Panel tabs the extension test uses: three CRM families, two Zoho data centres. */
const TAB_URLS = [
  CRM_PAGES.zohoContact.url,
  'https://crm.zoho.eu/crm/org20071234/tab/Leads/112233000000045001',
  CRM_PAGES.keapContact.url,
  CRM_PAGES.ctmCall.url,
  'https://crm.zoho.com/crm/tab/Potentials/4876876000000421002',
];

// ---------------------------------------------------------------- (a) 5 CRM tabs

/**
 * Arms a MutationObserver in the panel's shadow root that stamps the page's Date.now()
 * on the root when the bell's unread count rises above what it shows now.
 */
async function armBell(page: Page): Promise<void> {
  const armed = await evaluateInShadowRoot(
    page,
    [PANEL_SELECTOR],
    // No named helpers inside: tsx would wrap them in a __name() the page does not have.
    (root, selector) => {
      const slot = root as unknown as { benchSeenAt?: number };
      const start = Number(root.querySelector(selector)?.getAttribute('data-unread') ?? NaN);
      delete slot.benchSeenAt;
      const observer = new MutationObserver(() => {
        const now = Number(root.querySelector(selector)?.getAttribute('data-unread') ?? NaN);
        if (now > start) {
          slot.benchSeenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-unread'],
      });
      return Number.isFinite(start);
    },
    BELL,
  );
  if (!armed) throw new Error('No notification bell with a data-unread count in the panel.');
}

/** When the armed observer saw the bell change (page clock), or null while it has not. */
async function bellSeenAt(page: Page): Promise<number | null> {
  return evaluateInShadowRoot(
    page,
    [PANEL_SELECTOR],
    (root) => (root as unknown as { benchSeenAt?: number }).benchSeenAt ?? null,
  );
}

async function untilSeen(page: Page, timeout = 20_000): Promise<number> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const seen = await bellSeenAt(page);
    if (seen !== null) return seen;
    if (Date.now() > deadline) throw new Error(`A tab's bell did not change in ${timeout} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function benchTabs(server: RunningServer) {
  const ext = await launchWithExtension();
  let floorClients: Clients | null = null;
  try {
    await setServerAddress(ext, server.url);
    await signInThroughPopup(ext, OWNER);
    const tabs: Page[] = [];
    for (const url of TAB_URLS) {
      tabs.push(await openCrmPage(ext.browser, url, { allowOrigins: [server.url] }));
    }
    await Promise.all(
      tabs.map((tab) =>
        waitInShadowRoot(
          tab,
          [PANEL_SELECTOR],
          (root, selector) => root.querySelector(selector)?.hasAttribute('data-unread') ?? false,
          BELL,
          60_000,
        ),
      ),
    );
    const sockets = server.socketCount();
    // The floor: one client of the same user in a process of its own (in this one it
    // would wait for the server's event loop to finish the request first).
    const floor = await startClients(server, [await server.signIn(OWNER)], 1);
    floorClients = floor;

    const visible: number[] = [];
    const floorTimes: number[] = [];
    for (let i = 0; i < NOTIFICATIONS; i++) {
      const title = `Benchmark notice ${i + 1}`;
      await Promise.all(tabs.map(armBell));
      const received = floor.allReceived(title);
      const started = Date.now();
      await server.sendNotification({
        workspaceId: WORKSPACE,
        title,
        description: 'Sent by bench/live.ts.',
      });
      const seen = await Promise.all(tabs.map((tab) => untilSeen(tab)));
      visible.push(Math.max(...seen) - started);
      floorTimes.push((await received) - started);
    }
    return { visible, floor: floorTimes, sockets };
  } finally {
    floorClients?.close();
    await ext.close();
  }
}

// ---------------------------------------------------------------- simulated clients

type ToClients = { type: 'connect'; url: string; tokens: string[]; count: number };
type FromClients =
  | { type: 'ready'; connectMs: number }
  | { type: 'received'; mark: string; last: number }
  | { type: 'error'; message: string };

/**
 * The child process: `count` socket.io clients. When every one of them has received a
 * benchmark broadcast (a `ctmcallsdata` count from MARK_BASE up, or a notification, by
 * title), it reports the moment the last one did.
 */
function runClients() {
  const sockets: Socket[] = [];
  const received = new Map<string, number>();
  const send = (message: FromClients) => process.send?.(message);
  process.on('message', (raw) => {
    const message = raw as ToClients;
    const got = (mark: string) => {
      const clients = (received.get(mark) ?? 0) + 1;
      received.set(mark, clients);
      if (clients === message.count) send({ type: 'received', mark, last: clock() });
    };
    void (async () => {
      const started = clock();
      // In batches: 500 handshakes at once would time the server's token checks, not a
      // steady state.
      for (let i = 0; i < message.count; i += 50) {
        const batch: Promise<void>[] = [];
        for (let j = i; j < Math.min(message.count, i + 50); j++) {
          const socket = connect(message.url, {
            transports: ['websocket'],
            auth: { token: message.tokens[j % message.tokens.length] },
            // One engine connection per client, as 500 browsers would hold (io() would
            // otherwise share one per URL).
            forceNew: true,
            reconnection: false,
          });
          sockets.push(socket);
          socket.on(LIVE_CALLS_EVENT, ({ count }: { count: number }) => {
            if (count >= MARK_BASE) got(String(count));
          });
          socket.on(NOTIFICATION_EVENT, (notification: Notification) => got(notification.title));
          batch.push(
            new Promise((resolve, reject) => {
              socket.once('connect', () => resolve());
              socket.once('connect_error', (error) => reject(error));
            }),
          );
        }
        await Promise.all(batch);
      }
      send({ type: 'ready', connectMs: clock() - started });
    })().catch((error: unknown) => send({ type: 'error', message: String(error) }));
  });
  process.on('disconnect', () => {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  });
}

interface Clients {
  connectMs: number;
  /** Resolves with the moment (epoch ms) the last client received the mark. */
  allReceived(mark: string): Promise<number>;
  close(): void;
}

/** `count` connected clients in a child process (the tokens take turns). */
async function startClients(
  server: RunningServer,
  tokens: string[],
  count: number,
): Promise<Clients> {
  // The same loader this file runs under (tsx), in a process of its own.
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, LIVE_BENCH_ROLE: 'clients' },
    execArgv: process.execArgv,
  });
  const waiters = new Map<string, (message: FromClients) => void>();
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  // Handled where it is raced; this only keeps a late exit from crashing the run.
  failed.catch(() => {});
  child.once('exit', (code) => fail(new Error(`The clients' process exited (${code}).`)));
  child.on('message', (raw) => {
    const message = raw as FromClients;
    if (message.type === 'error') return fail(new Error(`Clients: ${message.message}`));
    const key = message.type === 'received' ? `received:${message.mark}` : message.type;
    waiters.get(key)?.(message);
    waiters.delete(key);
  });
  const next = <T extends FromClients>(key: string) =>
    Promise.race([failed, new Promise<T>((resolve) => waiters.set(key, resolve as never))]);
  const close = () => {
    if (child.connected) child.disconnect();
    child.kill();
  };
  try {
    const ready = next<{ type: 'ready'; connectMs: number }>('ready');
    child.send({ type: 'connect', url: server.url, tokens, count } satisfies ToClients);
    const { connectMs } = await ready;
    return {
      connectMs,
      allReceived: async (mark) =>
        (await next<{ type: 'received'; mark: string; last: number }>(`received:${mark}`)).last,
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}

/** One workspace broadcast after another, each timed until every client received it. */
async function benchFanOut(server: RunningServer, clients: Clients, mark: { next: number }) {
  const fanOut: number[] = [];
  const emitCost: number[] = [];
  for (let i = 0; i < BROADCASTS; i++) {
    const value = mark.next++;
    const got = clients.allReceived(String(value));
    const started = clock();
    server.emitToWorkspace(WORKSPACE, LIVE_CALLS_EVENT, { count: value });
    emitCost.push(clock() - started);
    fanOut.push((await got) - started);
  }
  return { connectMs: clients.connectMs, fanOut, emitCost };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  // Sign-ins are not timed here: the cheap password cost keeps the setup short.
  const server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  console.log(`(server with the demo data up in ${Date.now() - started} ms)`);
  try {
    console.log(`\nIntake Cockpit live benchmark\n`);
    if (PARTS.has('tabs')) {
      const tabs = await benchTabs(server);
      console.log(
        `(a) server emit -> notification on the bell of 5 CRM tabs (extension panel), ${NOTIFICATIONS} notifications`,
      );
      console.log(`    all 5 tabs: ${summary(tabs.visible)}`);
      console.log(
        `    floor, a socket.io-client in Node (own process) on the same emit: ${summary(tabs.floor)}`,
      );
      console.log(`    ratio (medians): ${ratio(tabs.visible, tabs.floor)}`);
      console.log(`    socket connections for 5 CRM tabs: ${tabs.sockets} (goal: 1)`);
    }
    if (PARTS.has('fanout')) {
      const mark = { next: MARK_BASE };
      const tokens = await Promise.all(WORKSPACE_USERS.map((user) => server.signIn(user)));
      const single = await startClients(server, tokens, 1);
      const one = await benchFanOut(server, single, mark).finally(single.close);
      const all = await startClients(server, tokens, CLIENTS);
      const many = await benchFanOut(server, all, mark).finally(all.close);
      console.log(
        `(b) ${CLIENTS} socket.io clients (websocket, signed in) on one server process, ${BROADCASTS} workspace broadcasts`,
      );
      console.log(`    connecting all ${CLIENTS}: ${ms(many.connectMs)}`);
      console.log(`    one broadcast reaching all ${CLIENTS}: ${summary(many.fanOut)}`);
      console.log(`    floor, the same broadcast to 1 client: ${summary(one.fanOut)}`);
      console.log(
        `    ratio (medians): ${ratio(many.fanOut, one.fanOut)} for ${CLIENTS}x the clients; ${ms(percentile(many.fanOut, 50) / CLIENTS)} a client`,
      );
      console.log(
        `    of which the server's emit() call: ${summary(many.emitCost)} (1 client: ${summary(one.emitCost)})`,
      );
    }
    console.log('');
  } finally {
    await server.stop();
  }
}

if (process.env.LIVE_BENCH_ROLE === 'clients') runClients();
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
