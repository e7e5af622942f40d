import { randomUUID } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  type MarkNotificationsRead,
  type Notification,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type NotificationsRead,
  notificationSchema,
} from '@/shared/contracts/notification';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/**
 * The notification centre's store and delivery (issue 12; spec: session 3 Notification,
 * 4 Sockets). A notification is stored first, then pushed to its audience's sockets
 * (room `workspace:{id}` or `user:{id}`); a client loads the list each time its socket
 * (re)connects, so one sent while it was offline is not lost. Read state is stored per
 * user, so every browser of the user agrees, and pushed to the user's other sockets.
 */

/** Notifications are kept, and listed, for 30 days (spec: session 9 read-notification age). */
export const NOTIFICATION_RETENTION_DAYS = 30;
/** The most a list answers: the panel shows the newest, older ones are history. */
export const NOTIFICATION_LIST_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Ids per statement: well inside every database's bound-parameter limit. */
const CHUNK = 200;

/** Where notifications go once stored: socket rooms (server/socket/socket-server.ts). */
export interface NotificationEmitter {
  toWorkspace(workspaceId: string, event: string, payload: unknown): void;
  toUser(userId: string, event: string, payload: unknown): void;
}

export interface NewNotification {
  workspaceId: string;
  /** One user of the workspace; null or absent: every user of it. */
  userId?: string | null;
  title: string;
  description: string;
  actionRequired: boolean;
  path?: string | null;
  /**
   * Automatic notifications only: a second send with the same key, workspace and user
   * stores and pushes nothing.
   */
  dedupeKey?: string | null;
}

export interface NotificationService {
  /** Stores and pushes; answers the notification, or null when its dedupe key was taken. */
  send(input: NewNotification): Promise<Notification | null>;
  /** What `userId` sees in `workspaceId`: newest first, 30 days, at most 100. */
  list(workspaceId: string, userId: string): Promise<Notification[]>;
  /**
   * Marks read what the user can see of `request` (other ids are ignored: pruned or not
   * theirs), pushes NOTIFICATIONS_READ_EVENT to the user's sockets, answers the ids.
   */
  markRead(
    workspaceId: string,
    userId: string,
    request: MarkNotificationsRead,
  ): Promise<NotificationsRead>;
  /** Deletes notifications older than the retention; answers how many. */
  prune(): Promise<number>;
  /** Connects the socket rooms; until then notifications are stored only. */
  attach(emitter: NotificationEmitter): void;
}

type Row = Database['notifications'];

function toNotification(row: Row, read: boolean): Notification {
  return notificationSchema.parse({
    id: row.id,
    title: row.title,
    description: row.description,
    time: row.created_at,
    actionRequired: row.action_required === 1,
    path: row.path,
    read,
  });
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function createNotificationService(db: Db, now: () => Date): NotificationService {
  let emitter: NotificationEmitter | null = null;

  const cutoff = () =>
    new Date(now().getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS).toISOString();

  /** The notifications a user sees in a workspace: its own and the workspace's, recent. */
  const visibleTo =
    (workspaceId: string, userId: string) =>
    (eb: ExpressionBuilder<Database, 'notifications'>): Expression<SqlBool> =>
      eb.and([
        eb('notifications.workspace_id', '=', workspaceId),
        eb.or([eb('notifications.user_id', 'is', null), eb('notifications.user_id', '=', userId)]),
        eb('notifications.created_at', '>=', cutoff()),
      ]);

  async function storeReads(userId: string, ids: readonly string[]): Promise<void> {
    const readAt = now().toISOString();
    for (const part of chunks(ids)) {
      await db
        .insertInto('notification_reads')
        .values(part.map((id) => ({ notification_id: id, user_id: userId, read_at: readAt })))
        .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
        .execute();
    }
  }

  return {
    attach(next) {
      emitter = next;
    },

    async send(input) {
      const row: Row = {
        id: `ntf_${randomUUID()}`,
        workspace_id: input.workspaceId,
        user_id: input.userId ?? null,
        title: input.title,
        description: input.description,
        action_required: input.actionRequired ? 1 : 0,
        path: input.path ?? null,
        created_at: now().toISOString(),
        dedupe_key: input.dedupeKey ?? null,
      };
      const inserted = await db
        .insertInto('notifications')
        .values(row)
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id', 'dedupe_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      const notification = toNotification(row, false);
      if (row.user_id) emitter?.toUser(row.user_id, NOTIFICATION_EVENT, notification);
      else emitter?.toWorkspace(row.workspace_id, NOTIFICATION_EVENT, notification);
      return notification;
    },

    async list(workspaceId, userId) {
      const rows = await db
        .selectFrom('notifications')
        .leftJoin('notification_reads', (join) =>
          join
            .onRef('notification_reads.notification_id', '=', 'notifications.id')
            .on('notification_reads.user_id', '=', userId),
        )
        .selectAll('notifications')
        .select('notification_reads.read_at')
        .where(visibleTo(workspaceId, userId))
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(NOTIFICATION_LIST_LIMIT)
        .execute();
      return rows.map(({ read_at, ...row }) => toNotification(row, read_at !== null));
    },

    async markRead(workspaceId, userId, request) {
      let query = db
        .selectFrom('notifications')
        .leftJoin('notification_reads', (join) =>
          join
            .onRef('notification_reads.notification_id', '=', 'notifications.id')
            .on('notification_reads.user_id', '=', userId),
        )
        .select(['notifications.id', 'notification_reads.read_at'])
        .where(visibleTo(workspaceId, userId));
      let ids: string[];
      if ('ids' in request) {
        const wanted = [...new Set(request.ids)];
        ids = [];
        for (const part of chunks(wanted)) {
          const rows = await query.where('notifications.id', 'in', part).execute();
          ids.push(...rows.map((row) => row.id));
        }
      } else {
        // "Everything sent until now": the unread ones; the already read stay as they were.
        query = query.where('notification_reads.read_at', 'is', null);
        ids = (await query.execute()).map((row) => row.id);
      }
      if (ids.length === 0) return { ids };
      await storeReads(userId, ids);
      const payload: NotificationsRead = { ids };
      emitter?.toUser(userId, NOTIFICATIONS_READ_EVENT, payload);
      return payload;
    },

    async prune() {
      const result = await db
        .deleteFrom('notifications')
        .where('created_at', '<', cutoff())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
