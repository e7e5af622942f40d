// @vitest-environment node
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiConfigFor } from '@/shared/config/api-config';
import { SESSION_ENDED_EVENT } from '@/shared/contracts/session-ended';
import { en } from '@/shared/i18n/en';
import {
  CONNECTION_STATUS_EVENT,
  createDirectTransport,
  SOCKET_ERROR_TOAST_ID,
  SOCKET_REAUTHENTICATED_EVENT,
  SOCKET_RECONNECT,
  socketReconnectDelayMs,
  type WakeUpSource,
  type SessionTokens,
  type TokenSource,
} from '@/shared/transport/direct-transport';
import type { Notifier } from '@/shared/transport/notifier';

// The socket's policy (spec: session 4 Sockets, 8, 9; issue #12) with a fake socket.io
// client: the options it is opened with, the reconnect toasts, and the token_expired path.
// (Delivery over a real socket is in direct-transport.server.test.ts.)

type AuthCallback = (data: Record<string, unknown>) => void;

class FakeManager extends EventEmitter {}

class FakeSocket extends EventEmitter {
  active = true;
  readonly io = new FakeManager();
  connect = vi.fn(() => this);
  disconnect = vi.fn(() => {
    this.active = false;
    return this;
  });
  private anyHandlers: ((event: string, payload: unknown) => void)[] = [];
  constructor(
    readonly url: string,
    readonly options: {
      transports: string[];
      auth: (cb: AuthCallback) => void;
      reconnection: boolean;
    },
  ) {
    super();
  }
  onAny(handler: (event: string, payload: unknown) => void) {
    this.anyHandlers.push(handler);
    return this;
  }
  /** What the server sends: the socket's own handlers and onAny both hear it. */
  serverSends(event: string, payload: unknown) {
    this.emit(event, payload);
    for (const handler of this.anyHandlers) handler(event, payload);
  }
  /** The token the socket would present now (its auth is asked at every (re)connect). */
  presentedToken(): unknown {
    let token: unknown;
    this.options.auth((data) => (token = data.token));
    return token;
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (url: string, options: FakeSocket['options']) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  },
}));

