// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { apiConfigFor } from '@/shared/config/api-config';
import { encodeStored } from '@/shared/session/encoding';
import {
  createBrowserRefreshCoordinator,
  type ChannelLike,
  type LockManagerLike,
} from '@/shared/session/refresh-coordinator';
import { createSessionTokenSource } from '@/shared/session/session-service';
import { STORAGE_KEYS } from '@/shared/session/stored-session-store';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, type SessionState } from '@/shared/stores/session-store';
import {
  createDirectTransport,
  type RefreshCoordinator,
} from '@/shared/transport/direct-transport';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// issue 9 item 6: two app tabs share one stored session. Each tab here has what a real tab
// has of its own — its session state, its transport — over one shared storage (the
// browser's localStorage), one lock manager (navigator.locks) and one broadcast channel
// name, against the real server with its refresh-token reuse detection.

const USERNAME = 'owner@lakeside.test';
const user = {
  id: 'u1',
  picture: null,
  role: 'owner',
  username: USERNAME,
  workspace: null,
  language: 'en',
  timezone: 'America/Chicago',
  email: USERNAME,
  name: 'Olivia Owens',
  personId: null,
  customerSuccessAccountId: null,
  calendarType: null,
  edition: 'enterprise',
} as const;

const me = { method: 'GET', path: 'users/me', query: { include: 'authorizations' } } as const;

let server: TestServer;
const channels: ChannelLike[] = [];

// The real server, on a copy of the run's seeded demo database.
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** navigator.locks for one browser: callbacks for one name run one after the other. */
function browserLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** Node's own BroadcastChannel: instances of one name in one process hear each other. */
function channel(name: string): ChannelLike {
  const created = new BroadcastChannel(name) as unknown as ChannelLike;
  channels.push(created);
  return created;
}

interface Tab {
  state: StoreApi<SessionState>;
  transport: ReturnType<typeof createDirectTransport>;
  signedOut: ReturnType<typeof vi.fn>;
}

/** One tab that restored the stored session, holding a stale access token. */
function openTab(
  storage: KeyValueStorage,
  coordinator: RefreshCoordinator | undefined,
  options: { shareStorage?: boolean } = {},
): Tab {
  const state = createStore<SessionState>()(() => initialSessionState);
  const source = createSessionTokenSource(storage, state, coordinator);
  const signedOut = vi.fn();
  source.setAuthFailureHandler(signedOut);
  // Today's tabs never looked at what the other tab stored: the control case.
  const tokens = options.shareStorage === false ? { ...source, readShared: undefined } : source;
  return {
    state,
    signedOut,
    transport: createDirectTransport({ config: apiConfigFor(server.url), tokens, coordinator }),
  };
}

async function signedInBrowser() {
  const { refreshToken } = await server.signIn(USERNAME);
  const storage = createMemoryStorage({
    [STORAGE_KEYS.user]: encodeStored({ ...user, accessToken: 'expired', refreshToken }),
  });
  const restore = (tab: Tab) =>
    tab.state.setState({
      user,
      status: 'signed-in',
      tokens: { username: USERNAME, accessToken: 'expired', refreshToken },
    });
  return { storage, refreshToken, restore };
}

function countRefreshes() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  return () =>
    fetchSpy.mock.calls.filter(
      ([input, init]) => String(input).endsWith('/api/auth') && init?.method === 'PATCH',
    ).length;
}

describe('two app tabs over one stored session (issue 9 item 6)', { timeout: 20_000 }, () => {
  it('refreshes once for both when both get a 401 at the same time, and nobody is signed out', async () => {
    const { storage, refreshToken, restore } = await signedInBrowser();
    const locks = browserLocks();
    const name = `intake-session-${randomUUID()}`;
    const tabs = [1, 2].map(() =>
      openTab(storage, createBrowserRefreshCoordinator({ locks, channel: channel(name) })),
    );
    tabs.forEach(restore);
    const refreshes = countRefreshes();

    const answers = await Promise.all(tabs.map((tab) => tab.transport.request(me)));

    expect(answers).toHaveLength(2);
    expect(refreshes()).toBe(1);
    for (const tab of tabs) expect(tab.signedOut).not.toHaveBeenCalled();
    const [first, second] = tabs.map((tab) => tab.state.getState().tokens);
    expect(first?.refreshToken).not.toBe(refreshToken);
    expect(second).toEqual(first);
    // The shared pair is the live one: the family was not revoked as a reuse.
    const rotated = await server.api('/api/auth', {
      method: 'PATCH',
      body: { username: USERNAME, token: first?.refreshToken },
    });
    expect(rotated.status).toBe(200);
  });

  it('signs a tab out in the same race when tabs do not coordinate (the reported failure)', async () => {
    const { storage, restore } = await signedInBrowser();
    const tabs = [1, 2].map(() => openTab(storage, undefined, { shareStorage: false }));
    tabs.forEach(restore);
    const refreshes = countRefreshes();

    await Promise.allSettled(tabs.map((tab) => tab.transport.request(me)));

    // Both presented the same refresh token: the second looked like theft.
    expect(refreshes()).toBe(2);
    expect(tabs.some((tab) => tab.signedOut.mock.calls.length > 0)).toBe(true);
  });

  it('adopts the stored pair instead of refreshing when another tab already rotated', async () => {
    const { storage, refreshToken, restore } = await signedInBrowser();
    // No lock and no channel (an insecure context): only the re-read of the storage helps.
    const tabs = [1, 2].map(() =>
      openTab(storage, createBrowserRefreshCoordinator({ locks: null, channel: null })),
    );
    tabs.forEach(restore);
    const refreshes = countRefreshes();

    await tabs[0].transport.request(me);
    await tabs[1].transport.request(me);

    expect(refreshes()).toBe(1);
    expect(tabs[1].signedOut).not.toHaveBeenCalled();
    expect(tabs[1].state.getState().tokens?.refreshToken).not.toBe(refreshToken);
    expect(tabs[1].state.getState().tokens).toEqual(tabs[0].state.getState().tokens);
  });

  it('rotates the stored pair itself when the pair another tab stored has expired meanwhile', async () => {
    const { storage, restore } = await signedInBrowser();
    // Neither lock nor channel: the second tab never heard of the first one's rotation.
    const tabs = [1, 2].map(() =>
      openTab(storage, createBrowserRefreshCoordinator({ locks: null, channel: null })),
    );
    tabs.forEach(restore);
    await tabs[0].transport.request(me);
    const storedByFirst = tabs[0].state.getState().tokens;
    // Twenty minutes later (server and browser clocks alike) that pair's access token is dead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const refreshes = countRefreshes();

    await expect(tabs[1].transport.request(me)).resolves.toMatchObject({
      data: { attributes: { username: USERNAME } },
    });

    expect(refreshes()).toBe(1);
    expect(tabs[1].signedOut).not.toHaveBeenCalled();
    expect(tabs[1].state.getState().tokens?.refreshToken).not.toBe(storedByFirst?.refreshToken);
  });

  it("keeps an idle tab's copy current with the rotations another tab announces", async () => {
    const { storage, restore } = await signedInBrowser();
    const locks = browserLocks();
    const name = `intake-session-${randomUUID()}`;
    const [busy, idle] = [1, 2].map(() =>
      openTab(storage, createBrowserRefreshCoordinator({ locks, channel: channel(name) })),
    );
    restore(busy);
    restore(idle);

    await busy.transport.request(me);

    const rotated = busy.state.getState().tokens;
    await vi.waitFor(() => expect(idle.state.getState().tokens).toEqual(rotated));
  });
});
