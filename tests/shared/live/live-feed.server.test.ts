// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { apiConfigFor } from '@/shared/config/api-config';
import { createLiveFeed, type OwnLiveFeed } from '@/shared/live/create-live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { createDirectTransport, type DirectTransport } from '@/shared/transport/direct-transport';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// The live feed over the real transport and the real server (issue #12): what a system
// user sends arrives once, read state travels to the user's other browser, and what was
// sent while a browser was offline arrives when its socket reconnects.

let t: TestServer;
let systemToken: string;
const opened: { feed: OwnLiveFeed; transport: DirectTransport }[] = [];

beforeAll(async () => {
  t = await startTestServer();
  systemToken = (await t.signIn('system@intake.test')).accessToken;
}, 60_000);

afterAll(async () => {
  for (const { feed, transport } of opened) {
    feed.stop();
    transport.disconnectSocket();
  }
  await t.close();
});

/** One browser of the owner of Lakeside Law: its own transport, socket and feed. */
async function ownerBrowser() {
  const { accessToken, refreshToken } = await t.signIn('owner@lakeside.test');
  let tokens = { username: 'owner@lakeside.test', accessToken, refreshToken };
  const transport = createDirectTransport({
    config: apiConfigFor(t.url),
    tokens: { get: () => tokens, set: (next) => void (tokens = next), onAuthFailure: () => {} },
  });
  const feed = createLiveFeed({
    api: createApiClient(transport, () => {}),
    storage: createMemoryStorage(),
    scope: () => ({ workspaceId: 'ws_lakeside', userId: 'owner' }),
    socketStatus: transport.socketStatus,
  });
  opened.push({ feed, transport });
  feed.start();
  transport.connectSocket();
  await vi.waitFor(
    () => {
      expect(feed.get().socket).toBe('connected');
      expect(feed.get().status).toBe('ready');
    },
    { timeout: 10_000 },
  );
  return { feed, transport };
}

async function send(title: string): Promise<string> {
  const answer = await t.api('/api/system/notifications', {
    method: 'POST',
    token: systemToken,
    body: { workspaceId: 'ws_lakeside', title, description: 'From the system area.' },
  });
  expect(answer.status).toBe(201);
  return (answer.body as { data: { id: string } }).data.id;
}

const ids = (feed: OwnLiveFeed) => feed.get().notifications.map((n) => n.id);

describe('the live feed against the real server', () => {
  it('receives a notification once, and the read state reaches the other browser', async () => {
    const first = await ownerBrowser();
    const second = await ownerBrowser();
    const unreadBefore = first.feed.get().unread;

    const id = await send('Live to every owner browser');
    await vi.waitFor(() => expect(ids(first.feed)).toContain(id), { timeout: 10_000 });
    await vi.waitFor(() => expect(ids(second.feed)).toContain(id), { timeout: 10_000 });
    expect(ids(first.feed).filter((each) => each === id)).toHaveLength(1);
    expect(first.feed.get().unread).toBe(unreadBefore + 1);

    await first.feed.markRead([id]);
    expect(first.feed.get().notice ?? null).toBeNull();
    await vi.waitFor(
      () => expect(second.feed.get().notifications.find((n) => n.id === id)?.read).toBe(true),
      { timeout: 10_000 },
    );
  });

  it('gets what was sent while its socket was down when it reconnects', async () => {
    const browser = await ownerBrowser();
    browser.transport.disconnectSocket();
    const id = await send('Sent while offline');
    // Nothing arrives on a closed socket...
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ids(browser.feed)).not.toContain(id);
    // ...and the list loaded at reconnect has it.
    browser.transport.connectSocket();
    await vi.waitFor(() => expect(ids(browser.feed)).toContain(id), { timeout: 10_000 });
  });
});
