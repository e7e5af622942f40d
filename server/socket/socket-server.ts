import type { Server as HttpServer } from 'node:http';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import { type Principal, canReadWorkspace } from '../auth/access';
import { TokenError, type TokenService } from '../auth/tokens';

/** Server-side state of one connection. */
export interface SocketData {
  principal: Principal;
}

export type SocketServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * MV3 service workers die after 30 s without events; an open WebSocket with traffic
 * keeps them alive, so pings must come well inside that (TOOLCHAIN.md: 20 s is safer).
 */
export const PING_INTERVAL_MS = 20_000;

function firstString(value: unknown): string | null {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

/**
 * The token comes in `auth.token` (service workers cannot set headers: TOOLCHAIN.md) or
 * in the query (spec: session 4 Sockets "a query of token and workspace").
 */
function handshakeToken(handshake: Socket['handshake']): string | null {
  const auth: unknown = handshake.auth;
  const fromAuth =
    auth && typeof auth === 'object' ? (auth as Record<string, unknown>).token : undefined;
  return firstString(fromAuth) ?? firstString(handshake.query.token);
}

/**
 * socket.io on the same HTTP server as the API. A connection needs a valid access token:
 * an expired one is refused with `token_expired` (the client refreshes and reconnects,
 * spec: session 4 Sockets), anything else with `unauthorized`. Accepted sockets join
 * `workspace:{id}` and `user:{id}` so later issues can emit to either.
 */
export function createSocketServer(
  httpServer: HttpServer,
  tokens: TokenService,
  /** Browser origins allowed to connect (server/http/cors.ts); default: every origin. */
  isAllowedOrigin?: (origin: string, host: string | undefined) => boolean,
): SocketServer {
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
        callback(null, !origin || !isAllowedOrigin || isAllowedOrigin(origin, undefined)),
      methods: ['GET', 'POST'],
    },
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, !origin || !isAllowedOrigin || isAllowedOrigin(origin, request.headers.host));
    },
  });

  io.use(async (socket, next) => {
    const token = handshakeToken(socket.handshake);
    if (!token) return next(new Error('unauthorized'));
    let principal: Principal;
    try {
      principal = await tokens.verifyAccess(token);
    } catch (error) {
      const expired = error instanceof TokenError && error.reason === 'expired';
      return next(new Error(expired ? 'token_expired' : 'unauthorized'));
    }
    // A workspace asked for in the query must be one the token may read.
    const workspace = firstString(socket.handshake.query.workspace);
    if (workspace && !canReadWorkspace(principal, workspace))
      return next(new Error('unauthorized'));
    socket.data.principal = principal;
    next();
  });

  io.on('connection', (socket) => {
    const { principal } = socket.data;
    const workspace = firstString(socket.handshake.query.workspace) ?? principal.workspace;
    const rooms = [userRoom(principal.sub)];
    if (workspace) rooms.push(workspaceRoom(workspace));
    void socket.join(rooms);
  });

  return io;
}
