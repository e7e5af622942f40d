import { type ManagerOptions, type Socket, type SocketOptions, io } from 'socket.io-client';

// Socket.IO clients of the test server, signed in with a bearer token: one way to open
// them for every server test (call tracking, the scale-out suites).

export interface HeardEvent {
  event: string;
  payload: unknown;
}

type SocketOptionsIn = Partial<ManagerOptions & SocketOptions>;

/** No reconnection: a test says when it reconnects. */
const newSocket = (url: string, token: string, options: SocketOptionsIn = {}) =>
  io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    ...options,
  });

/** Resolves once connected; rejects (and closes it) when the server refuses the handshake. */
function whenConnected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** A socket signed in with `token`, once connected. */
export function connectSocket(url: string, token: string, options?: SocketOptionsIn) {
  return whenConnected(newSocket(url, token, options));
}

/**
 * A connected socket that records every event it hears, in order, from the first. It is
 * added to `opened` as soon as it exists, for the test's afterEach to close.
 */
export async function openRecordingSocket(
  url: string,
  token: string,
  opened: Socket[],
): Promise<{ socket: Socket; events: HeardEvent[] }> {
  const socket = newSocket(url, token);
  opened.push(socket);
  const events: HeardEvent[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await whenConnected(socket);
  return { socket, events };
}
