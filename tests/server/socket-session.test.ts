import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@/shared/contracts/auth';
import { SESSION_ENDED_EVENT, type SessionEnded } from '@/server/socket/socket-server';
import { createTestClock, startTestServer, type TestServer } from './helpers/test-server';

const MINUTE = 60_000;

/**
 * issue 9 item 8: an open socket lives no longer than its token and its session. The
 * server ends it with `session_ended` {reason} and a server-side disconnect.
 */
function socketSuite(recovery: boolean) {
  const clock = createTestClock();
  let t: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestServer({
      seedDemoData: true,
      now: clock.now,
      socketConnectionStateRecovery: recovery,
    });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  async function open(token: string, options: { reconnection?: boolean } = {}) {
    const socket = connect(t.url, {
      transports: ['websocket'],
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 50,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    const ended = new Promise<{ reason: string; disconnect: string }>((resolve) => {
      socket.once(SESSION_ENDED_EVENT, (payload: SessionEnded) => {
        socket.once('disconnect', (disconnect) => resolve({ reason: payload.reason, disconnect }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, ended };
  }

  /**
   * Drops the connection under a socket the way a network does, once the client holds an
   * offset to recover from (recovery needs one received event), and waits until the
   * server has noticed.
   */
  async function dropConnection(socket: Socket, workspaceId: string) {
    const received = new Promise((resolve) => socket.once('before_drop', resolve));
    t.server.emitToWorkspace(workspaceId, 'before_drop', 0);
    await received;
    const id = socket.id ?? '';
    socket.io.engine.close();
    while (t.server.io.sockets.sockets.has(id)) await new Promise((r) => setTimeout(r, 10));
  }

  return {
    t: () => t,
    clock,
    open,
    dropConnection,
  };
}

describe('an open socket', () => {
  const suite = socketSuite(false);

  it('is ended with "token_expired" when its access token expires, and nothing secret is sent', async () => {
    const { accessToken } = await suite.t().signIn('agent@lakeside.test');
    // Connect 1.5 s before the token's 15 minutes are up (exp is in whole seconds, so
    // the socket has 0.5 to 1.5 s left).
    suite.clock.advance(15 * MINUTE - 1500);
    const { socket, ended } = await suite.open(accessToken);
    const received: [string, ...unknown[]][] = [];
    socket.onAny((event: string, ...args) => received.push([event, ...args]));
    expect(await ended).toEqual({ reason: 'token_expired', disconnect: 'io server disconnect' });
    // The connect-time live call count may arrive first or not (it is read from the
    // database); the end itself says only why.
    const endings = received.filter(([event]) => event !== 'ctmcallsdata');
    expect(endings).toEqual([[SESSION_ENDED_EVENT, { reason: 'token_expired' }]]);
    expect(JSON.stringify(received)).not.toContain(accessToken);
    expect(socket.connected).toBe(false);
  });

  it('is ended with "signed_out" when its session signs out, while the user’s other sessions stay connected', async () => {
    const session = await suite.t().signIn('owner@lakeside.test');
    const other = await suite.t().signIn('owner@lakeside.test');
    const { ended } = await suite.open(session.accessToken);
    const { socket: otherSocket } = await suite.open(other.accessToken);

    const answer = await suite.t().api('/api/auth/revoke', {
      method: 'POST',
      body: { token: session.refreshToken },
    });
    expect(answer.status).toBe(204);
    expect(await ended).toEqual({ reason: 'signed_out', disconnect: 'io server disconnect' });

    // The other session's socket still receives workspace events.
    const received = new Promise((resolve) => otherSocket.once('ping_event', resolve));
    suite.t().server.emitToWorkspace('ws_lakeside', 'ping_event', 1);
    expect(await received).toBe(1);
  });

  it('is ended with "inactive" when the user’s authorization is made inactive', async () => {
    const agent = await suite.t().signIn('agent@summit.test');
    const owner = await suite.t().signIn('owner@summit.test');
    const { ended } = await suite.open(agent.accessToken);

    const authorization = await suite
      .t()
      .server.db.selectFrom('authorizations')
      .select('id')
      .where('user_id', '=', 'usr_agent_summit')
      .executeTakeFirstOrThrow();
    const answer = await suite
      .t()
      .api(`/api/workspaces/ws_summit/authorizations/${authorization.id}`, {
        method: 'PATCH',
        token: owner.accessToken,
        body: { status: 'inactive' },
      });
    expect(answer.status).toBe(200);
    expect(await ended).toEqual({ reason: 'inactive', disconnect: 'io server disconnect' });
    // And it cannot come back with the same token.
    await expect(suite.open(agent.accessToken)).rejects.toThrow('unauthorized');
  });

  it('is ended with "revoked" when a stolen refresh token is replayed and the family is revoked', async () => {
    const session = await suite.t().signIn('admin@lakeside.test');
    const refresh = (token: string) =>
      suite.t().api('/api/auth', {
        method: 'PATCH',
        body: { username: 'admin@lakeside.test', token },
      });
    const rotated = authResponseSchema.parse((await refresh(session.refreshToken)).body).data
      .attributes;
    const { ended } = await suite.open(rotated.AccessToken);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect(await ended).toEqual({ reason: 'revoked', disconnect: 'io server disconnect' });
  });

  it('cannot connect with the access token of a signed-out session', async () => {
    const session = await suite.t().signIn('consultant@lakeside.test');
    await suite.t().api('/api/auth/revoke', {
      method: 'POST',
      body: { token: session.refreshToken },
    });
    await expect(suite.open(session.accessToken)).rejects.toThrow('unauthorized');
  });
});

describe('an open socket with connection-state recovery enabled', () => {
  const suite = socketSuite(true);

  it('recovers a dropped connection while the token is valid', async () => {
    const { accessToken } = await suite.t().signIn('owner@harbor.test');
    const { socket } = await suite.open(accessToken, { reconnection: true });
    // Registered after the first connect: fires on the reconnection.
    const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await suite.dropConnection(socket, 'ws_harbor');
    await reconnected;
    expect(socket.recovered).toBe(true);
    const received = new Promise((resolve) => socket.once('ping_event', resolve));
    suite.t().server.emitToWorkspace('ws_harbor', 'ping_event', 2);
    expect(await received).toBe(2);
  });

  it('checks the token again on recovery (recovery skips the middleware) and ends a socket whose session was signed out meanwhile', async () => {
    const session = await suite.t().signIn('agent@harbor.test');
    const { socket, ended } = await suite.open(session.accessToken, { reconnection: true });
    let recovered = false;
    socket.once('connect', () => {
      recovered = socket.recovered;
    });
    // Drop the transport, and sign out while the socket is away (it is in no room now).
    // The client comes back only once the sign-out is done: a reconnection racing the
    // sign-out would be told "signed out" as a live socket, not checked on recovery.
    socket.io.reconnection(false);
    await suite.dropConnection(socket, 'ws_harbor');
    await suite.t().api('/api/auth/revoke', {
      method: 'POST',
      body: { token: session.refreshToken },
    });
    socket.connect();
    const outcome = await ended;
    expect(recovered).toBe(true);
    expect(outcome.reason).toBe('revoked');
    expect(socket.connected).toBe(false);
  });
});
