import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectExtensionLiveFeed, EXTENSION_ANSWER_MS } from '@/app/live/extension-live-feed';
import { createAppLivePorts } from '@/extension/entrypoints/background/app-live-port';
import { LIVE_PORT_NAME } from '@/shared/transport/port-protocol';
import {
  ACCESS_TOKEN,
  fakeBackground,
  notification,
  notificationServer,
  REFRESH_TOKEN,
  routerPortConnector,
  settle,
  state,
} from '../background/fake-background';

/**
 * The standalone app's side of the extension's live feed (issue #12): the page's
 * `chrome.runtime.connect` (externally_connectable) reaches the background's real app
 * live ports; the app mirrors the feed only for the same user and workspace, and answers
 * null quickly otherwise, so it can open its own socket.
 */
const APP_ORIGIN = 'http://localhost:8080';
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const appSender = { origin: APP_ORIGIN, url: `${APP_ORIGIN}/app`, tab: { id: 11, windowId: 4 } };
const me = { extensionId: EXTENSION_ID, userId: 'u1', workspaceId: 'ws_lakeside' };

type Chrome = { chrome?: unknown };

function installExtension() {
  const server = notificationServer([notification('n1'), notification('n2')]);
  const background = fakeBackground({ live: true, request: server.request });
  const appLive = createAppLivePorts({
    session: background.session,
    live: background.live,
    calls: background.calls,
    appOrigin: () => APP_ORIGIN,
  });
  const ports = routerPortConnector({ onConnect: appLive.onConnectExternal }, appSender);
  const sent: unknown[] = [];
  const connect = vi.fn((extensionId: string, { name }: { name: string }) => {
    expect(extensionId).toBe(EXTENSION_ID);
    const port = ports.connect(name);
    const post = port.postMessage.bind(port);
    port.postMessage = (message) => {
      sent.push(message);
      post(message);
    };
    return port;
  });
  (globalThis as Chrome).chrome = { runtime: { connect } };
  return { ...background, server, appLive, ports, connect, sent };
}

afterEach(() => {
  delete (globalThis as Chrome).chrome;
  vi.useRealTimers();
});

describe('connectExtensionLiveFeed', () => {
  it('mirrors the extension’s feed for the same user, marks read through it, reports visibility', async () => {
    const { server, live, connect } = installExtension();
    await settle();
    const feed = await connectExtensionLiveFeed(me);
    expect(feed).not.toBeNull();
    expect(connect).toHaveBeenCalledWith(EXTENSION_ID, { name: LIVE_PORT_NAME });
    expect(feed!.get()).toMatchObject({ status: 'ready', unread: 2 });
    const changes = vi.fn();
    feed!.subscribe(changes);
    await feed!.markRead(['n1']);
    expect(server.markBodies).toEqual([{ ids: ['n1'] }]);
    expect(feed!.get().unread).toBe(1);
    expect(changes).toHaveBeenCalled();
    await feed!.markAllRead();
    expect(feed!.get().unread).toBe(0);
    // The app's tab is visible: the extension holds its browser push back.
    expect(live.anyVisible()).toBe(true);
  });

  it('tells of a notification arriving later (the centre announces it), not of the list', async () => {
    const { emitSocket } = installExtension();
    await settle();
    const feed = await connectExtensionLiveFeed(me);
    const arrivals = vi.fn();
    feed!.onArrival(arrivals);
    emitSocket('notification_center_message', notification('n3'));
    await vi.waitFor(() => expect(arrivals).toHaveBeenCalledOnce());
    expect(arrivals.mock.calls[0]?.[0]).toMatchObject({ id: 'n3' });
  });

  it.each([
    ['another user', { ...me, userId: 'u2' }],
    ['another workspace', { ...me, workspaceId: 'ws_harbor' }],
  ])('answers null for %s, at once', async (_name, options) => {
    installExtension();
    await expect(connectExtensionLiveFeed(options)).resolves.toBeNull();
  });

  it('answers null without the extension', async () => {
    await expect(connectExtensionLiveFeed(me)).resolves.toBeNull();
  });

  it('answers null when the extension does not answer in time', async () => {
    vi.useFakeTimers();
    const silent = {
      postMessage: vi.fn(),
      disconnect: vi.fn(),
      onMessage: { addListener: () => {} },
      onDisconnect: { addListener: () => {} },
    };
    (globalThis as Chrome).chrome = { runtime: { connect: () => silent } };
    const answer = connectExtensionLiveFeed(me);
    await vi.advanceTimersByTimeAsync(EXTENSION_ANSWER_MS);
    await expect(answer).resolves.toBeNull();
    expect(silent.disconnect).toHaveBeenCalled();
  });

  it('reconnects after the extension’s worker restarts, and stays one mirror', async () => {
    const { ports, emitSocket, connect } = installExtension();
    await settle();
    const feed = await connectExtensionLiveFeed(me);
    ports.dropAll();
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(2));
    emitSocket('notification_center_message', notification('n3'));
    await vi.waitFor(() => expect(feed!.get().unread).toBe(3));
  });

  it('goes idle and says so when the extension signs out', async () => {
    const { setPublicState, changed } = installExtension();
    await settle();
    const onClosed = vi.fn();
    const feed = await connectExtensionLiveFeed({ ...me, onClosed });
    setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    changed();
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(feed!.get()).toMatchObject({ status: 'idle', notifications: [] });
  });

  it('sends the extension ids only, never a token', async () => {
    const { sent } = installExtension();
    await settle();
    const feed = await connectExtensionLiveFeed(me);
    await feed!.markRead(['n1']);
    expect(sent[0]).toEqual({ kind: 'live:hello', userId: 'u1', workspaceId: 'ws_lakeside' });
    for (const message of sent) {
      expect(JSON.stringify(message)).not.toMatch(/token|Bearer/i);
      expect(JSON.stringify(message)).not.toContain(ACCESS_TOKEN);
      expect(JSON.stringify(message)).not.toContain(REFRESH_TOKEN);
    }
  });
});
