// @vitest-environment node
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackgroundCalls } from '@/extension/entrypoints/background/calls';
import { createBackgroundLive } from '@/extension/entrypoints/background/live';
import { createPortRouter } from '@/extension/entrypoints/background/port-router';
import {
  createBackgroundSession,
  type BackgroundSession,
} from '@/extension/entrypoints/background/session';
import { createSocketHub, type SocketHub } from '@/extension/entrypoints/background/socket';
import { incomingCallEvent } from '@/shared/contracts/call-tracking';
import { STORAGE_KEYS } from '@/shared/session/stored-session-store';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';
import { connect, contentSender, fakeCallsBrowser, fakeLiveBrowser, self } from './fake-background';

// issue #28 — "after the browser recycles the idle worker, the restored session has no
// workspace and never listens for calls". The background restarted (a new session over
// the same storage.session, a fresh session store) while the server cannot be reached,
// against the real reference server behind a proxy that can drop it, and the status the
// tabs' ports get meanwhile.

let server: TestServer;
/** A TCP proxy in front of the server: down, it refuses connections and drops open ones. */
let proxy: Server;
let proxyUrl: string;
let down = false;
const piped = new Set<Socket>();

beforeAll(async () => {
  server = await startTestServer();
  const target = Number(new URL(server.url).port);
  proxy = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = createConnection(target, '127.0.0.1');
    for (const end of [client, upstream]) {
      piped.add(end);
      end.on('close', () => piped.delete(end));
      end.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  for (const socket of piped) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.close();
});

const sessions: BackgroundSession[] = [];
afterEach(async () => {
  down = false;
  for (const session of sessions.splice(0)) await session.signOut().catch(() => undefined);
});

/** The server goes away: nothing connects, and what was connected is cut. */
function serverDown(): void {
  down = true;
  for (const socket of piped) socket.destroy();
}

/** The background's modules as index.ts wires them, over a memory storage.session. */
function startWorker(storage: KeyValueStorage) {
  const hub = createSocketHub();
  const waits: number[] = [];
  const session = createBackgroundSession({
    serverOrigin: Promise.resolve(proxyUrl),
    storage,
    hub,
    appVersion: '2.69.183',
    notify: () => {},
    // The waits the policy chose, run in a few ms.
    retryTimer: (run, delayMs) => {
      waits.push(delayMs);
      const timer = setTimeout(run, 10);
      return () => clearTimeout(timer);
    },
  });
  sessions.push(session);
  const live = createBackgroundLive({
    hub,
    readStorage: createMemoryStorage(),
    pushStorage: createMemoryStorage(),
    browser: fakeLiveBrowser().api,
    iconUrl: `${self.origin}/icon-128.png`,
    notify: () => {},
  });
  live.attach(session);
  const calls = createBackgroundCalls({
    hub,
    session,
    storage: createMemoryStorage(),
    browser: fakeCallsBrowser().api,
    iconUrl: `${self.origin}/icon-128.png`,
    notify: () => {},
    providerRetryMs: 0,
  });
  const router = createPortRouter({
    self,
    session,
    hub,
    live,
    calls,
    widgetStorage: createMemoryStorage(),
  });
  return { session, hub, router, waits };
}

/** Signs in on a first worker, which the browser then stops (its memory is gone). */
async function signedInThenStopped(): Promise<{ storage: KeyValueStorage; userId: string }> {
  const storage = createMemoryStorage();
  const first = startWorker(storage);
  await first.session.ready();
  await first.session.signIn('agent@lakeside.test', 'demo-password');
  const userId = first.session.publicState().user!.id;
  expect(first.session.publicState().workspace?.id).toBe('ws_lakeside');
  first.session.transport().disconnectSocket();
  sessions.splice(sessions.indexOf(first.session), 1);
  // A new worker starts with nothing in memory.
  useSessionStore.setState(initialSessionState);
  return { storage, userId };
}

const listening = (hub: SocketHub, userId: string) => hub.listenerCount(incomingCallEvent(userId));

function lastState(received: { kind: string }[]): PublicSessionState | undefined {
  const states = received.filter(
    (m): m is { kind: 'session-state'; state: PublicSessionState } => m.kind === 'session-state',
  );
  return states.at(-1)?.state;
}

describe('a background restarted during a server outage (issue #28)', () => {
  it('knows its workspace, listens for calls, shows the error to tabs, and connects once the server is back', async () => {
    const { storage, userId } = await signedInThenStopped();
    serverDown();
    const worker = startWorker(storage);
    const tab = connect(worker.router, contentSender);
    await worker.session.ready();

    expect(worker.session.publicState()).toMatchObject({
      status: 'signed-in',
      workspace: { id: 'ws_lakeside', name: expect.any(String) },
    });
    await vi.waitFor(() => expect(listening(worker.hub, userId)).toBe(1));
    // The tabs hear the socket give up after the 3rd attempt (spec: the persistent error).
    await vi.waitFor(() => expect(lastState(tab.received)?.socket).toBe('error'));
    expect(lastState(tab.received)?.workspace?.id).toBe('ws_lakeside');

    down = false;
    await vi.waitFor(() => expect(worker.session.publicState().socket).toBe('connected'), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(lastState(tab.received)?.socket).toBe('connected'));
    for (const wait of worker.waits) expect(wait).toBeLessThanOrEqual(30_000);

    // A call placed now reaches the background's listener for this agent.
    const heard = new Promise((resolve) => worker.hub.add(incomingCallEvent(userId), resolve));
    server.server.emitToUser(userId, incomingCallEvent(userId), { statusCode: 200, data: {} });
    await expect(heard).resolves.toMatchObject({ statusCode: 200 });
  });

  it('without a stored copy of the workspace, loads it once the server answers again', async () => {
    const { storage, userId } = await signedInThenStopped();
    // A session stored before the copy existed.
    await storage.remove(STORAGE_KEYS.workspaceContext);
    serverDown();
    const worker = startWorker(storage);
    await worker.session.ready();
    expect(worker.session.publicState()).toMatchObject({ status: 'signed-in', workspace: null });
    expect(listening(worker.hub, userId)).toBe(0);

    down = false;
    await vi.waitFor(() => expect(worker.session.publicState().workspace?.id).toBe('ws_lakeside'), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(listening(worker.hub, userId)).toBe(1));
    expect(useSessionStore.getState().agent).not.toBeNull();
  });

  it('keeps the stored copy only for the session: signing out forgets it', async () => {
    const { storage } = await signedInThenStopped();
    const worker = startWorker(storage);
    await worker.session.ready();
    expect(await storage.get(STORAGE_KEYS.workspaceContext)).not.toBeNull();
    await worker.session.signOut();
    expect(await storage.get(STORAGE_KEYS.workspaceContext)).toBeNull();
  });
});
