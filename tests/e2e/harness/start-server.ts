import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildServerOptions, buildServer, type IntakeServer } from '@/server/app';
import { DEMO_PASSWORD, demoAccountSlug } from '@/server/seed/demo-accounts';
import { userRoom } from '@/server/socket/socket-server';
import { copySeededTemplate } from '../../server/helpers/sqlite-template';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';
import { authResponseSchema } from '@/shared/contracts/auth';
import {
  type PlaceTestCall,
  type TrackedCall,
  trackedCallResponseSchema,
} from '@/shared/contracts/call-tracking';
import {
  LIVE_CALLS_EVENT,
  type Notification,
  notificationResponseSchema,
  type SendNotification,
} from '@/shared/contracts/notification';

export const APP_DIST = fileURLToPath(new URL('../../../dist/app', import.meta.url));

/** The demo system user: the only role that may send notifications (POST system/notifications). */
export const SYSTEM_USERNAME = 'system@intake.test';

/** A demo account's user id (server/seed/demo-accounts.ts): owner@lakeside.test → usr_owner_lakeside. */
export const demoUserId = (username: string) => `usr_${demoAccountSlug(username)}`;

export interface RunningServer {
  url: string;
  /** Holds the database and the JWT secret; kept across restart(). */
  dataDir: string;
  /** The server process of now (a new object after restart()). */
  readonly server: IntakeServer;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  /** Open socket.io connections (engine level): the extension must hold exactly one. */
  socketCount(): number;
  /** The sockets of one user (room `user:{id}`), whichever tab or worker opened them. */
  userSocketCount(userId: string): Promise<number>;
  /**
   * Sends a notification as the system user, through the real route (POST
   * /api/system/notifications: validation, storage, the socket push). In-process
   * (Fastify's inject), so it also works inside restart's `whileDown`, before the new
   * process listens.
   */
  sendNotification(input: SendNotification): Promise<Notification>;
  /**
   * The workspace's live call count as clients see it: `ctmcallsdata` {count} to the
   * workspace room, what the call-tracking simulator sends as calls start and end.
   */
  setLiveCalls(workspaceId: string, count: number): void;
  /**
   * Places a test call as the system user (POST /api/system/test-calls): the simulated
   * call-tracking provider rings the agent, and the workspace's live call count
   * (`ctmcallsdata`) goes up until the call ends (a ring and at least a minute of talk).
   */
  placeTestCall(input: PlaceTestCall): Promise<TrackedCall>;
  /**
   * The simulated caller hangs up (POST /api/system/test-calls/{id}/caller-hangup, issue
   * #28): the call ends at the provider, and `callEnded::{userId}` goes to the agent.
   */
  callerHangUp(callId: string): Promise<TrackedCall>;
  /** The simulator's live call count of a workspace (what `ctmcallsdata` carries). */
  liveCallCount(workspaceId: string): Promise<number>;
  /** Access token of a demo user, through the real sign-in (POST /api/auth). */
  signIn(username: string, password?: string): Promise<string>;
  /**
   * Kills the server the way a crash does (every TCP connection cut, no socket.io
   * disconnect packet, so clients run their reconnect policy), then starts a new one on
   * the same port and data directory. `whileDown` runs after the new process is built
   * and before it listens: what it stores (a notification, say) was sent while no client
   * could connect. `graceful`: a stop as `npm start` does on SIGTERM instead (socket.io's
   * disconnect reaches every client, which socket.io-client never retries by itself).
   */
  restart(options?: { whileDown?: () => Promise<void>; graceful?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real reference server on an ephemeral port with a fresh, seeded database,
 * serving the built app (run `npm run build` first; `npm test` does).
 */
export async function startServer(
  options: Partial<Omit<BuildServerOptions, 'dataDir'>> = {},
): Promise<RunningServer> {
  if (!existsSync(join(APP_DIST, 'index.html'))) {
    throw new Error(`The app is not built (${APP_DIST}). Run "npm run build" first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'intake-e2e-'));
  // The run's demo database, seeded once by the global setup at the test password cost,
  // is copied rather than seeded again (issue #31 item 11: 10 to 20 s a file under load),
  // unless the suite runs its own clock or asks for another cost or no demo data.
  const fromTemplate =
    options.now === undefined &&
    options.seedDemoData !== false &&
    (options.passwordCost === undefined || options.passwordCost === TEST_PASSWORD_COST) &&
    (await copySeededTemplate(dataDir, new Date().toISOString().slice(0, 10)));
  const build = () =>
    buildServer({
      dataDir,
      logLevel: 'warn',
      staticDir: APP_DIST,
      // The demo accounts sign in here; the server's default is a database without them.
      seedDemoData: true,
      // The copied demo users' passwords are hashed at the test cost: signing in must not
      // re-hash each at the production cost.
      ...(fromTemplate ? { passwordCost: TEST_PASSWORD_COST } : {}),
      ...options,
    });
  // Raw TCP connections, WebSocket upgrades included: what a crash cuts.
  const connections = new Set<Socket>();
  const track = (server: IntakeServer) =>
    server.app.server.on('connection', (socket: Socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
    });

  let current = await build();
  track(current);
  const { url } = await current.listen(0, '127.0.0.1');
  const port = Number(new URL(url).port);
  let systemToken: string | null = null;

  async function signIn(username: string, password = DEMO_PASSWORD): Promise<string> {
    const answer = await current.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username, password },
    });
    if (answer.statusCode !== 200) {
      throw new Error(`Sign-in of ${username} answered ${answer.statusCode}: ${answer.body}`);
    }
    return authResponseSchema.parse(answer.json()).data.attributes.AccessToken;
  }

  /** A POST as the system user through the real route; signs in again once on a 401. */
  async function systemPost(
    url: string,
    payload: object,
    what: string,
    expected = 201,
  ): Promise<unknown> {
    const post = (token: string) =>
      current.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    systemToken ??= await signIn(SYSTEM_USERNAME);
    let answer = await post(systemToken);
    if (answer.statusCode === 401) {
      // The 15-minute access token ran out.
      systemToken = await signIn(SYSTEM_USERNAME);
      answer = await post(systemToken);
    }
    if (answer.statusCode !== expected) {
      throw new Error(`${what} answered ${answer.statusCode}: ${answer.body}`);
    }
    return answer.json();
  }

  async function kill() {
    const dying = current;
    for (const socket of connections) socket.destroy();
    connections.clear();
    // Let the engine see its transports close (no disconnect packet reaches anyone).
    const deadline = Date.now() + 5000;
    while (dying.io.engine.clientsCount > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await dying.close();
  }

  return {
    url,
    dataDir,
    get server() {
      return current;
    },
    emitToWorkspace: (workspaceId, event, payload) =>
      current.emitToWorkspace(workspaceId, event, payload),
    socketCount: () => current.io.engine.clientsCount,
    async userSocketCount(userId) {
      return (await current.io.in(userRoom(userId)).fetchSockets()).length;
    },
    async sendNotification(input) {
      const body = await systemPost('/api/system/notifications', input, 'Sending a notification');
      return notificationResponseSchema.parse(body).data;
    },
    async placeTestCall(input) {
      const body = await systemPost('/api/system/test-calls', input, 'Placing a test call');
      return trackedCallResponseSchema.parse(body).data;
    },
    async callerHangUp(callId) {
      const path = `/api/system/test-calls/${encodeURIComponent(callId)}/caller-hangup`;
      const body = await systemPost(path, {}, 'The caller hanging up', 200);
      return trackedCallResponseSchema.parse(body).data;
    },
    liveCallCount: (workspaceId) => current.callTracking.simulator.liveCount(workspaceId),
    setLiveCalls(workspaceId, count) {
      current.emitToWorkspace(workspaceId, LIVE_CALLS_EVENT, { count });
    },
    signIn,
    async restart({ whileDown, graceful = false } = {}) {
      if (graceful) {
        await current.close();
        connections.clear();
      } else await kill();
      current = await build();
      track(current);
      if (whileDown) await whileDown();
      await current.listen(port, '127.0.0.1');
    },
    async stop() {
      await current.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
