import {
  READ_NOTIFICATION_RETENTION_DAYS,
  type Notification,
} from '@/shared/contracts/notification';

/**
 * The notification centre's read ids kept in this browser (spec: session 4 Shell, 9 —
 * "read notifications are kept locally for fewer than 30 days"): id → when it was read
 * here (epoch ms). They make the bell right before the server answers, while offline,
 * and when telling the server failed.
 */
export type ReadNotificationIds = Readonly<Record<string, number>>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const READ_RETENTION_MS = READ_NOTIFICATION_RETENTION_DAYS * DAY_MS;

/** Adds ids read at `now`; an id already kept keeps its first read time. */
export function addReadIds(
  kept: ReadNotificationIds,
  ids: readonly string[],
  now: number,
): ReadNotificationIds {
  const next: Record<string, number> = { ...kept };
  let changed = false;
  for (const id of ids) {
    if (next[id] !== undefined) continue;
    next[id] = now;
    changed = true;
  }
  return changed ? next : kept;
}

/**
 * Drops the ids read 30 days ago or more (kept for *fewer* than 30 days). A read time in
 * the future (a clock set back) counts as read now, so it is not kept for ever.
 */
export function pruneReadIds(kept: ReadNotificationIds, now: number): ReadNotificationIds {
  const next: Record<string, number> = {};
  let changed = false;
  for (const [id, readAt] of Object.entries(kept)) {
    if (now - Math.min(readAt, now) >= READ_RETENTION_MS) {
      changed = true;
      continue;
    }
    next[id] = readAt;
  }
  return changed ? next : kept;
}

/** The server's read flag or this browser's: read in either place is read. */
export function mergeReadFlags(
  notifications: readonly Notification[],
  kept: ReadNotificationIds,
): Notification[] {
  return notifications.map((notification) =>
    !notification.read && kept[notification.id] !== undefined
      ? { ...notification, read: true }
      : notification,
  );
}

export function countUnread(notifications: readonly Notification[]): number {
  return notifications.reduce((count, notification) => count + (notification.read ? 0 : 1), 0);
}

/** Reads the stored form back; anything unreadable is an empty set, never a crash. */
export function parseReadIds(raw: string | null): ReadNotificationIds {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const kept: Record<string, number> = {};
    for (const [id, readAt] of Object.entries(value as Record<string, unknown>)) {
      if (typeof readAt === 'number' && Number.isFinite(readAt)) kept[id] = readAt;
    }
    return kept;
  } catch {
    return {};
  }
}

export function serializeReadIds(kept: ReadNotificationIds): string {
  return JSON.stringify(kept);
}

/** Newest first by their send time; ties keep their order. */
export function sortNewestFirst(notifications: readonly Notification[]): Notification[] {
  return [...notifications].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}
