import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAppLivePorts,
  HELLO_TIMEOUT_MS,
} from '@/extension/entrypoints/background/app-live-port';
import { LIVE_PORT_NAME } from '@/shared/transport/port-protocol';
import {
  ACCESS_TOKEN,
  connect,
  fakeBackground,
  notification,
  notificationServer,
  REFRESH_TOKEN,
  settle,
  state,
} from './fake-background';

/**
 * The standalone app's live port (issue #12): from the configured app origin only, for
 * the extension's own user in its own workspace only, closed at sign-out, never a token.
 */
const APP_ORIGIN = 'http://localhost:8080';
const appSender = {
  origin: APP_ORIGIN,
  url: `${APP_ORIGIN}/app/cockpit`,
  tab: { id: 11, windowId: 4 },
};
const hello = { kind: 'live:hello', userId: 'u1', workspaceId: 'ws_lakeside' };

function setup(server = notificationServer([notification('n1')])) {
  const background = fakeBackground({ live: true, request: server.request });
  const appLive = createAppLivePorts({
    session: background.session,
    live: background.live,
    calls: background.calls,
    appOrigin: () => APP_ORIGIN,
  });
  /** null: a port without any sender (the default is the app's). */
  function open(given: object | null = appSender, name = LIVE_PORT_NAME) {
    const port = connect({ onConnect: appLive.onConnectExternal }, given ?? undefined, name);
    return { ...port, live: () => port.received.filter((m) => m.kind === 'live-state') };
  }
  return { ...background, server, appLive, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the app's live port", () => {
  it('mirrors the feed for the same user and workspace, and marks read through it', async () => {
    const { open, server, liveBrowser, live } = setup();
    await settle();
    const app = open();
    app.send(hello);
    await settle();
    expect(app.port.disconnected).toBe(false);
    expect(app.live().at(-1)).toMatchObject({ kind: 'live-state', snapshot: { unread: 1 } });
    app.send({ kind: 'live:mark-read', id: 'r', ids: ['n1'] });
    await settle();
    expect(app.received).toContainEqual({ kind: 'answer', id: 'r', ok: true, data: null });
    expect(server.markBodies).toEqual([{ ids: ['n1'] }]);
    expect(app.live().at(-1)).toMatchObject({ snapshot: { unread: 0 } });
    // A visible app keeps browser push quiet, like a visible panel.
    app.send({ kind: 'live:visibility', visible: true });
    expect(live.anyVisible()).toBe(true);
    app.close();
    expect(live.anyVisible()).toBe(false);
    expect(liveBrowser.shown.size).toBe(0);
  });

  it.each([
    ['another user', { ...hello, userId: 'u2' }],
    ['another workspace', { ...hello, workspaceId: 'ws_harbor' }],
  ])('closes the port for %s, without a snapshot', async (_name, message) => {
    const { open } = setup();
    const app = open();
    app.send(message);
    await settle();
    expect(app.port.disconnected).toBe(true);
    expect(app.received).toEqual([]);
  });

  it.each([
    [
      'another origin',
      { ...appSender, origin: 'https://evil.example', url: 'https://evil.example/' },
    ],
    ['another extension', { ...appSender, id: 'otherextensionotherextension0000' }],
    ['a page outside any tab', { ...appSender, tab: undefined }],
    ['nobody', null],
  ])('refuses %s at once', async (_name, sender) => {
    const { open, appLive } = setup();
    const app = open(sender);
    app.send(hello);
    await settle();
    expect(app.port.disconnected).toBe(true);
    expect(app.received).toEqual([]);
    expect(appLive.openPorts()).toBe(0);
  });

  it('refuses a port under another name (the hand-over has its own channel)', () => {
    const { open } = setup();
    expect(open(appSender, 'intake-cockpit').port.disconnected).toBe(true);
  });

  it('closes a port whose first message is not its hello', async () => {
    const { open } = setup();
    const app = open();
    app.send({ kind: 'live:mark-all-read', id: 'x' });
    await settle();
    expect(app.port.disconnected).toBe(true);
    expect(app.received).toEqual([]);
  });

  it('closes a port that never says who it is', () => {
    vi.useFakeTimers();
    const { open } = setup();
    const app = open();
    vi.advanceTimersByTime(HELLO_TIMEOUT_MS);
    expect(app.port.disconnected).toBe(true);
  });

  it('drops malformed messages and serves the app on', async () => {
    const { open, appLive } = setup();
    await settle();
    const app = open();
    app.send(hello);
    await settle();
    for (const message of [
      { kind: 'request', id: '1', request: { method: 'GET', path: 'users/me' } },
      { kind: 'auth:handoff', username: 'x', refreshToken: 'y' },
      { kind: 'live:mark-read', id: 'r', ids: [] },
      { kind: 'live:mark-read', id: 'r', ids: Array.from({ length: 501 }, (_, i) => `n${i}`) },
      { kind: 'live:visibility', visible: 'yes' },
      { kind: 'live:get', id: 'g', token: 'x' },
      { kind: 'live:get', id: 'g', filler: 'x'.repeat(300 * 1024) },
    ]) {
      app.send(message);
    }
    await settle();
    expect(appLive.droppedMessages()).toBe(7);
    expect(app.received.filter((m) => m.kind === 'answer')).toEqual([]);
    expect(app.port.disconnected).toBe(false);
  });

  it('closes the port when the extension signs out or another user signs in', async () => {
    const { open, setPublicState, changed } = setup();
    await settle();
    const app = open();
    app.send(hello);
    await settle();
    setPublicState({ ...state, user: { id: 'u2', name: 'Sam Stone', role: 'operator' } });
    changed();
    expect(app.port.disconnected).toBe(true);
  });

  it('never posts a token, even when a notification quotes one', async () => {
    const { open, emitSocket } = setup(
      notificationServer([notification('n1', { description: `Refresh ${REFRESH_TOKEN}` })]),
    );
    const app = open();
    app.send(hello);
    await settle();
    emitSocket('notification_center_message', notification('n2', { description: ACCESS_TOKEN }));
    app.send({ kind: 'live:get', id: 'g' });
    app.send({ kind: 'live:mark-all-read', id: 'a' });
    await settle();
    for (const message of app.received) {
      expect(JSON.stringify(message)).not.toContain(ACCESS_TOKEN);
      expect(JSON.stringify(message)).not.toContain(REFRESH_TOKEN);
    }
  });
});
