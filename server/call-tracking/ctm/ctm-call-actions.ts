import { LIVE_CALL_STATUSES, type TrackedCall } from '@/shared/contracts/call-tracking';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { CallEndings } from '../call-endings';
import { CALL_ENDED_MESSAGE } from '../call-simulator';
import { type CallRow, callsOf, findCallRow } from '../call-store';
import { isLive } from './ctm-calls';

// What an agent does to a call of a connected CTM account from the wizard (issue #32):
// take it (PUT connected) and hang it up. CTM moves the call itself on (its webhooks);
// these only record what the agent did, and never start a timer as the simulator does.

export interface CtmCallActionsDeps {
  db: Db;
  endings: CallEndings;
  now(): Date;
  pushLiveCount(workspaceId: string): Promise<void>;
}

export function createCtmCallActions(deps: CtmCallActionsDeps) {
  const { db } = deps;

  async function one(row: CallRow | null): Promise<TrackedCall | null> {
    if (!row) return null;
    const [call] = await callsOf(db, [row]);
    return call;
  }

  return {
    /**
     * spec 4 PUT connected on a CTM call: taken (issue #28) by this agent, and in progress
     * if it was ringing. CTM ends it (its end webhook), not a timer. 409 once ended.
     */
    async markConnected(
      workspaceId: string,
      callId: string,
      taker?: { agentId: string | null },
    ): Promise<TrackedCall | null> {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return null;
      if (!isLive(row.status)) throw new HttpError(409, CALL_ENDED_MESSAGE);
      const at = deps.now().toISOString();
      const agentId = taker?.agentId ?? null;
      const taken = await db
        .updateTable('ctm_calls')
        .set((eb) => ({
          taken_at: eb.fn.coalesce('taken_at', eb.val(at)),
          connected: 1,
          connected_at: eb.fn.coalesce('connected_at', eb.val(at)),
          status: 'in-progress',
          ...(agentId !== null ? { agent_id: eb.fn.coalesce('agent_id', eb.val(agentId)) } : {}),
        }))
        .where('id', '=', callId)
        .where('status', 'in', [...LIVE_CALL_STATUSES])
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) throw new HttpError(409, CALL_ENDED_MESSAGE);
      return one(await findCallRow(db, workspaceId, callId));
    },

    /**
     * The agent ends a CTM call in the wizard (endedBy 'agent'): ended here at once, told to
     * the agent's tabs; it joins the reports when CTM's end brings its real talk time.
     * An ended call is answered as it is.
     */
    async hangUp(workspaceId: string, callId: string): Promise<TrackedCall | null> {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return null;
      if (!isLive(row.status)) return one(row);
      const endedAt = deps.now();
      const result = await db
        .updateTable('ctm_calls')
        .set({
          status: row.connected === 1 ? 'completed' : 'no-answer',
          ended_at: endedAt.toISOString(),
          duration_seconds: row.connected_at
            ? Math.max(0, Math.round((endedAt.getTime() - Date.parse(row.connected_at)) / 1000))
            : 0,
          ended_by: 'agent',
        })
        .where('id', '=', callId)
        .where('status', 'in', [...LIVE_CALL_STATUSES])
        .executeTakeFirst();
      const ended = await findCallRow(db, workspaceId, callId);
      if (Number(result.numUpdatedRows) > 0 && ended) {
        await deps.pushLiveCount(workspaceId);
        await deps.endings.ended(ended);
      }
      return one(ended);
    },
  };
}

export type CtmCallActions = ReturnType<typeof createCtmCallActions>;
