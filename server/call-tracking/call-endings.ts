import {
  callEndedEvent,
  type CallEndedEvent,
  callEndedEventSchema,
  MISSED_CALL_NOTIFICATION_TITLE,
} from '@/shared/contracts/call-tracking';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import { formatDay, formatTimeInZone } from '@/shared/domain/scheduling';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import type { Db } from '../db/database';
import type { NotificationService } from '../notifications/notification-service';
import { type CallRow, usersOfAgent } from './call-store';

/**
 * What happens when a call ends, whoever ended it (issue #28 "Every call has an end the
 * client learns of"; not in the spec, whose sockets carry only the live count):
 *
 * - `callEnded::{userId}` to every user of the call's agent in its workspace (a call with
 *   no agent record: to the user who placed it), so each of their tabs ends its wizard.
 *   Through the socket rooms, which the Redis fan-out carries to every server process.
 * - An inbound call that ends untaken (no agent's client ever marked it connected) is a
 *   missed call: a notification to the agent's users, once per call (its dedupe key).
 *   Not for the demo activity's background calls (`notify_missed` 0), nor outbound calls.
 *
 * Both are told after the end is stored; a failure is logged and never undoes the end (a
 * client reconciles with GET ctm/live-calls anyway).
 */

export const MISSED_CALL_TITLE = MISSED_CALL_NOTIFICATION_TITLE;
/**
 * Where a missed call's notification opens: the agent dashboard, whose "Missed calls to
 * return" lists it with Call back (app/features/agent-dashboard/missed-calls-card.tsx).
 */
export const MISSED_CALL_PATH = '/app/dashboards/agent';
export const UNKNOWN_CALLER = 'Unknown caller';

export interface CallEndingsOptions {
  db: Db;
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Where missed calls are stored and pushed; without it none is made. */
  notifications?: Pick<NotificationService, 'send'>;
  log: (message: string, error: unknown) => void;
}

/** The callEnded payload of an ended call's row; null while the call is live. */
export function callEndedPayload(row: CallRow): CallEndedEvent | null {
  if (row.ended_at === null || row.ended_by === null) return null;
  return callEndedEventSchema.parse({
    callId: row.id,
    workspaceId: row.workspace_id,
    status: row.status,
    endedBy: row.ended_by,
    endedAt: row.ended_at,
    sid: row.sid,
    duration: row.duration_seconds,
  });
}

/** Whether an ended call is a missed call (issue #28): inbound, never taken, not the demo's. */
export function isMissedCall(row: CallRow): boolean {
  return row.direction === 'inbound' && row.taken_at === null && row.notify_missed === 1;
}

/**
 * "Dana Reyes (+1 555-010-0199) called +1 617-555-0100 on 11/23/2026 at 3:42 PM. Nobody
 * took the call." — the caller's number in international US format (as the number picker
 * shows numbers), the day (spec: dashboards 9 MM/DD/YYYY) and time in the workspace's
 * timezone when the call came in, and the tracking number it came in on.
 */
export function missedCallDescription(row: CallRow, timezone: string): string {
  const caller = row.lead_name ?? UNKNOWN_CALLER;
  const line = row.tracking_number
    ? formatInternationalUs(row.tracking_number)
    : 'an unknown tracking number';
  const day = formatDay(dayInTimezone(new Date(row.started_at), timezone));
  const time = formatTimeInZone(row.started_at, timezone);
  return `${caller} (${formatInternationalUs(row.from_number)}) called ${line} on ${day} at ${time}. Nobody took the call.`;
}

/** The notification's dedupe key: one missed call per call and user. */
export const missedCallKey = (callId: string) => `missed-call:${callId}`;

export function createCallEndings(options: CallEndingsOptions) {
  const { db, log } = options;

  /** The agent's own users: told of the end, and of a missed call (nobody else is its callee). */
  const usersOf = (row: CallRow) =>
    row.agent_id !== null ? usersOfAgent(db, row.workspace_id, row.agent_id) : Promise.resolve([]);

  async function notifyMissed(row: CallRow, users: readonly string[]) {
    if (users.length === 0 || !options.notifications) return;
    const workspace = await db
      .selectFrom('workspaces')
      .select('timezone')
      .where('id', '=', row.workspace_id)
      .executeTakeFirst();
    if (!workspace) return;
    const description = missedCallDescription(row, workspace.timezone);
    for (const userId of users) {
      await options.notifications.send({
        workspaceId: row.workspace_id,
        userId,
        title: MISSED_CALL_TITLE,
        description,
        actionRequired: true,
        path: MISSED_CALL_PATH,
        dedupeKey: missedCallKey(row.id),
      });
    }
  }

  return {
    /** Tells of a call that has just ended (its row as stored after the end). */
    async ended(row: CallRow): Promise<void> {
      const payload = callEndedPayload(row);
      if (!payload) return;
      let users: string[] = [];
      try {
        users = await usersOf(row);
        // A call with no agent record: told to the user who placed it.
        const told = row.agent_id !== null ? users : [row.created_by];
        for (const userId of told) {
          if (userId !== null) options.emitToUser(userId, callEndedEvent(userId), payload);
        }
      } catch (error) {
        log(`Call ${row.id}: could not announce its end`, error);
        return;
      }
      if (!isMissedCall(row)) return;
      try {
        await notifyMissed(row, users);
      } catch (error) {
        log(`Call ${row.id}: could not notify the missed call`, error);
      }
    },
  };
}

export type CallEndings = ReturnType<typeof createCallEndings>;
