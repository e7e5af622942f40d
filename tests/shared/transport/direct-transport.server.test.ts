// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, ShapeMismatchError } from '@/shared/api/client';
import { apiConfigFor } from '@/shared/config/api-config';
import { meResponseSchema } from '@/shared/contracts/user';
import { en } from '@/shared/i18n/en';
import {
  CONNECTION_STATUS_EVENT,
  createDirectTransport,
  type SessionTokens,
  type TokenSource,
} from '@/shared/transport/direct-transport';
import { TransportError } from '@/shared/transport/transport';
import { startTestServer, type TestServer } from '../../server/helpers/test-server';

// The transport's refresh, retry and error policy (spec: session 4 step 8, 8, 9),
// against the real reference server wherever the server can answer.

let server: TestServer;
/** A real HTTP server for what the reference server never does: hang, or answer 500. */
let oddServer: Server;
let oddUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  oddServer = createServer((req, res) => {
    if (req.url?.startsWith('/api/hang')) return; // never answers
    // A refresh that always succeeds, and a call that is refused whatever the token:
    // the "401 again after a good refresh" case the reference server never produces.
    if (req.method === 'PATCH' && req.url === '/api/auth') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const attributes = { AccessToken: 'a2', RefreshToken: 'r2', ExpiresIn: 900 };
      res.end(JSON.stringify({ data: { type: 'auth', attributes } }));
      return;
    }
    if (req.url?.startsWith('/api/refused')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'nope' }));
      return;
    }
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }));
  });
  await new Promise<void>((resolve) => oddServer.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(oddServer.address() as AddressInfo).port}`;
  // The real server hashes demo passwords at OWASP cost: starting it takes seconds.
}, 60_000);

afterAll(async () => {
  await server.close();
  oddServer.closeAllConnections();
  await new Promise((resolve) => oddServer.close(resolve));
});

function memoryTokens(initial: SessionTokens | null) {
  let current = initial;
  const source = {
    get: () => current,
    set: vi.fn((tokens: SessionTokens) => {
      current = tokens;
    }),
    onAuthFailure: vi.fn(),
  } satisfies TokenSource;
  return source;
}

async function ownerTokens(): Promise<SessionTokens> {
  const { accessToken, refreshToken } = await server.signIn('owner@lakeside.test');
  return { username: 'owner@lakeside.test', accessToken, refreshToken };
}

const me = {
  method: 'GET',
  path: 'users/me',
  query: { include: 'authorizations,person' },
} as const;

describe('the direct transport', () => {
  it('sends the Bearer token and answers the parsed JSON', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const body = meResponseSchema.parse(await transport.request(me));
    expect(body.data.attributes.username).toBe('owner@lakeside.test');
    expect(tokens.set).not.toHaveBeenCalled();
  });

  it('refreshes the token once on a 401 and retries the call', async () => {
    const real = await ownerTokens();
    const tokens = memoryTokens({ ...real, accessToken: 'expired-or-forged' });
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    await expect(transport.request(me)).resolves.toMatchObject({
      data: { attributes: { username: 'owner@lakeside.test' } },
    });
    expect(tokens.set).toHaveBeenCalledTimes(1);
    expect(tokens.get()?.accessToken).not.toBe('expired-or-forged');
    // Rotation: the refresh token changed too.
    expect(tokens.get()?.refreshToken).not.toBe(real.refreshToken);
  });

  it('shares one refresh between parallel calls that all got a 401', async () => {
    const real = await ownerTokens();
    const tokens = memoryTokens({ ...real, accessToken: 'stale' });
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const answers = await Promise.all(Array.from({ length: 5 }, () => transport.request(me)));
    expect(answers).toHaveLength(5);
    // A second refresh would have reused the rotated-away token and been refused.
    expect(tokens.set).toHaveBeenCalledTimes(1);
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
  });

  it('signs the user out when the refresh is refused', async () => {
    const tokens = memoryTokens({
      username: 'owner@lakeside.test',
      accessToken: 'x',
      refreshToken: 'y',
    });
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const failure = await transport.request(me).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ status: 401, authFailed: true });
    expect(tokens.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('signs the user out when the retried call is refused again after a good refresh', async () => {
    const tokens = memoryTokens({ username: 'u', accessToken: 'a1', refreshToken: 'r1' });
    const transport = createDirectTransport({ config: apiConfigFor(oddUrl), tokens });
    await expect(transport.request({ method: 'GET', path: 'refused' })).rejects.toMatchObject({
      status: 401,
      authFailed: true,
    });
    expect(tokens.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when a keepSessionOnAuthFailure call is refused again after a good refresh', async () => {
    const tokens = memoryTokens({ username: 'u', accessToken: 'a1', refreshToken: 'r1' });
    const transport = createDirectTransport({ config: apiConfigFor(oddUrl), tokens });
    const request = { method: 'GET', path: 'refused', keepSessionOnAuthFailure: true } as const;
    await expect(transport.request(request)).rejects.toMatchObject({
      status: 401,
      authFailed: false,
    });
    // The refresh itself happened and was kept; only the sign-out is withheld (issue 9, Low).
    expect(tokens.get()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
  });

  it('still signs out a keepSessionOnAuthFailure call when the refresh itself is refused', async () => {
    const tokens = memoryTokens({
      username: 'owner@lakeside.test',
      accessToken: 'x',
      refreshToken: 'y',
    });
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    await expect(
      transport.request({ ...me, keepSessionOnAuthFailure: true }),
    ).rejects.toMatchObject({ status: 401, authFailed: true });
    expect(tokens.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for the exempt password-change and email-verify calls', async () => {
    const real = await ownerTokens();
    const tokens = memoryTokens({ ...real, accessToken: 'stale' });
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    await expect(transport.request({ ...me, skipAuthRefresh: true })).rejects.toMatchObject({
      status: 401,
      authFailed: false,
    });
    expect(tokens.set).not.toHaveBeenCalled();
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
  });

  it('does not refresh for a caller that is not signed in', async () => {
    const tokens = memoryTokens(null);
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    await expect(transport.request(me)).rejects.toMatchObject({ status: 401 });
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
  });

  it('treats a timeout as a failure', async () => {
    const transport = createDirectTransport({
      config: apiConfigFor(oddUrl),
      tokens: memoryTokens(null),
    });
    await expect(
      transport.request({ method: 'GET', path: 'hang', timeoutMs: 150 }),
    ).rejects.toMatchObject({ status: 408, message: en.REQUEST_TIMEOUT });
  });

  it('stops a call whose signal is aborted, as cancelled and without a toast', async () => {
    const transport = createDirectTransport({
      config: apiConfigFor(oddUrl),
      tokens: memoryTokens(null),
    });
    const notify = vi.fn();
    const api = createApiClient(transport, notify);
    const controller = new AbortController();
    const call = api.call(z.unknown(), { method: 'GET', path: 'hang', signal: controller.signal });
    controller.abort();
    const error = await call.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).cancelled).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a network failure', async () => {
    const transport = createDirectTransport({
      config: apiConfigFor('http://127.0.0.1:9'),
      tokens: memoryTokens(null),
    });
    await expect(transport.request(me)).rejects.toMatchObject({
      status: 0,
      message: en.NETWORK_ERROR,
    });
  });

  it('counts every request for the global loader, failed ones included', async () => {
    const counter = { started: 0, ended: 0 };
    const transport = createDirectTransport({
      config: apiConfigFor(server.url),
      tokens: memoryTokens(null),
      onRequestStart: () => counter.started++,
      onRequestEnd: () => counter.ended++,
    });
    await transport.request(me).catch(() => undefined);
    expect(counter).toEqual({ started: 1, ended: 1 });
  });

  it('connects one socket with the token and delivers server events to subscribers', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const connected = new Promise<void>((resolve) =>
      transport.subscribe(CONNECTION_STATUS_EVENT, (status) => status === 'connected' && resolve()),
    );
    transport.connectSocket();
    transport.connectSocket(); // a second call must not open a second connection
    await connected;
    expect(server.server.io.engine.clientsCount).toBe(1);
    const received = new Promise((resolve) => transport.subscribe('ctmcallsdata', resolve));
    server.server.emitToWorkspace('ws_lakeside', 'ctmcallsdata', 3);
    await expect(received).resolves.toBe(3);
    transport.disconnectSocket();
    expect(transport.socketStatus()).toBe('disconnected');
  });
});

describe('a socket whose session the server ends (issue 9 item 8)', () => {
  it('signs out instead of staying connected when the session is signed out elsewhere', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const connected = new Promise<void>((resolve) =>
      transport.subscribe(CONNECTION_STATUS_EVENT, (status) => status === 'connected' && resolve()),
    );
    transport.connectSocket();
    await connected;
    const disconnected = new Promise<void>((resolve) =>
      transport.subscribe(
        CONNECTION_STATUS_EVENT,
        (status) => status === 'disconnected' && resolve(),
      ),
    );
    const answer = await server.api('/api/auth/revoke', {
      method: 'POST',
      body: { token: tokens.get()?.refreshToken },
    });
    expect(answer.status).toBe(204);
    await disconnected;
    expect(tokens.onAuthFailure).toHaveBeenCalledTimes(1);
    // No refresh was tried: the family is revoked, a refresh could only be refused.
    expect(tokens.set).not.toHaveBeenCalled();
    transport.disconnectSocket();
  });

  it('ignores a malformed session_ended payload from a socket it does not trust', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const transport = createDirectTransport({ config: apiConfigFor(server.url), tokens });
    const connected = new Promise<void>((resolve) =>
      transport.subscribe(CONNECTION_STATUS_EVENT, (status) => status === 'connected' && resolve()),
    );
    transport.connectSocket();
    await connected;
    const received = new Promise((resolve) => transport.subscribe('session_ended', resolve));
    server.server.emitToWorkspace('ws_lakeside', 'session_ended', { reason: 'whatever' });
    await received;
    expect(tokens.onAuthFailure).not.toHaveBeenCalled();
    expect(transport.socketStatus()).toBe('connected');
    transport.disconnectSocket();
  });
});

describe('the API client over it (spec: session 8 error catalogue)', () => {
  it('shows the server message of a 4xx as an error toast and rethrows', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const notify = vi.fn();
    const api = createApiClient(
      createDirectTransport({ config: apiConfigFor(server.url), tokens }),
      notify,
    );
    const failure = await api
      .call(z.unknown(), {
        method: 'GET',
        path: 'workspaces/ws_lakeside/leadSources',
        query: { 'page[limit]': 0 },
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400 });
    expect(notify).toHaveBeenCalledWith('danger', expect.stringContaining('page[limit]'));
  });

  it('shows no toast for a 500', async () => {
    const notify = vi.fn();
    const api = createApiClient(
      createDirectTransport({ config: apiConfigFor(oddUrl), tokens: memoryTokens(null) }),
      notify,
    );
    await expect(api.call(z.unknown(), { method: 'GET', path: 'anything' })).rejects.toMatchObject({
      status: 500,
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('raises the shape-mismatch notification for an answer that breaks its contract', async () => {
    const tokens = memoryTokens(await ownerTokens());
    const notify = vi.fn();
    const api = createApiClient(
      createDirectTransport({ config: apiConfigFor(server.url), tokens }),
      notify,
    );
    const wrongContract = z.object({ data: z.object({ id: z.number() }) });
    await expect(api.call(wrongContract, me)).rejects.toBeInstanceOf(ShapeMismatchError);
    expect(notify).toHaveBeenCalledWith('danger', en.SHAPE_MISMATCH);
  });
});
