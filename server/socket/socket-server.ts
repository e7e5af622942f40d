import type { Server as HttpServer } from 'node:http';
import { type DefaultEventsMap, Server, type ServerOptions, type Socket } from 'socket.io';
import {
  SESSION_ENDED_EVENT,
  type SessionEnded,
  type SessionEndedReason,
} from '@/shared/contracts/session-ended';
import { canReadWorkspace, type Principal, type VerifySession } from '../auth/access';
import type { FamiliesRevoked, RefreshTokenStore } from '../auth/refresh-tokens';
import { TokenError } from '../auth/tokens';

/** Server-side state of one connection. */
export interface SocketData {
  principal: Principal;
}

export type SocketServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type ServerSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one session (refresh-token family, the token's `sid`). */
export const sessionRoom = (familyId: string) => `session:${familyId}`;

/**
 * MV3 service workers die after 30 s without events; an open WebSocket with traffic
 * keeps them alive, so pings must come well inside that (TOOLCHAIN.md: 20 s is safer).
 */
export const PING_INTERVAL_MS = 20_000;

// The event and its reasons are a contract shared with the client (shared/contracts).
export { SESSION_ENDED_EVENT, type SessionEnded, type SessionEndedReason };

export const QUERY_TOKEN_REFUSED =
  'Send the access token in the handshake auth ({ auth: { token } }); tokens in the query string are refused because URLs end up in logs.';

/** Between server processes (Redis adapter): a revocation whose sockets must end. */
const FAMILIES_REVOKED_EVENT = 'intake:families-revoked';

function isFamiliesRevoked(value: unknown): value is FamiliesRevoked {
  if (!value || typeof value !== 'object') return false;
  const { reason, userId, familyIds } = value as Record<string, unknown>;
  return (
    (reason === 'signed_out' || reason === 'revoked' || reason === 'inactive') &&
    typeof userId === 'string' &&
    Array.isArray(familyIds) &&
    familyIds.every((id) => typeof id === 'string')
  );
}

/** setTimeout's largest delay (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function firstString(value: unknown): string | null {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

/** The token comes in `auth.token` only (service workers cannot set headers: TOOLCHAIN.md). */
function handshakeToken(handshake: Socket['handshake']): string | null {
  const auth: unknown = handshake.auth;
  return firstString(
    auth && typeof auth === 'object' ? (auth as Record<string, unknown>).token : undefined,
  );
}

/** A connect_error the client reads as `error.message`, with a hint in `error.data`. */
function refusal(message: 'unauthorized' | 'token_expired', hint?: string): Error {
  const error = new Error(message) as Error & { data?: { message: string } };
  if (hint) error.data = { message: hint };
  return error;
}

export interface SocketServerOptions {
  /** Verifies the access token and that its session is open (server/auth/access.ts). */
  verifySession: VerifySession;
  /** Revocations to act on: their sockets are ended at once. */
  sessions: Pick<RefreshTokenStore, 'onRevoked'>;
  /** The clock the tokens are checked with; expiry timers count from it. */
  now: () => Date;
  /**
   * socket.io's connection-state recovery. Off by default; when on, a recovered socket
   * skips the middleware, so the connection handler checks its token again.
   */
  connectionStateRecovery?: ServerOptions['connectionStateRecovery'];
  /** Browser origins allowed to connect (server/http/cors.ts); default: every origin. */
  isAllowedOrigin?: (origin: string, host: string | undefined) => boolean;
  /**
   * Called once a socket has joined its rooms (a recovered one too): where state a client
   * needs at once is sent to that socket alone, e.g. the live call count (ctmcallsdata).
   */
  onJoined?: (joined: SocketJoined) => void;
  /**
   * The room adapter: socket.io's Redis adapter when several processes serve one
   * deployment (server/socket/redis-fanout.ts); default the in-memory one (one process).
   */
  adapter?: ServerOptions['adapter'];
}

/** A socket that just joined its rooms, for SocketServerOptions.onJoined. */
export interface SocketJoined {
  userId: string;
  workspaceId: string | null;
  /** Sends to this socket only. */
  emit(event: string, payload: unknown): void;
}

/**
 * socket.io on the same HTTP server as the API. A connection needs a valid access token
 * of an open session, in `auth.token`: an expired one is refused with `token_expired`
 * (the client refreshes and reconnects, spec: session 4 Sockets), anything else —
 * including a token in the query string — with `unauthorized`. Accepted sockets join
 * `workspace:{id}`, `user:{id}` and `session:{sid}`.
 *
 * An open socket is not trusted for longer than its token (issue 9 item 8): it is ended
 * at the token's `exp`, when its session is signed out or revoked, and when its user is
 * deactivated (SESSION_ENDED_EVENT).
 */
export function createSocketServer(
  httpServer: HttpServer,
  options: SocketServerOptions,
): SocketServer {
  const { verifySession, now } = options;
  const io: SocketServer = new Server(httpServer, {
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: 20_000,
    transports: ['websocket', 'polling'],
    serveClient: false,
    // The same origins as HTTP (server/http/cors.ts, issue 9 item 2). CORS covers the
    // polling transport; a WebSocket upgrade is not subject to CORS, so allowRequest
    // refuses a browser's connection from any other origin (no Origin: not a browser).
    cors: {
      origin: (origin, callback) =>
        callback(
          null,
          !origin || !options.isAllowedOrigin || options.isAllowedOrigin(origin, undefined),
        ),
      methods: ['GET', 'POST'],
    },
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(
        null,
        !origin ||
          !options.isAllowedOrigin ||
          options.isAllowedOrigin(origin, request.headers.host),
      );
    },
    ...(options.connectionStateRecovery
      ? { connectionStateRecovery: options.connectionStateRecovery }
      : {}),
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const expiryTimers = new WeakMap<ServerSocket, NodeJS.Timeout>();

  function endSession(socket: ServerSocket, reason: SessionEndedReason) {
    clearTimeout(expiryTimers.get(socket));
    const payload: SessionEnded = { reason };
    socket.emit(SESSION_ENDED_EVENT, payload);
    // A namespace disconnect ('io server disconnect': the client does not reconnect by
    // itself), then the connection under it, once the two packets are flushed.
    socket.disconnect();
    socket.conn.close();
  }

  /** Checks a handshake; answers the principal or the refusal to give the client. */
  async function admit(socket: ServerSocket): Promise<Principal | Error> {
    if (socket.handshake.query.token !== undefined)
      return refusal('unauthorized', QUERY_TOKEN_REFUSED);
    const token = handshakeToken(socket.handshake);
    if (!token) return refusal('unauthorized');
    let principal: Principal;
    try {
      principal = await verifySession(token);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      return refusal(error.reason === 'expired' ? 'token_expired' : 'unauthorized');
    }
    // A workspace asked for in the query must be one the token may read.
    const workspace = firstString(socket.handshake.query.workspace);
    if (workspace && !canReadWorkspace(principal, workspace)) return refusal('unauthorized');
    return principal;
  }

  io.use(async (socket, next) => {
    try {
      const admitted = await admit(socket);
      if (admitted instanceof Error) return next(admitted);
      socket.data.principal = admitted;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('unauthorized'));
    }
  });

  io.on('connection', async (socket) => {
    if (socket.recovered) {
      // Connection-state recovery skips the middleware: check the token again, and rebuild
      // the rooms from it (the restored ones belong to the token of the lost connection).
      const admitted = await admit(socket).catch((error: unknown) =>
        error instanceof Error ? error : new Error('unauthorized'),
      );
      if (admitted instanceof Error) {
        endSession(socket, admitted.message === 'token_expired' ? 'token_expired' : 'revoked');
        return;
      }
      socket.data.principal = admitted;
      for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
    }
    if (socket.disconnected) return;
    const { principal } = socket.data;
    const workspace = firstString(socket.handshake.query.workspace) ?? principal.workspace;
    const rooms = [userRoom(principal.sub), sessionRoom(principal.sid)];
    if (workspace) rooms.push(workspaceRoom(workspace));
    void socket.join(rooms);
    options.onJoined?.({
      userId: principal.sub,
      workspaceId: workspace,
      emit: (event, payload) => socket.emit(event, payload),
    });

    const remainingMs = principal.exp * 1000 - now().getTime();
    const timer = setTimeout(
      () => endSession(socket, 'token_expired'),
      Math.min(Math.max(0, remainingMs), MAX_TIMER_MS),
    );
    expiryTimers.set(socket, timer);
    socket.on('disconnect', () => clearTimeout(timer));
  });

  /** Ends this process's sockets of the revoked families (and of the user, if inactive). */
  function endRevokedSockets(event: FamiliesRevoked) {
    const rooms = event.familyIds.map(sessionRoom);
    // Deactivation ends every socket of the user, whatever session it came from.
    if (event.reason === 'inactive') rooms.push(userRoom(event.userId));
    const ids = new Set(rooms.flatMap((room) => [...(io.sockets.adapter.rooms.get(room) ?? [])]));
    for (const id of ids) {
      const socket = io.sockets.sockets.get(id);
      if (socket) endSession(socket, event.reason);
    }
  }

  options.sessions.onRevoked((event: FamiliesRevoked) => {
    endRevokedSockets(event);
    // The session's sockets on the other processes (issue #17): each ends its own, the
    // same way. serverSideEmit does not come back to this process.
    if (options.adapter) io.serverSideEmit(FAMILIES_REVOKED_EVENT, event);
  });
  if (options.adapter) {
    io.on(FAMILIES_REVOKED_EVENT, (event: unknown) => {
      if (isFamiliesRevoked(event)) endRevokedSockets(event);
    });
  }

  return io;
}
