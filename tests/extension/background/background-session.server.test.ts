// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBackgroundSession,
  type BackgroundSession,
} from '@/extension/entrypoints/background/session';
import { createSocketHub } from '@/extension/entrypoints/background/socket';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// The background's session against the real reference server: sign-in, what leaves the
// background (never tokens), a restart from storage.session, the app's hand-over, sign-out.

let server: TestServer;
// A server on a copy of the run's seeded demo database: the server project's hook limit,
// more than the unit project's 10 s.
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

function start(storage: KeyValueStorage): BackgroundSession {
  return createBackgroundSession({
    serverOrigin: Promise.resolve(server.url),
    storage,
    hub: createSocketHub(),
    appVersion: '2.69.183',
    notify: () => {},
  });
}

const everything = (value: unknown) => JSON.stringify(value);

describe('the background session', () => {
  it('signs in, and shows content scripts who and where, never a token', async () => {
    const storage = createMemoryStorage();
    const session = start(storage);
    await session.ready();
    expect(session.publicState().status).toBe('signed-out');
    await session.signIn(' owner@lakeside.test ', 'demo-password');
    const state = session.publicState();
    expect(state).toMatchObject({
      status: 'signed-in',
      user: { name: 'Olivia Owens', role: 'owner' },
      workspace: { id: 'ws_lakeside', name: expect.any(String) },
      appOrigin: server.url,
    });
    const host = session.hostSession();
    expect(host.user?.username).toBe('owner@lakeside.test');
    const stored = await storage.get('user');
    expect(stored).toEqual(expect.any(String));
    const tokens = JSON.parse(Buffer.from(stored!, 'base64').toString('utf8')) as {
      accessToken: string;
      refreshToken: string;
    };
    for (const shown of [state, host]) {
      expect(everything(shown)).not.toContain(tokens.accessToken);
      expect(everything(shown)).not.toContain(tokens.refreshToken);
      expect(everything(shown)).not.toMatch(/token/i);
    }
    await session.transport().request({ method: 'GET', path: 'users/me' });
    await session.signOut();
    expect(session.publicState().status).toBe('signed-out');
    expect(await storage.get('user')).toBeNull();
  });

  it('comes back from storage after the worker is stopped (a new session over the same storage)', async () => {
    const storage = createMemoryStorage();
    const first = start(storage);
    await first.ready();
    await first.signIn('agent@lakeside.test', 'demo-password');
    first.transport().disconnectSocket();
    const restarted = start(storage);
    await restarted.ready();
    expect(restarted.publicState()).toMatchObject({
      status: 'signed-in',
      user: { role: 'operator' },
    });
    const me = (await restarted.transport().request({ method: 'GET', path: 'users/me' })) as {
      data: { attributes: { username: string } };
    };
    expect(me.data.attributes.username).toBe('agent@lakeside.test');
    await restarted.signOut();
  });

  it("takes over the app's sign-in from a refresh token, rotating it into its own", async () => {
    const { refreshToken } = await server.signIn('admin@lakeside.test');
    const storage = createMemoryStorage();
    const session = start(storage);
    await session.ready();
    expect(await session.adoptRefreshToken('admin@lakeside.test', refreshToken)).toBe(true);
    expect(session.publicState()).toMatchObject({ status: 'signed-in', user: { role: 'admin' } });
    const stored = JSON.parse(
      Buffer.from((await storage.get('user'))!, 'base64').toString('utf8'),
    ) as {
      refreshToken: string;
    };
    expect(stored.refreshToken).not.toBe(refreshToken);
    await session.signOut();
  });

  it('refuses a hand-over with a bad refresh token and stays signed out', async () => {
    const session = start(createMemoryStorage());
    await session.ready();
    expect(await session.adoptRefreshToken('admin@lakeside.test', 'not-a-token')).toBe(false);
    expect(session.publicState().status).toBe('signed-out');
  });

  it('keeps the existing sign-in when a hand-over fails (issue #9)', async () => {
    const storage = createMemoryStorage();
    const session = start(storage);
    await session.ready();
    await session.signIn('owner@lakeside.test', 'demo-password');
    const before = await storage.get('user');
    expect(await session.adoptRefreshToken('admin@lakeside.test', 'not-a-token')).toBe(false);
    expect(session.publicState()).toMatchObject({
      status: 'signed-in',
      user: { name: 'Olivia Owens', role: 'owner' },
    });
    expect(await storage.get('user')).toBe(before);
    const me = (await session.transport().request({ method: 'GET', path: 'users/me' })) as {
      data: { attributes: { username: string } };
    };
    expect(me.data.attributes.username).toBe('owner@lakeside.test');
    await session.signOut();
  });

  it('replaces the existing sign-in when a hand-over works', async () => {
    const { refreshToken } = await server.signIn('admin@lakeside.test');
    const session = start(createMemoryStorage());
    await session.ready();
    await session.signIn('owner@lakeside.test', 'demo-password');
    expect(await session.adoptRefreshToken('admin@lakeside.test', refreshToken)).toBe(true);
    expect(session.publicState()).toMatchObject({ status: 'signed-in', user: { role: 'admin' } });
    await session.signOut();
  });
});
