import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { encodeStored } from '@/shared/session/encoding';
import { createSessionService, createSessionTokenSource } from '@/shared/session/session-service';
import { createMemoryStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import type { Transport } from '@/shared/transport/transport';

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
