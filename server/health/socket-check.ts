import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocketServer } from '../socket/socket-server';
import type { PartCheck } from './run-check';

/** socket.io's default path (server/socket/socket-server.ts keeps it). */
const ENGINE_PATH = '/socket.io/';

/** Where this server can reach itself: its own port on the loopback address. */
function loopbackBase(httpServer: HttpServer): string | null {
  const address = httpServer.address();
  if (!address || typeof address === 'string') return null;
  const { address: host, family, port } = address as AddressInfo;
  const unspecified = host === '0.0.0.0' || host === '::';
  const loopbackHost = unspecified ? '127.0.0.1' : family === 'IPv6' ? `[${host}]` : host;
  return `http://${loopbackHost}:${port}`;
}

/**
 * Opens an engine.io session over HTTP long-polling (the first step every socket.io
 * client takes, before any token is asked for), then closes it with a close packet. It
 * proves the socket server answers handshakes on this port without signing anyone in.
 */
async function handshake(base: string, signal: AbortSignal): Promise<void> {
  const url = `${base}${ENGINE_PATH}?EIO=4&transport=polling`;
  const opened = await fetch(url, { signal });
  const body = await opened.text();
  if (!opened.ok) throw new Error(`the handshake answered ${opened.status}`);
  // An open packet: "0" then the session's JSON ({"sid":...}).
  const sid = body.startsWith('0') ? (JSON.parse(body.slice(1)) as { sid?: unknown }).sid : null;
  if (typeof sid !== 'string') throw new Error('the handshake answered no session');
  // "1" is engine.io's close packet: the test session ends at once, not at its ping timeout.
  await fetch(`${url}&sid=${encodeURIComponent(sid)}`, {
    method: 'POST',
    body: '1',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    signal,
  }).then((closed) => closed.text());
}

/**
 * Sockets: how many are connected (read before the loopback adds its own), and a real
 * handshake with the socket server through this server's own port. With the Redis
 * fan-out (issue #17), Redis must answer too: without it events reach this process's
 * sockets only (degraded).
 */
export function socketCheck(
  io: () => SocketServer,
  httpServer: HttpServer,
  redis: { ping(): Promise<number> } | null = null,
): PartCheck {
  return {
    id: 'sockets',
    name: 'Sockets',
    async probe(signal) {
      const server = io();
      const connected = server.of('/').sockets.size;
      const counted = `${connected} connected ${connected === 1 ? 'socket' : 'sockets'}`;
      const base = loopbackBase(httpServer);
      if (!base) return { status: 'degraded', detail: `${counted}; the server is not listening.` };
      try {
        await handshake(base, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        return { status: 'down', detail: `${counted}; loopback handshake failed: ${reason}.` };
      }
      if (!redis) return { status: 'ok', detail: `${counted}; loopback handshake answered.` };
      try {
        const pingMs = await redis.ping();
        return {
          status: 'ok',
          detail: `${counted}; loopback handshake answered; Redis fan-out answered in ${pingMs} ms.`,
        };
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        return {
          status: 'degraded',
          detail: `${counted}; Redis does not answer (${reason}): events reach this process's sockets only.`,
        };
      }
    },
  };
}
