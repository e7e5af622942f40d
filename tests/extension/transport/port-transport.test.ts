import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import {
  createPortTransport,
  EXTENSION_GONE_TEXT,
  type PortLike,
} from '@/shared/transport/port-transport';
import { SignInError } from '@/shared/session/sign-in-error';
import { TransportError } from '@/shared/transport/transport';

/** A fake runtime port whose other end the test plays (the background). */
class FakePort implements PortLike {
  sent: unknown[] = [];
  disconnected = false;
  private messageListeners: ((message: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  onMessage = {
    addListener: (listener: (message: unknown) => void) =>
      void this.messageListeners.push(listener),
  };
  onDisconnect = {
    addListener: (listener: () => void) => void this.disconnectListeners.push(listener),
  };
  postMessage(message: unknown) {
    if (this.disconnected) throw new Error('Attempting to use a disconnected port object');
    this.sent.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The background answers. */
  deliver(message: unknown) {
    for (const listener of this.messageListeners) listener(message);
  }
  /** The worker was stopped. */
  drop() {
    this.disconnected = true;
    for (const listener of this.disconnectListeners) listener();
  }
  last<T = Record<string, unknown>>(): T {
    return this.sent[this.sent.length - 1] as T;
  }
}

const signedIn: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: 2,
  message: null,
  appOrigin: 'http://localhost:8080',
};

function setup() {
  const ports: FakePort[] = [];
  const connect = vi.fn(() => {
    const port = new FakePort();
    ports.push(port);
    return port;
  });
  const transport = createPortTransport({ connect, reconnectDelayMs: 1 });
  return { transport, ports, connect };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PortTransport', () => {
  it('sends method, path, query and body, and resolves with the answer data', async () => {
    const { transport, ports } = setup();
    const pending = transport.request({
      method: 'GET',
      path: 'users/me',
      query: { include: 'person' },
    });
    const sent = ports[0].last<{ id: string; request: unknown }>();
    expect(sent.request).toEqual({ method: 'GET', path: 'users/me', query: { include: 'person' } });
    ports[0].deliver({ kind: 'answer', id: sent.id, ok: true, data: { data: { id: 'u1' } } });
    await expect(pending).resolves.toEqual({ data: { id: 'u1' } });
  });

  it('rejects with the same TransportError the app would see', async () => {
    const { transport, ports } = setup();
    const pending = transport.request({ method: 'GET', path: 'workspaces/nope' });
    const { id } = ports[0].last<{ id: string }>();
    ports[0].deliver({
      kind: 'answer',
      id,
      ok: false,
      error: {
        message: 'Forbidden',
        status: 403,
        serverMessage: 'Not your workspace',
        authFailed: false,
      },
    });
    const error = await pending.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 403, serverMessage: 'Not your workspace' });
  });

