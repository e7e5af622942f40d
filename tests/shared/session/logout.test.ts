// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { encodeStored } from '@/shared/session/encoding';
import {
  createBrowserRefreshCoordinator,
  type ChannelLike,
} from '@/shared/session/refresh-coordinator';
import { createSessionService, createSessionTokenSource } from '@/shared/session/session-service';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import type { SessionChange } from '@/shared/transport/direct-transport';
import {
  TransportError,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

// Logout revokes on the server, best effort (issue 9 item 7), and sign-outs travel
// between tabs (issue 9 item 6).

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

const channels: ChannelLike[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

function channel(name: string): ChannelLike {
  const created = new BroadcastChannel(name) as unknown as ChannelLike;
  channels.push(created);
  return created;
}

/** A transport that records every request and answers with `answer`. */
function recording(answer: (req: TransportRequest) => Promise<unknown>) {
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    request: (req) => {
      requests.push(req);
      return answer(req);
    },
    subscribe: () => () => {},
  };
  return { transport, requests };
}

async function signedIn(transport: Transport, storage: KeyValueStorage, channelName?: string) {
  const coordinator = channelName
    ? createBrowserRefreshCoordinator({ locks: null, channel: channel(channelName) })
    : undefined;
  const service = createSessionService({
    api: createApiClient(transport, () => {}),
    storage,
    tokenSource: createSessionTokenSource(storage),
    appVersion: '2.69.183',
    currentPath: () => '/app',
    coordinator,
  });
  expect(await service.restore()).not.toBeNull();
  return service;
}

function storedSession(extra: Record<string, string> = {}) {
  return createMemoryStorage({
    user: encodeStored(storedUser),
    appVersion: '2.69.183',
    ...extra,
  });
}

describe('logout', () => {
  beforeEach(() => useSessionStore.setState(initialSessionState));

  it("revokes the session's refresh token on the server, without a Bearer or a refresh", async () => {
    const { transport, requests } = recording(async () => undefined);
    const service = await signedIn(transport, storedSession());
    await service.logout();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'auth/revoke',
        body: { token: 'r' },
        anonymous: true,
        skipAuthRefresh: true,
        timeoutMs: expect.any(Number),
      }),
    ]);
    expect(useSessionStore.getState().status).toBe('signed-out');
  });

  it('still signs out locally when the server cannot be reached', async () => {
    const { transport, requests } = recording(async () => {
      throw new TransportError('offline', 0);
    });
    const storage = storedSession({ theme: 'dark' });
    const service = await signedIn(transport, storage);
    await expect(service.logout()).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', tokens: null });
    expect(await storage.get('user')).toBeNull();
    expect(await storage.get('theme')).toBe('dark');
  });

  it('is signed out locally before the revoke answers', async () => {
    let answerRevoke = () => {};
    const { transport } = recording(() => new Promise<void>((resolve) => (answerRevoke = resolve)));
    const service = await signedIn(transport, storedSession());
    const done = service.logout();
    await expect.poll(() => useSessionStore.getState().status).toBe('signed-out');
    answerRevoke();
    await done;
  });

  it('tells the other tabs that the user signed out', async () => {
    const name = `intake-session-${randomUUID()}`;
    const { transport } = recording(async () => undefined);
    const service = await signedIn(transport, storedSession(), name);
    const heard: SessionChange[] = [];
    const otherTab = createBrowserRefreshCoordinator({ locks: null, channel: channel(name) });
    otherTab.subscribe((change) => heard.push(change));
    await service.logout();
    await expect.poll(() => heard).toEqual([{ type: 'signedOut' }]);
  });
});

describe('a sign-out in another tab', () => {
  beforeEach(() => useSessionStore.setState(initialSessionState));

  it('signs this tab out too, without revoking again or touching the storage', async () => {
    const name = `intake-session-${randomUUID()}`;
    const { transport, requests } = recording(async () => undefined);
    const storage = storedSession();
    await signedIn(transport, storage, name);
    const otherTab = createBrowserRefreshCoordinator({ locks: null, channel: channel(name) });

    otherTab.publish({ type: 'signedOut' });

    await expect.poll(() => useSessionStore.getState().status).toBe('signed-out');
    expect(useSessionStore.getState().tokens).toBeNull();
    expect(requests).toEqual([]);
    // The other tab owns the storage clean-up; this tab only forgets its copy.
    expect(await storage.get('user')).not.toBeNull();
  });

  it('ignores messages that are not session changes', async () => {
    const name = `intake-session-${randomUUID()}`;
    const { transport } = recording(async () => undefined);
    await signedIn(transport, storedSession(), name);
    const raw = channel(name);
    raw.postMessage({ type: 'signedOut!' });
    raw.postMessage('signedOut');
    raw.postMessage({ type: 'rotated', tokens: { username: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useSessionStore.getState().status).toBe('signed-in');
  });
});
