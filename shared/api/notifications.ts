import {
  type MarkNotificationsRead,
  type Notification,
  notificationListResponseSchema,
  notificationResponseSchema,
  type NotificationsRead,
  notificationsReadResponseSchema,
  type SendNotification,
} from '@/shared/contracts/notification';
import type { ApiClient } from './client';
import { callForData } from './client';

const ws = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}`;

/**
 * The notification centre's calls (issue 12). A client loads the list each time its
 * socket (re)connects, so nothing sent while it was offline is lost.
 */

/** GET workspaces/{id}/notifications — the signed-in user's, newest first (30 days, ≤ 100). */
export async function fetchNotifications(
  api: ApiClient,
  workspaceId: string,
): Promise<Notification[]> {
  return callForData(api, notificationListResponseSchema, {
    method: 'GET',
    path: `${ws(workspaceId)}/notifications`,
  });
}

/**
 * PUT workspaces/{id}/notifications/read — some ids, or `{ all: true }`; answers the ids
 * now read (the server tells the user's other sockets the same).
 */
export async function markNotificationsRead(
  api: ApiClient,
  workspaceId: string,
  request: MarkNotificationsRead,
): Promise<NotificationsRead> {
  return callForData(api, notificationsReadResponseSchema, {
    method: 'PUT',
    path: `${ws(workspaceId)}/notifications/read`,
    body: request,
  });
}

/** POST system/notifications — system users: to a workspace, or to one user of it. */
export async function sendNotification(
  api: ApiClient,
  notification: SendNotification,
): Promise<Notification> {
  return callForData(api, notificationResponseSchema, {
    method: 'POST',
    path: 'system/notifications',
    body: notification,
  });
}
