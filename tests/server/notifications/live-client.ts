import { io as connect, type Socket } from 'socket.io-client';
import { type ApiClient, createApiClient } from '@/shared/api/client';
import { fetchNotifications } from '@/shared/api/notifications';
import {
  type Notification,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  notificationSchema,
  notificationsReadSchema,
} from '@/shared/contracts/notification';
import { type Transport, TransportError } from '@/shared/transport/transport';
import type { TestServer } from '../helpers/test-server';

/** The event every socket gets: once it is here, anything sent before it would be too. */
const BARRIER_EVENT = 'test_barrier';

/**
 * A signed-in user's real socket.io connection that records the notification events it
 * receives, in order.
 */
export interface LiveClient {
  socket: Socket;
  token: string;
  notifications: Notification[];
  readEvents: string[][];
  /**
   * Resolves once every event the server sent before this call has arrived: the server
   * broadcasts a barrier to every socket, and one connection's events arrive in order.
   */
  settle(): Promise<void>;
  close(): void;
}

let barrierCount = 0;

export async function openLiveClient(t: TestServer, username: string): Promise<LiveClient> {
  const { accessToken } = await t.signIn(username);
  const socket = connect(t.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: accessToken },
  });
  const client: LiveClient = {
    socket,
    token: accessToken,
    notifications: [],
    readEvents: [],
    settle() {
      const id = ++barrierCount;
      const arrived = new Promise<void>((resolve) => {
        const onBarrier = (value: number) => {
          if (value !== id) return;
          socket.off(BARRIER_EVENT, onBarrier);
          resolve();
        };
        socket.on(BARRIER_EVENT, onBarrier);
      });
      t.server.io.emit(BARRIER_EVENT, id);
      return arrived;
    },
    close: () => socket.disconnect(),
  };
  socket.on(NOTIFICATION_EVENT, (payload: unknown) =>
    client.notifications.push(notificationSchema.parse(payload)),
  );
  socket.on(NOTIFICATIONS_READ_EVENT, (payload: unknown) =>
    client.readEvents.push(notificationsReadSchema.parse(payload).ids),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return client;
}

/** The token's user's notifications in a workspace, through the app's own call. */
export function listNotifications(
  t: TestServer,
  token: string,
  workspaceId: string,
): Promise<Notification[]> {
  return fetchNotifications(apiClientFor(t, token), workspaceId);
}

/**
 * The shared/api client over the real server, as the token's user: the functions the app
 * calls, with their contract checks, without the app's transport (refresh, sockets).
 */
export function apiClientFor(t: TestServer, token: string): ApiClient {
  const transport: Transport = {
    async request(req) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(req.query ?? {})) {
        if (value === null || value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
      }
      const query = search.size > 0 ? `?${search.toString()}` : '';
      const answer = await t.api(`/api/${req.path}${query}`, {
        method: req.method,
        token,
        body: req.body,
      });
      if (answer.status >= 400) {
        const message = (answer.body as { message?: string } | null)?.message ?? null;
        throw new TransportError(`HTTP ${answer.status}`, answer.status, message);
      }
      return answer.body;
    },
    subscribe: () => () => {},
  };
  return createApiClient(transport, () => {});
}
