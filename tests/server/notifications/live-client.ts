import { io as connect, type Socket } from 'socket.io-client';
import {
  type Notification,
  NOTIFICATION_EVENT,
  notificationListResponseSchema,
  NOTIFICATIONS_READ_EVENT,
  notificationSchema,
  notificationsReadSchema,
} from '@/shared/contracts/notification';
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

/** GET workspaces/{id}/notifications as the token's user, checked by its contract. */
export async function listNotifications(
  t: TestServer,
  token: string,
  workspaceId: string,
): Promise<Notification[]> {
  const answer = await t.api(`/api/workspaces/${workspaceId}/notifications`, { token });
  if (answer.status !== 200) {
    throw new Error(`the list answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return notificationListResponseSchema.parse(answer.body).data;
}
