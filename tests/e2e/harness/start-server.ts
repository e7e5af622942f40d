import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildServerOptions, buildServer, type IntakeServer } from '@/server/app';
import { DEMO_PASSWORD, demoAccountSlug } from '@/server/seed/demo-accounts';
import { userRoom } from '@/server/socket/socket-server';
import { authResponseSchema } from '@/shared/contracts/auth';
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
  /** Access token of a demo user, through the real sign-in (POST /api/auth). */
  signIn(username: string, password?: string): Promise<string>;
  /**
   * Kills the server the way a crash does (every TCP connection cut, no socket.io
   * disconnect packet, so clients run their reconnect policy), then starts a new one on
   * the same port and data directory. `whileDown` runs after the new process is built
   * and before it listens: what it stores (a notification, say) was sent while no client
   * could connect.
   */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>;
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
  const build = () =>
    buildServer({
      dataDir,
      logLevel: 'warn',
      staticDir: APP_DIST,
      // The demo accounts sign in here; the server's default is a database without them.
      seedDemoData: true,
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

  async function postNotification(input: SendNotification, token: string) {
    return current.app.inject({
      method: 'POST',
      url: '/api/system/notifications',
      headers: { authorization: `Bearer ${token}` },
      payload: input,
    });
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
      systemToken ??= await signIn(SYSTEM_USERNAME);
      let answer = await postNotification(input, systemToken);
      if (answer.statusCode === 401) {
        // The 15-minute access token ran out: sign in again once.
        systemToken = await signIn(SYSTEM_USERNAME);
        answer = await postNotification(input, systemToken);
      }
      if (answer.statusCode !== 201) {
        throw new Error(`Sending a notification answered ${answer.statusCode}: ${answer.body}`);
      }
      return notificationResponseSchema.parse(answer.json()).data;
    },
    setLiveCalls(workspaceId, count) {
      current.emitToWorkspace(workspaceId, LIVE_CALLS_EVENT, { count });
    },
    signIn,
    async restart({ whileDown } = {}) {
      await kill();
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
