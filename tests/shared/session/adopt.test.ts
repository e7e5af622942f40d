import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import type { MeResponse } from '@/shared/contracts/user';
import {
  createSessionService,
  createSessionTokenSource,
  NO_REFRESH_TOKEN,
  type SessionHandoff,
} from '@/shared/session/session-service';
import { createStoredSessionStore } from '@/shared/session/stored-session-store';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import type { SessionTokens } from '@/shared/transport/direct-transport';
import {
  TransportError,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

// issue #10 item 4: one way to take over a session begun elsewhere — the app's hand-over
// to the extension (a refresh token) and a script-tag page's own access token.

/** A server that knows one access token per user and one refresh token it rotates. */
const USERS: Record<string, string> = { 'access-admin': 'admin', 'access-owner': 'owner' };

function me(name: string): MeResponse {
  return {
    data: {
      id: `u-${name}`,
      type: 'user',
      attributes: {
        username: `${name}@lakeside.test`,
        email: `${name}@lakeside.test`,
        picture: null,
        language: 'en',
        timezone: 'America/Chicago',
        calendarType: null,
        customerSuccessAccountId: null,
      },
    },
    included: {
      // System users belong to no workspace: nothing else to load in these tests.
      authorizations: [
        { id: 'a1', role: 'system', workspaceId: null, status: 'active', edition: null },
      ],
      person: null,
    },
  };
}

function fakeServer() {
  const requests: { req: TransportRequest; bearer: string | null }[] = [];
  function answer(req: TransportRequest, bearer: string | null): unknown {
    requests.push({ req, bearer });
    if (req.method === 'PATCH' && req.path === 'auth') {
      const { token } = req.body as { token: string };
      if (token !== 'app-refresh') throw new TransportError('Unauthorized', 401);
      const attributes = { AccessToken: 'access-admin', RefreshToken: 'rotated', ExpiresIn: 900 };
      return { data: { type: 'auth', attributes } };
    }
    if (req.path === 'auth/revoke') return undefined;
    if (req.path === 'users/me') {
      const name = bearer ? USERS[bearer] : undefined;
      if (!name) throw new TransportError('Unauthorized', 401);
      return me(name);
    }
    throw new TransportError('Not found', 404);
  }
  /** A transport whose Bearer is whatever `tokens()` holds (what the direct transport sends). */
  const transportFor = (tokens: () => SessionTokens | null): Transport => ({
    request: async (req) => answer(req, req.anonymous ? null : (tokens()?.accessToken ?? null)),
    subscribe: () => () => {},
  });
  return { requests, transportFor };
}

function service(storage: KeyValueStorage, server = fakeServer()) {
  const tokenSource = createSessionTokenSource(storage);
  const session = createSessionService({
    api: createApiClient(server.transportFor(tokenSource.get), () => {}),
    storage,
    tokenSource,
    appVersion: '2.69.183',
    currentPath: () => '',
    candidateApi: (tokens) => ({
      api: createApiClient(
        server.transportFor(() => tokens),
        () => {},
      ),
      tokens: () => tokens,
    }),
  });
  return { session, server };
}

const appHandoff: SessionHandoff = {
  kind: 'refresh-token',
  username: 'admin@lakeside.test',
  refreshToken: 'app-refresh',
};

describe('adopting a session begun elsewhere', () => {
  beforeEach(() => useSessionStore.setState({ ...initialSessionState, status: 'signed-out' }));

  it("rotates the app's refresh token into a session of its own, signed in and stored", async () => {
    const storage = createMemoryStorage();
    const { session } = service(storage);
    const user = await session.adopt(appHandoff);
    expect(user?.username).toBe('admin@lakeside.test');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-in',
      tokens: {
        username: 'admin@lakeside.test',
        accessToken: 'access-admin',
        refreshToken: 'rotated',
      },
    });
    const stored = await createStoredSessionStore(storage).read();
    expect(stored).toMatchObject({ state: 'stored', tokens: { refreshToken: 'rotated' } });
    expect(await storage.get('appVersion')).toBe('2.69.183');
  });

  it('takes a page’s access token as it is, with no refresh token to revoke at logout', async () => {
    const storage = createMemoryStorage();
    const { session, server } = service(storage);
    const user = await session.adopt({ kind: 'access-token', accessToken: 'access-owner' });
    expect(user?.username).toBe('owner@lakeside.test');
    expect(useSessionStore.getState().tokens).toEqual({
      username: 'owner@lakeside.test',
      accessToken: 'access-owner',
      refreshToken: NO_REFRESH_TOKEN,
    });
    await session.logout();
    expect(server.requests.map(({ req }) => req.path)).not.toContain('auth/revoke');
  });

  it('refuses a hand-over that does not work, leaving whoever is signed in signed in', async () => {
    const storage = createMemoryStorage();
    const { session } = service(storage);
    await session.adopt({ kind: 'access-token', accessToken: 'access-owner' });
    const before = await storage.get('user');
    expect(await session.adopt({ ...appHandoff, refreshToken: 'stale' })).toBeNull();
    expect(await session.adopt({ kind: 'access-token', accessToken: 'forged' })).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-in',
      user: { username: 'owner@lakeside.test' },
    });
    expect(await storage.get('user')).toBe(before);
  });

  it('stays signed out (and says why it ended before) when a hand-over fails', async () => {
    useSessionStore.setState({ status: 'signed-out', logoutMessage: 'Your session expired.' });
    const { session } = service(createMemoryStorage());
    expect(await session.adopt({ kind: 'access-token', accessToken: 'forged' })).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-out',
      logoutMessage: 'Your session expired.',
    });
  });

  it('checks the hand-over with its own token, never with the current session’s', async () => {
    const { session, server } = service(createMemoryStorage());
    await session.adopt({ kind: 'access-token', accessToken: 'access-owner' });
    await session.adopt(appHandoff);
    const meCalls = server.requests.filter(({ req }) => req.path === 'users/me');
    expect(meCalls.map(({ bearer }) => bearer)).toEqual(['access-owner', 'access-admin']);
    const rotation = server.requests.find(({ req }) => req.method === 'PATCH');
    expect(rotation?.bearer).toBeNull();
  });

  it('replaces the current session with a working hand-over, revoking the old one', async () => {
    const storage = createMemoryStorage();
    const { session, server } = service(storage);
    await session.adopt(appHandoff);
    useSessionStore.setState({
      tokens: { ...useSessionStore.getState().tokens!, refreshToken: 'old-family' },
    });
    expect(
      (await session.adopt({ kind: 'access-token', accessToken: 'access-owner' }))?.username,
    ).toBe('owner@lakeside.test');
    const revoke = server.requests.find(({ req }) => req.path === 'auth/revoke');
    expect(revoke?.req.body).toEqual({ token: 'old-family' });
    expect(useSessionStore.getState().user?.username).toBe('owner@lakeside.test');
  });

  it('adopts nothing without a way to call the server as the candidate', async () => {
    const storage = createMemoryStorage();
    const server = fakeServer();
    const tokenSource = createSessionTokenSource(storage);
    const session = createSessionService({
      api: createApiClient(server.transportFor(tokenSource.get), () => {}),
      storage,
      tokenSource,
      appVersion: '2.69.183',
      currentPath: () => '',
    });
    expect(await session.adopt(appHandoff)).toBeNull();
    expect(server.requests).toEqual([]);
  });
});
