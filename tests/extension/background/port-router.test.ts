import { describe, expect, it, vi } from 'vitest';
import { createPortRouter, type RouterPort } from '@/extension/entrypoints/background/port-router';
import type { BackgroundSession } from '@/extension/entrypoints/background/session';
import { createSocketHub } from '@/extension/entrypoints/background/socket';
import { SignInError } from '@/shared/session/session-service';
import { createMemoryStorage } from '@/shared/storage/storage';
import type { BackgroundMessage, PublicSessionState } from '@/shared/transport/port-protocol';
import { PORT_NAME } from '@/shared/transport/port-protocol';
import {
  TransportError,
  type SocketEventHandler,
  type Transport,
} from '@/shared/transport/transport';

const self = {
  id: 'ourextensionidourextensionid0000',
  origin: 'chrome-extension://ourextensionidourextensionid0000',
};
const contentSender = {
  id: self.id,
  origin: 'https://crm.zoho.com',
  url: 'https://crm.zoho.com/crm/tab/Leads/1',
  tab: { id: 5 },
  frameId: 0,
};
const popupSender = { id: self.id, origin: self.origin, url: `${self.origin}/popup.html` };

const state: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};

function fakeBackground() {
  const socketHandlers = new Map<string, SocketEventHandler>();
  const transport = {
    request: vi.fn(async (req: { path: string }) => {
      if (req.path === 'forbidden') throw new TransportError('Forbidden', 403, 'Not yours');
      return { data: req.path };
    }),
    subscribe: vi.fn((event: string, handler: SocketEventHandler) => {
      socketHandlers.set(event, handler);
      return () => void socketHandlers.delete(event);
    }),
  };
  const changeListeners = new Set<() => void>();
  const session = {
    ready: async () => {},
    transport: () => transport,
    signIn: vi.fn(async (username: string) => {
      if (username === 'wrong') throw new SignInError('invalid', 'Invalid username or password.');
    }),
    signOut: vi.fn(async () => {}),
    adoptRefreshToken: vi.fn(async () => true),
    setServerOrigin: vi.fn(async () => {}),
    publicState: () => state,
    hostSession: () => ({ user: null, workspace: null, agent: null }),
    onChange: (listener: () => void) => {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  } as unknown as BackgroundSession;
  const hub = createSocketHub();
  hub.bind(transport as unknown as Transport);
  const router = createPortRouter({ self, session, hub, widgetStorage: createMemoryStorage() });
  return {
    router,
    session,
    transport,
    emitSocket: (event: string, payload: unknown) => socketHandlers.get(event)?.(payload),
    changed: () => changeListeners.forEach((listener) => listener()),
  };
}

function connect(router: ReturnType<typeof createPortRouter>, sender: object, name = PORT_NAME) {
  const received: BackgroundMessage[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const port: RouterPort & { disconnected: boolean } = {
    name,
    sender,
    disconnected: false,
    postMessage: (message) => void received.push(message),
    disconnect() {
      this.disconnected = true;
    },
    onMessage: { addListener: (listener) => void listeners.push(listener) },
    onDisconnect: { addListener: (listener) => void disconnectListeners.push(listener) },
  };
  router.onConnect(port);
  return {
    port,
    received,
    send: (message: unknown) => listeners.forEach((listener) => listener(message)),
    close: () => disconnectListeners.forEach((listener) => listener()),
    answer: async (id: string) => {
      await vi.waitFor(() =>
        expect(received.find((m) => m.kind === 'answer' && m.id === id)).toBeDefined(),
      );
      return received.find((m) => m.kind === 'answer' && m.id === id) as Extract<
        BackgroundMessage,
        { kind: 'answer' }
      >;
    },
  };
}

describe('the port router', () => {
  it('disconnects ports from senders it does not trust', () => {
    const { router } = fakeBackground();
    expect(connect(router, { ...contentSender, id: 'someone-else' }).port.disconnected).toBe(true);
    expect(connect(router, { ...contentSender, id: undefined }).port.disconnected).toBe(true);
    expect(connect(router, contentSender, 'other-port-name').port.disconnected).toBe(true);
    expect(router.openPorts()).toBe(0);
  });

  it('pushes the session state to every new port', async () => {
    const { router } = fakeBackground();
    const tab = connect(router, contentSender);
    await vi.waitFor(() => expect(tab.received).toContainEqual({ kind: 'session-state', state }));
  });

  it('answers a widget request with the data, or the error the app would see', async () => {
    const { router, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'request', id: 'a', request: { method: 'GET', path: 'users/me' } });
    expect(await tab.answer('a')).toEqual({
      kind: 'answer',
      id: 'a',
      ok: true,
      data: { data: 'users/me' },
    });
    tab.send({ kind: 'request', id: 'b', request: { method: 'GET', path: 'forbidden' } });
    expect((await tab.answer('b')).error).toEqual({
      message: 'Forbidden',
      status: 403,
      serverMessage: 'Not yours',
      authFailed: false,
    });
    expect(transport.request).toHaveBeenCalledTimes(2);
  });

  it('drops malformed and forbidden messages without doing anything', async () => {
    const { router, session, transport } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'auth:sign-out', id: 'x' });
    tab.send({
      kind: 'request',
      id: 'y',
      request: { method: 'GET', path: 'https://evil.example/' },
    });
    tab.send({ kind: 'token:get', id: 'z' });
    tab.send('sign-out');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(session.signOut).not.toHaveBeenCalled();
    expect(transport.request).not.toHaveBeenCalled();
    expect(tab.received.filter((m) => m.kind === 'answer')).toHaveLength(0);
    expect(router.droppedMessages()).toBe(4);
  });

  it('lets the popup sign in and out, and hands a sign-in failure back with its code', async () => {
    const { router, session } = fakeBackground();
    const popup = connect(router, popupSender);
    popup.send({ kind: 'auth:sign-in', id: '1', username: 'wrong', password: 'x' });
    expect((await popup.answer('1')).error).toMatchObject({
      status: 401,
      serverMessage: 'invalid',
    });
    popup.send({ kind: 'auth:sign-out', id: '2' });
    expect((await popup.answer('2')).ok).toBe(true);
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('fans one socket event out to every subscribed tab, and stops when a tab closes', async () => {
    const { router, emitSocket } = fakeBackground();
    const tabs = [
      connect(router, contentSender),
      connect(router, { ...contentSender, tab: { id: 6 } }),
    ];
    for (const tab of tabs) tab.send({ kind: 'subscribe', event: 'notification_center_message' });
    emitSocket('notification_center_message', { id: 'n1' });
    for (const tab of tabs) {
      expect(tab.received).toContainEqual({
        kind: 'event',
        event: 'notification_center_message',
        payload: { id: 'n1' },
      });
    }
    tabs[0].close();
    emitSocket('notification_center_message', { id: 'n2' });
    expect(tabs[0].received.filter((m) => m.kind === 'event')).toHaveLength(1);
    expect(tabs[1].received.filter((m) => m.kind === 'event')).toHaveLength(2);
  });

  it('keeps widget storage for widgets', async () => {
    const { router } = fakeBackground();
    const tab = connect(router, contentSender);
    tab.send({ kind: 'storage:set', id: '1', key: 'filters', value: '{"a":1}' });
    await tab.answer('1');
    tab.send({ kind: 'storage:get', id: '2', key: 'filters' });
    expect((await tab.answer('2')).data).toBe('{"a":1}');
  });

  it('tells every port when the session changes', async () => {
    const { router, changed } = fakeBackground();
    const tabs = [connect(router, contentSender), connect(router, popupSender)];
    await vi.waitFor(() => expect(tabs[1].received.length).toBeGreaterThan(0));
    changed();
    for (const tab of tabs)
      expect(tab.received.filter((m) => m.kind === 'session-state').length).toBeGreaterThanOrEqual(
        2,
      );
  });
});
