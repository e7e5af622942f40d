import { z } from 'zod';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';

/**
 * Notifications of the notification centre (spec: session 3 Notification, 4 Sockets,
 * issue #12). The server stores them per workspace (every user of it) or per user, and
 * the read state per user; the client also keeps read ids locally for fewer than 30 days
 * (spec: session 9), so the bell is right before the server answers and while offline.
 */

/** spec: session 4 Sockets — a new notification, pushed to its audience's sockets. */
export const NOTIFICATION_EVENT = 'notification_center_message';
/**
 * Not in the spec: notifications marked read by this user elsewhere (another browser, the
 * app, another device), pushed to every socket of the user so the bells agree at once.
 */
export const NOTIFICATIONS_READ_EVENT = 'notification_center_read';

/** spec: session 9 — read notifications are kept locally for fewer than 30 days. */
export const READ_NOTIFICATION_RETENTION_DAYS = 30;

/** An app path a notification opens when clicked ("/app/..."): never an outside URL. */
export const notificationPathSchema = z
  .string()
  .max(300)
  .regex(/^\/app(\/[A-Za-z0-9._~!$&'()*+,;=:@%?-]*)*$/, 'an app path starting with /app');

/** spec: session 3 Notification: id, title, description, time, actionRequired, read. */
export const notificationSchema = z.object({
  id: idSchema,
  title: z.string().min(1).max(200),
  description: z.string().max(2000),
  /** ISO 8601 date-time the notification was sent. */
  time: z.string().datetime({ offset: true }),
  actionRequired: z.boolean(),
  /** What a click opens (the action); null: only marks it read. */
  path: notificationPathSchema.nullable().default(null),
  /** Server-side read state of the signed-in user; the socket event carries false. */
  read: z.boolean().default(false),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET workspaces/{id}/notifications: the user's newest first (30 days, at most 100). */
export const notificationListResponseSchema = listResponseSchema(notificationSchema);

/** PUT workspaces/{id}/notifications/read: some ids, or everything sent until now. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** The answer to a mark-read, and the NOTIFICATIONS_READ_EVENT payload: the ids now read. */
export const notificationsReadSchema = z.object({ ids: z.array(idSchema) });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
export const notificationsReadResponseSchema = itemResponseSchema(notificationsReadSchema);

/** POST system/notifications (system users): to every user of a workspace, or one user. */
export const sendNotificationSchema = z
  .object({
    workspaceId: idSchema,
    /** One user of the workspace; absent: everyone in it. */
    userId: idSchema.optional(),
    title: z.string().trim().min(1, 'Enter a title.').max(200),
    description: z.string().trim().max(2000).default(''),
    actionRequired: z.boolean().default(false),
    path: notificationPathSchema.optional(),
  })
  .strict();
export type SendNotification = z.input<typeof sendNotificationSchema>;
export const notificationResponseSchema = itemResponseSchema(notificationSchema);

/** spec: session 4 Sockets — `ctmcallsdata`, the workspace's count of current calls. */
export const LIVE_CALLS_EVENT = 'ctmcallsdata';
export const liveCallsSchema = z.object({ count: z.number().int().min(0) });
export type LiveCalls = z.infer<typeof liveCallsSchema>;