  it('rejects a refused sign-in with the SignInError the app would see, its code intact', async () => {
    const { transport, ports } = setup();
    const pending = transport.call({ kind: 'auth:sign-in', username: 'inactive', password: 'x' });
    const { id } = ports[0].last<{ id: string }>();
    ports[0].deliver({
      kind: 'answer',
      id,
      ok: false,
      error: { kind: 'sign-in', code: 'inactive', message: 'Your account is not active.' },
    });
    const error = await pending.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ code: 'inactive', message: 'Your account is not active.' });
  });

  it('stops waiting for an answer when the signal aborts, and drops the late answer', async () => {
    const { transport, ports } = setup();
    const controller = new AbortController();
    const pending = transport.request({
      method: 'GET',
      path: 'workspaces/ws_lakeside/leadSources',
      signal: controller.signal,
    });
    const sent = ports[0].last<{ id: string; request: Record<string, unknown> }>();
    // The signal stays here: only plain data crosses the port.
    expect(sent.request).not.toHaveProperty('signal');
    controller.abort();
    const error = await pending.catch((failure: unknown) => failure);
    expect(error).toMatchObject({ cancelled: true });
    ports[0].deliver({ kind: 'answer', id: sent.id, ok: true, data: { data: [] } });
    // A later call on the same port still gets its own answer.
    const next = transport.request({ method: 'GET', path: 'users/me' });
    const nextId = ports[0].last<{ id: string }>().id;
    ports[0].deliver({ kind: 'answer', id: nextId, ok: true, data: { data: { id: 'u1' } } });
    await expect(next).resolves.toEqual({ data: { id: 'u1' } });
  });

  it('never sends an anonymous request', async () => {
    const { transport, ports } = setup();
    await expect(
      transport.request({ method: 'POST', path: 'auth', anonymous: true }),
    ).rejects.toBeInstanceOf(TransportError);
    expect(ports).toHaveLength(0);
  });

  it('ignores answers that are not of our protocol', async () => {
    const { transport, ports } = setup();
    const pending = transport.request({ method: 'GET', path: 'users/me' });
    const { id } = ports[0].last<{ id: string }>();
    ports[0].deliver({ kind: 'answer', id, ok: true, data: 1, extra: 'field' });
    ports[0].deliver('garbage');
    ports[0].deliver({ kind: 'answer', id, ok: true, data: 'real' });
    await expect(pending).resolves.toBe('real');
  });

  it('subscribes once per event however many handlers, and unsubscribes with the last one', () => {
    const { transport, ports } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = transport.subscribe('notification_center_message', first);
    const offSecond = transport.subscribe('notification_center_message', second);
    transport.sessionState();
    expect(ports[0].sent.filter((m) => (m as { kind: string }).kind === 'subscribe')).toHaveLength(
      1,
    );
    ports[0].deliver({ kind: 'event', event: 'notification_center_message', payload: { id: 1 } });
    expect(first).toHaveBeenCalledWith({ id: 1 });
    expect(second).toHaveBeenCalledWith({ id: 1 });
    offFirst();
    offSecond();
    expect(ports[0].last()).toEqual({ kind: 'unsubscribe', event: 'notification_center_message' });
  });

  it('keeps the last session state and tells its listeners', () => {
    const { transport, ports } = setup();
    const listener = vi.fn();
    transport.onSessionState(listener);
    ports[0].deliver({ kind: 'session-state', state: signedIn });
    expect(listener).toHaveBeenCalledWith(signedIn);
    expect(transport.sessionState()).toEqual(signedIn);
  });

  it('reconnects when the worker stops, subscribes again and resends what is safe to repeat', async () => {
    const { transport, ports } = setup();
    const handler = vi.fn();
    transport.subscribe('ctmcallsdata', handler);
    const get = transport.request({ method: 'GET', path: 'users/me' });
    const post = transport.request({
      method: 'POST',
      path: 'workspaces/ws/reports/pclc',
      body: {},
    });
    const getId = (ports[0].sent[1] as { id: string }).id;
    ports[0].drop();
    // A POST may already have reached the server: it fails instead of running twice.
    await expect(post).rejects.toMatchObject({ status: 0 });
    await vi.waitFor(() => expect(ports).toHaveLength(2));
    expect(ports[1].sent).toContainEqual({ kind: 'subscribe', event: 'ctmcallsdata' });
    expect(ports[1].sent).toContainEqual(expect.objectContaining({ kind: 'request', id: getId }));
    ports[1].deliver({ kind: 'answer', id: getId, ok: true, data: 'after restart' });
    await expect(get).resolves.toBe('after restart');
    ports[1].deliver({ kind: 'event', event: 'ctmcallsdata', payload: 3 });
    expect(handler).toHaveBeenCalledWith(3);
  });

  it('keeps the last live snapshot, and says its visibility again on every new port (issue #12)', async () => {
    const { transport, ports } = setup();
    const snapshots: unknown[] = [];
    transport.onLiveState((snapshot) => snapshots.push(snapshot));
    transport.setVisibility(true);
    expect(ports[0].sent).toContainEqual({ kind: 'live:visibility', visible: true });
    const snapshot = {
      status: 'ready',
      notifications: [],
      unread: 0,
      liveCalls: 2,
      socket: 'connected',
    };
    ports[0].deliver({ kind: 'live-state', snapshot });
    expect(transport.liveState()).toEqual(snapshot);
    expect(snapshots).toEqual([snapshot]);
    // The worker stops: a live listener keeps the tab connected, and the new port is told.
    ports[0].drop();
    await vi.waitFor(() => expect(ports).toHaveLength(2));
    expect(ports[1].sent).toContainEqual({ kind: 'live:visibility', visible: true });
    transport.setVisibility(false);
    expect(ports[1].last()).toEqual({ kind: 'live:visibility', visible: false });
  });

  it('reconnects for a tab that only waits for panel calls, and hands it the next one', async () => {
    const { transport, ports } = setup();
    const calls: unknown[] = [];
    transport.onPanelCall((request) => calls.push(request));
    expect(ports).toHaveLength(1);
    ports[0].drop();
    await vi.waitFor(() => expect(ports).toHaveLength(2));
    const request = { name: 'Dana Reyes', phone: '+1 512 555 0147' };
    ports[1].deliver({ kind: 'panel-call', request });
    expect(calls).toEqual([request]);
  });

  it('opens a new port for the next request after an idle worker stop', async () => {
    const { transport, ports } = setup();
    const first = transport.request({ method: 'GET', path: 'a' });
    ports[0].deliver({ kind: 'answer', id: ports[0].last<{ id: string }>().id, ok: true, data: 1 });
    await first;
    ports[0].drop();
    const second = transport.request({ method: 'GET', path: 'b' });
    await vi.waitFor(() => expect(ports.length).toBeGreaterThanOrEqual(2));
    const port = ports[ports.length - 1];
    port.deliver({ kind: 'answer', id: port.last<{ id: string }>().id, ok: true, data: 2 });
    await expect(second).resolves.toBe(2);
  });

  it('gives up and says so when the extension was updated or removed', async () => {
    const connect = vi.fn(() => {
      throw new Error('Extension context invalidated.');
    });
    const transport = createPortTransport({ connect });
    const states: PublicSessionState[] = [];
    transport.onSessionState((state) => states.push(state));
    await expect(transport.request({ method: 'GET', path: 'users/me' })).rejects.toMatchObject({
      message: EXTENSION_GONE_TEXT,
    });
    expect(states[0]).toMatchObject({ status: 'signed-out', message: EXTENSION_GONE_TEXT });
  });

  it('fails pending calls on close and does not reconnect', async () => {
    const { transport, ports } = setup();
    const pending = transport.request({ method: 'GET', path: 'users/me' });
    transport.close();
    await expect(pending).rejects.toBeInstanceOf(TransportError);
    expect(ports[0].disconnected).toBe(true);
  });
});
