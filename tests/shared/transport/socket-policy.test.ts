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
  SOCKET_REAUTHENTICATED_EVENT,
  SOCKET_RECONNECT,
  type SessionTokens,
  type TokenSource,
} from '@/shared/transport/direct-transport';
import type { Notifier } from '@/shared/transport/notifier';

// The socket's policy (spec: session 4 Sockets, 8, 9; issue #12) with a fake socket.io
// client: the options it is opened with, the reconnect toasts, and the token_expired path.
// (Delivery over a real socket is in direct-transport.test.ts.)

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
      reconnectionAttempts: number;
      reconnectionDelay: number;
      reconnectionDelayMax: number;
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
  const transport = createDirectTransport({ config: apiConfigFor(baseUrl), tokens, notify });
  const statuses: unknown[] = [];
  transport.subscribe(CONNECTION_STATUS_EVENT, (status) => statuses.push(status));
  transport.connectSocket();
  const socket = sockets.at(-1)!;
  return { transport, tokens, notify, socket, statuses };
}

describe('the socket policy (spec: session 4 Sockets, 9)', () => {
  it('opens one websocket-only socket with the token in auth and the reconnect limits', () => {
    const { transport, socket } = setup();
    transport.connectSocket();
    expect(sockets).toHaveLength(1);
    expect(socket.options.transports).toEqual(['websocket']);
    expect(socket.options.reconnectionAttempts).toBe(3);
    expect(socket.options.reconnectionDelay).toBe(10_000);
    expect(socket.options.reconnectionDelayMax).toBe(20_000);
    expect(socket.presentedToken()).toBe('access-0');
    // Never in the URL: it would end up in proxy and server logs (issue #12).
    expect(socket.url).not.toContain('access-0');
  });

  it('shows "Retrying Socket Connection" for 3 s on attempts 1 to 3, then the persistent error', () => {
    const { notify, socket, statuses, transport } = setup();
    socket.emit('connect');
    socket.emit('disconnect');
    expect(transport.socketStatus()).toBe('connecting');
    for (const attempt of [1, 2, 3]) socket.io.emit('reconnect_attempt', attempt);
    expect(notify.mock.calls).toEqual([
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
      ['info', en.SOCKET_RETRYING, { durationMs: 3000 }],
    ]);
    expect(en.SOCKET_RETRYING).toBe('Retrying Socket Connection');
    expect(SOCKET_RECONNECT.toastMs).toBe(3000);
    socket.io.emit('reconnect_failed');
    expect(notify).toHaveBeenLastCalledWith(
      'danger',
      'Try refreshing the page, and notify support if the issue persists afterward.',
      { title: 'Socket Connection Error!', persistent: true },
    );
    expect(notify).toHaveBeenCalledTimes(4);
    expect(statuses.at(-1)).toBe('error');
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

  it('other connect errors are not a token problem: no refresh, no toast', () => {
    const { socket, notify } = setup();
    socket.emit('connect_error', new Error('xhr poll error'));
    expect(refreshes).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });
});