/** A server that only answers the refresh: a new pair, or a refusal. */
let server: Server;
let baseUrl: string;
let refreshAnswer: 'ok' | 'refused' = 'ok';
let refreshes = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'PATCH' && req.url === '/api/auth') {
      refreshes += 1;
      if (refreshAnswer === 'refused') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'refused' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const attributes = {
        AccessToken: `access-${refreshes}`,
        RefreshToken: `r-${refreshes}`,
        ExpiresIn: 900,
      };
      res.end(JSON.stringify({ data: { type: 'auth', attributes } }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  sockets.length = 0;
  refreshAnswer = 'ok';
  refreshes = 0;
});

/** A browser's `online` and a page's `visibilitychange`, fired by hand. */
function fakeWakeUps() {
  const listeners = new Map<string, Set<() => void>>();
  const on = (type: string, listener: () => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(listener);
  };
  const off = (type: string, listener: () => void) => void listeners.get(type)?.delete(listener);
  const page = { visibilityState: 'visible', addEventListener: on, removeEventListener: off };
  const source: WakeUpSource = { addEventListener: on, removeEventListener: off, document: page };
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { source, page, fire, count: (type: string) => listeners.get(type)?.size ?? 0 };
}

function setup() {
  let current: SessionTokens | null = {
    username: 'owner@lakeside.test',
    accessToken: 'access-0',
    refreshToken: 'r-0',
  };
  const tokens = {
    get: () => current,
    set: vi.fn((next: SessionTokens) => void (current = next)),
    onAuthFailure: vi.fn(),
  } satisfies TokenSource;
  const notify = vi.fn<Notifier>();
  const dismissNotice = vi.fn<(id: string) => void>();
  /** The waits asked for; each runs only when the test says so (runWait). */
  const waits: { delayMs: number; run: () => void; cancelled: boolean }[] = [];
  const wakeUps = fakeWakeUps();
  const transport = createDirectTransport({
    config: apiConfigFor(baseUrl),
    tokens,
    notify,
    dismissNotice,
    reconnectTimer: (run, delayMs) => {
      const wait = { delayMs, run, cancelled: false };
      waits.push(wait);
      return () => void (wait.cancelled = true);
    },
    wakeUps: wakeUps.source,
  });
  const statuses: unknown[] = [];
  transport.subscribe(CONNECTION_STATUS_EVENT, (status) => statuses.push(status));
  transport.connectSocket();
  const socket = sockets.at(-1)!;
  /** The last wait ends: the transport tries again. */
  const runWait = () => {
    const wait = waits.at(-1)!;
    expect(wait.cancelled).toBe(false);
    wait.run();
  };
  return { transport, tokens, notify, dismissNotice, socket, statuses, waits, runWait, wakeUps };
}

describe('the socket policy (spec: session 4 Sockets, 9)', () => {
  it('opens one websocket-only socket with the token in auth, reconnecting itself', () => {
    const { transport, socket } = setup();
    transport.connectSocket();
    expect(sockets).toHaveLength(1);
    expect(socket.options.transports).toEqual(['websocket']);
    // issue #28: socket.io's own loop gives up after its attempts; the transport's does not.
    expect(socket.options.reconnection).toBe(false);
    expect(socket.presentedToken()).toBe('access-0');
    // Never in the URL: it would end up in proxy and server logs (issue #12).
    expect(socket.url).not.toContain('access-0');
  });

  it('shows "Retrying Socket Connection" for 3 s on attempts 1 to 3, then the persistent error', () => {
    const { notify, socket, statuses, transport, runWait } = setup();
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    expect(transport.socketStatus()).toBe('connecting');
    for (const attempt of [1, 2, 3]) {
      runWait();
      expect(socket.connect).toHaveBeenCalledTimes(attempt);
      socket.emit('connect_error', new Error('websocket error'));
    }
    expect(notify.mock.calls).toEqual([
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
      [
        'danger',
        'Try refreshing the page, and notify support if the issue persists afterward.',
        { title: 'Socket Connection Error!', persistent: true, id: SOCKET_ERROR_TOAST_ID },
      ],
    ]);
    expect(en.SOCKET_RETRYING).toBe('Retrying Socket Connection');
    expect(SOCKET_RECONNECT.toastMs).toBe(3000);
    expect(statuses.at(-1)).toBe('error');
  });

  it('keeps trying after the 3rd failure, silently, in error until a connect works (issue #28)', () => {
    const { notify, dismissNotice, socket, statuses, transport, runWait, waits } = setup();
    socket.emit('connect_error', new Error('websocket error'));
    for (let attempt = 1; attempt <= 12; attempt++) {
      runWait();
      socket.emit('connect_error', new Error('websocket error'));
    }
    expect(socket.connect).toHaveBeenCalledTimes(12);
    expect(notify).toHaveBeenCalledTimes(4);
    expect(transport.socketStatus()).toBe('error');
    for (const wait of waits) expect(wait.delayMs).toBeLessThanOrEqual(30_000);
    runWait();
    socket.emit('connect');
    expect(statuses.at(-1)).toBe('connected');
    expect(dismissNotice).toHaveBeenCalledExactlyOnceWith(SOCKET_ERROR_TOAST_ID);
    // The next outage starts over: toasts on its attempts 1 to 3, the error once again.
    socket.emit('disconnect', 'ping timeout');
    expect(transport.socketStatus()).toBe('connecting');
    expect(waits.at(-1)!.delayMs).toBeLessThanOrEqual(15_000);
  });

  it('tries again at once when the browser is back online or the page is shown again', () => {
    const { socket, waits, wakeUps, transport } = setup();
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    expect(waits).toHaveLength(1);
    wakeUps.fire('online');
    expect(waits[0]!.cancelled).toBe(true);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    // An attempt under way is not doubled.
    wakeUps.fire('online');
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.emit('connect_error', new Error('websocket error'));
    wakeUps.page.visibilityState = 'hidden';
    wakeUps.fire('visibilitychange');
    expect(socket.connect).toHaveBeenCalledTimes(1);
    wakeUps.page.visibilityState = 'visible';
    wakeUps.fire('visibilitychange');
    expect(socket.connect).toHaveBeenCalledTimes(2);
    // Connected: nothing to hurry.
    socket.emit('connect');
    wakeUps.fire('online');
    expect(socket.connect).toHaveBeenCalledTimes(2);
    transport.disconnectSocket();
    expect(wakeUps.count('online')).toBe(0);
    expect(wakeUps.count('visibilitychange')).toBe(0);
  });

  it('does not retry after the server ended the session for another reason than token_expired', () => {
    const { socket, tokens, waits, statuses } = setup();
    socket.emit('connect');
    socket.serverSends(SESSION_ENDED_EVENT, { reason: 'signed_out' });
    socket.emit('disconnect', 'io server disconnect');
    expect(tokens.onAuthFailure).toHaveBeenCalledTimes(1);
    expect(waits).toHaveLength(0);
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('on connect_error token_expired refreshes the token and reconnects with the new one', async () => {
    const { socket, tokens } = setup();
    socket.emit('connect_error', new Error('token_expired'));
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(refreshes).toBe(1);
    expect(tokens.set).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'access-1' }));
    expect(socket.presentedToken()).toBe('access-1');
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
  });

  it('tells call tracking to set itself up again once the refreshed socket is connected', async () => {
    const { socket, transport } = setup();
    const reinit = vi.fn();
    transport.subscribe(SOCKET_REAUTHENTICATED_EVENT, reinit);
    socket.emit('connect');
    expect(reinit).not.toHaveBeenCalled();
    socket.emit('connect_error', new Error('token_expired'));
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(reinit).not.toHaveBeenCalled();
    socket.emit('connect');
    expect(reinit).toHaveBeenCalledTimes(1);
    // An ordinary reconnect later is not a re-authentication.
    socket.emit('connect');
    expect(reinit).toHaveBeenCalledTimes(1);
  });

  it('refreshes and reconnects when the server ends an open socket with token_expired', async () => {
    const { socket } = setup();
    socket.emit('connect');
    socket.serverSends(SESSION_ENDED_EVENT, { reason: 'token_expired' });
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(socket.presentedToken()).toBe('access-1');
  });

  it('signs out when the refresh after token_expired is refused', async () => {
    refreshAnswer = 'refused';
    const { socket, tokens } = setup();
    socket.emit('connect_error', new Error('token_expired'));
    await vi.waitFor(() => expect(tokens.onAuthFailure).toHaveBeenCalled());
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('does not reconnect a socket closed at sign-out when a refresh lands afterwards', async () => {
    const { socket, transport, statuses } = setup();
    socket.emit('connect_error', new Error('token_expired'));
    transport.disconnectSocket();
    await vi.waitFor(() => expect(refreshes).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.connect).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('other connect errors are not a token problem: no refresh, no toast, a retry later', () => {
    const { socket, notify, waits } = setup();
    socket.emit('connect_error', new Error('xhr poll error'));
    expect(refreshes).toBe(0);
    expect(notify).not.toHaveBeenCalled();
    expect(waits).toHaveLength(1);
  });

  it('waits for the refresh, not the backoff, when the server ends a socket with token_expired', async () => {
    const { socket, waits } = setup();
    socket.emit('connect');
    socket.serverSends(SESSION_ENDED_EVENT, { reason: 'token_expired' });
    socket.emit('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(waits).toHaveLength(0);
  });
});

describe('the reconnect backoff (issue #28, socket.io jitter)', () => {
  it('starts at 10 s, doubles, and never exceeds 30 s whatever the jitter', () => {
    for (const random of [0, 0.05, 0.15, 0.49, 0.5, 0.51, 0.95, 0.999]) {
      const delays = Array.from({ length: 2000 }, (_, i) =>
        socketReconnectDelayMs(i + 1, () => random),
      );
      for (const delay of delays) {
        expect(delay).toBeGreaterThanOrEqual(5000);
        expect(delay).toBeLessThanOrEqual(30_000);
        expect(Number.isFinite(delay)).toBe(true);
      }
    }
    // No jitter (random 0): 10 s, 20 s, then the cap.
    expect([1, 2, 3, 4].map((attempt) => socketReconnectDelayMs(attempt, () => 0))).toEqual([
      10_000, 20_000, 30_000, 30_000,
    ]);
    // Jitter moves the first wait by up to half: 5 s to 15 s.
    expect(socketReconnectDelayMs(1, () => 0.15)).toBe(10_750);
    expect(socketReconnectDelayMs(1, () => 0.05)).toBe(9750);
  });
});
