import {
  type CallEndedBy,
  type CallStatus,
  LIVE_CALL_STATUSES,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import { LIVE_CALLS_EVENT, type LiveCalls } from '@/shared/contracts/notification';
import type { Db } from '../db/database';
import { callsOf, type CallRow, countLiveCalls } from './call-store';

// What every provider (the simulator, a connected CTM account) does to a live call's row:
// take it, end it, push the workspace's live count. Each write only touches a call that is
// still live, so two ends racing (a hang-up and the provider's end) end it once.

/** Ringing or in progress (spec 4: the calls `ctmcallsdata` counts). */
export const isLiveStatus = (status: string) =>
  (LIVE_CALL_STATUSES as readonly string[]).includes(status);

/** The call as answers show it (names of its campaign, source, number). */
export async function trackedCallOf(db: Db, row: CallRow): Promise<TrackedCall> {
  const [call] = await callsOf(db, [row]);
  return call;
}

/** Sends the workspace's live call count to its sockets (spec 4 Sockets `ctmcallsdata`). */
export function liveCountPusher(
  db: Db,
  emitToWorkspace: (workspaceId: string, event: string, payload: unknown) => void,
) {
  return async (workspaceId: string) => {
    const payload: LiveCalls = { count: await countLiveCalls(db, workspaceId) };
    emitToWorkspace(workspaceId, LIVE_CALLS_EVENT, payload);
  };
}

/**
 * Records the call taken (issue #28), only while live: the first take counts, and an agent
 * only fills a call without one. With `connect`, the call is in progress from then on too
 * (CTM's calls, where the agent's take is the news that it was answered).
 */
export function takeLiveCall(
  db: Db,
  workspaceId: string,
  callId: string,
  take: { at: Date; agentId: string | null; connect?: boolean },
) {
  const at = take.at.toISOString();
  const { agentId } = take;
  return db
    .updateTable('ctm_calls')
    .set((eb) => ({
      taken_at: eb.fn.coalesce('taken_at', eb.val(at)),
      ...(agentId !== null ? { agent_id: eb.fn.coalesce('agent_id', eb.val(agentId)) } : {}),
      ...(take.connect
        ? {
            connected: 1,
            connected_at: eb.fn.coalesce('connected_at', eb.val(at)),
            status: 'in-progress',
          }
        : {}),
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', callId)
    .where('status', 'in', [...LIVE_CALL_STATUSES])
    .executeTakeFirst();
}

/** How a live call ends at `endedAt`: completed after a conversation, else no-answer. */
export function endOfLiveCall(row: CallRow, endedAt: Date) {
  const status: CallStatus = row.connected === 1 ? 'completed' : 'no-answer';
  const duration = row.connected_at
    ? Math.max(0, Math.round((endedAt.getTime() - Date.parse(row.connected_at)) / 1000))
    : 0;
  return { status, duration };
}

/**
 * Ends a call that is still live, once; answers the update's result (no row updated: it
 * was not live any more). `sid` is the simulator's; CTM's end brings its own later.
 */
export function endLiveCall(
  db: Db,
  callId: string,
  end: {
    status: CallStatus;
    endedAt: Date;
    duration: number;
    endedBy: CallEndedBy;
    sid?: string;
  },
) {
  return db
    .updateTable('ctm_calls')
    .set({
      status: end.status,
      ...(end.sid !== undefined ? { sid: end.sid } : {}),
      ended_at: end.endedAt.toISOString(),
      duration_seconds: end.duration,
      ended_by: end.endedBy,
    })
    .where('id', '=', callId)
    .where('status', 'in', [...LIVE_CALL_STATUSES])
    .executeTakeFirst();
}
