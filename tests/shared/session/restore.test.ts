import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { encodeStored } from '@/shared/session/encoding';
import { createSessionService, createSessionTokenSource } from '@/shared/session/session-service';
import { createMemoryStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import type { Transport } from '@/shared/transport/transport';
import { makeWorkspace } from '../domain/fixtures';

const storedUser = {
  id: 'u1',
  picture: null,
  role: 'owner',
  username: 'owner@lakeside.test',
  workspace: null,
  language: 'en',
  timezone: 'America/Chicago',
  email: 'owner@lakeside.test',
  name: 'Olivia Owens',
  personId: null,
  customerSuccessAccountId: null,
  calendarType: null,
  edition: 'enterprise',
  accessToken: 'a',
  refreshToken: 'r',
};

const offline: Transport = {
  request: async () => {
    throw new Error('no network in this test');
  },
  subscribe: () => () => {},
};

function service(storage = createMemoryStorage(), path = '/app') {
  return createSessionService({
    api: createApiClient(offline, () => {}),
    storage,
    tokenSource: createSessionTokenSource(storage),
    appVersion: '2.69.183',
    currentPath: () => path,
  });
}

describe('restoring a stored session (spec: session 4 step 10)', () => {
  beforeEach(() => useSessionStore.setState(initialSessionState));

  it('brings back the stored user of the same app version', async () => {
    const storage = createMemoryStorage({ user: encodeStored(storedUser), appVersion: '2.69.183' });
    const user = await service(storage).restore();
    expect(user?.username).toBe('owner@lakeside.test');
    expect(useSessionStore.getState().status).toBe('signed-in');
    expect(useSessionStore.getState().tokens?.refreshToken).toBe('r');
  });

  it('forces logout when the stored app version differs, keeping the theme', async () => {
    const storage = createMemoryStorage({
      user: encodeStored(storedUser),
      appVersion: '2.68.0',
      theme: 'dark',
      filters: '{}',
    });
    expect(await service(storage).restore()).toBeNull();
    expect(await storage.get('user')).toBeNull();
    expect(await storage.get('filters')).toBeNull();
    expect(await storage.get('theme')).toBe('dark');
    expect(useSessionStore.getState().status).toBe('signed-out');
  });

  it('keeps the session on an invite path even when the version differs', async () => {
    const storage = createMemoryStorage({ user: encodeStored(storedUser), appVersion: '2.68.0' });
    const user = await service(storage, '/login/abc/invite').restore();
    expect(user?.username).toBe('owner@lakeside.test');
  });

  it('signs out when the stored user is not readable', async () => {
    const storage = createMemoryStorage({ user: 'garbage', appVersion: '2.69.183' });
    expect(await service(storage).restore()).toBeNull();
    expect(useSessionStore.getState().status).toBe('signed-out');
  });
});

describe('restoring while the server cannot be reached (issue #28)', () => {
  beforeEach(() => useSessionStore.setState(initialSessionState));

  const workspace = makeWorkspace();
  const inLakeside = { ...storedUser, workspace: 'ws_lakeside' };
  const copyOf = (userId: string) =>
    encodeStored({ userId, workspace, agent: null, crmOrganization: null });

  it("starts with the stored copy of the user's workspace, and keeps loading it", async () => {
    const waits: number[] = [];
    const storage = createMemoryStorage({
      user: encodeStored(inLakeside),
      appVersion: '2.69.183',
      workspaceContext: copyOf('u1'),
    });
    const restoring = createSessionService({
      api: createApiClient(offline, () => {}),
      storage,
      tokenSource: createSessionTokenSource(storage),
      appVersion: '2.69.183',
      currentPath: () => '/app',
      retryTimer: (_run, delayMs) => {
        waits.push(delayMs);
        return () => {};
      },
    });
    await restoring.restore();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-in',
      workspace: { id: 'ws_lakeside', attributes: { name: workspace.attributes.name } },
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(15_000);
  });

  it("never shows another user's stored workspace", async () => {
    const storage = createMemoryStorage({
      user: encodeStored(inLakeside),
      appVersion: '2.69.183',
      workspaceContext: copyOf('someone-else'),
    });
    await service(storage).restore();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', workspace: null });
  });
});
