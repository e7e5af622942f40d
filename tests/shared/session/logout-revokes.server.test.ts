// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { apiConfigFor } from '@/shared/config/api-config';
import { createDirectSession } from '@/shared/session/create-session';
import { createMemoryStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// issue 9 item 7, against the real server: a logout ends the session on the server too,
// so a copy of the refresh token (another tab's, a stolen one) no longer works.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => useSessionStore.setState(initialSessionState));

describe('logout against the real server', () => {
  it('leaves the signed-out refresh token refused by the server', async () => {
    const { session } = createDirectSession({
      config: apiConfigFor(server.url),
      storage: createMemoryStorage(),
      notify: () => {},
      appVersion: 'test',
      currentPath: () => '/app',
    });
    await session.signIn('owner@lakeside.test', DEMO_PASSWORD);
    const tokens = useSessionStore.getState().tokens;
    expect(tokens?.refreshToken).toEqual(expect.any(String));

    await session.logout();

    const refresh = await server.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'owner@lakeside.test', token: tokens?.refreshToken },
    });
    expect(refresh.status).toBe(401);
  }, 30_000);
});
