import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  incomingCallEvent,
  type IncomingCallEvent,
  LIVE_CALL_STATUSES,
} from '@/shared/contracts/call-tracking';
import type { Db } from '../../db/database';
import type { CtmCallTable } from '../../db/schema';
import type { CallEndings } from '../call-endings';
import { recordEndedCall } from '../call-records';
import { agentOfCtmUser, type CallRow, findTrackingNumber, usersOfAgent } from '../call-store';
import { isLiveStatus, liveCountPusher } from '../live-call-rows';
import type { CtmCallEvent, CtmCallFacts } from './ctm-webhook';
import { isUniqueViolation } from '../../db/unique-violation';

// CTM's calls into our call ledger (ctm_calls), whichever path brings them: a webhook of
// the call starting or ending, or the catch-up over CTM's calls list (issue #32). Keyed by
// CTM's call id, unique per workspace, so every path is idempotent:
//
// - a start stores the call live and rings the agent linked to its CTM user (incomingCalls,
//   spec 4), once; a start after the end changes nothing;
// - an end ends a live call (callEnded, a missed-call notification when nobody took it),
//   or stores the call already ended when its start never came (out of order, or a gap the
//   catch-up fills); a second end changes nothing;
// - a call joins the reports once, from CTM's end (its real talk time), even when an agent
//   ended it in the wizard first: `recorded_at` is claimed by one writer only.

export interface CtmCallsDeps {
  db: Db;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  endings: CallEndings;
  onRecordsArrived?: (workspaceId: string) => void;
  log(message: string, error: unknown): void;
  now(): Date;
}

export type CtmCallOutcome =
  'rang' | 'stored-live' | 'ended' | 'stored-ended' | 'reported' | 'unchanged';

export function findCtmCallRow(db: Db, workspaceId: string, ctmCallId: string) {
  return db
    .selectFrom('ctm_calls')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('ctm_call_id', '=', ctmCallId)
    .executeTakeFirst()
    .then((row) => row ?? null);
}

/** Campaign and lead source of the call: its tracking number's, else by CTM's names. */
async function attributionOf(db: Db, workspaceId: string, facts: CtmCallFacts) {
  const line = facts.trackingNumber
    ? await findTrackingNumber(db, workspaceId, facts.trackingNumber)
    : null;
  const byLabel = async (table: 'campaigns' | 'lead_sources', name: string | null) => {
    if (name === null) return null;
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('label', '=', name)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  return {
    campaignId: line?.campaign_id ?? (await byLabel('campaigns', facts.campaignName)),
    leadSourceId: line?.lead_source_id ?? (await byLabel('lead_sources', facts.leadSourceName)),
  };
}

/** The call as a new row: live for a start, ended for an end whose start never came. */
async function newRow(
  db: Db,
  workspaceId: string,
  facts: CtmCallFacts,
  agentId: string | null,
): Promise<Insertable<CtmCallTable>> {
  const { campaignId, leadSourceId } = await attributionOf(db, workspaceId, facts);
  const ended = facts.endedAt !== null;
  return {
    id: randomUUID(),
    workspace_id: workspaceId,
    ctm_call_id: facts.ctmCallId,
    sid: facts.sid,
    direction: facts.direction,
    status: facts.status,
    from_number: facts.fromNumber,
    to_number: facts.toNumber,
    agent_ctm_user_id: facts.agentCtmUserId ?? '',
    agent_id: agentId,
    tracking_number: facts.trackingNumber,
    campaign_id: campaignId,
    lead_source_id: leadSourceId,
    lead_name: facts.leadName,
    created_by: null,
    started_at: facts.startedAt,
    connected: facts.connected ? 1 : 0,
    connected_at: facts.connected ? facts.startedAt : null,
    ended_at: facts.endedAt,
    duration_seconds: facts.duration,
    // CTM moves the call on, never a server's timers: no owner, and the heartbeat's
    // orphan sweep leaves calls with a CTM id alone.
    owner_instance: null,
    ended_by: ended ? facts.endedBy : null,
    recording_url: facts.recordingUrl,
  };
}

export function createCtmCalls(deps: CtmCallsDeps) {
  const { db } = deps;

  const pushLiveCount = liveCountPusher(db, deps.emitToWorkspace);

  /** Inserts the row; null when another delivery of the same call stored it first. */
  async function insertOnce(row: Insertable<CtmCallTable>): Promise<CallRow | null> {
    try {
      await db.insertInto('ctm_calls').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return findCtmCallRow(db, row.workspace_id, row.ctm_call_id as string);
  }

  /** The reports get the call once (whoever claims recorded_at first writes it). */
  async function reportOnce(row: CallRow): Promise<boolean> {
    const claimed = await db
      .updateTable('ctm_calls')
      .set({ recorded_at: deps.now().toISOString() })
      .where('id', '=', row.id)
      .where('recorded_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    if (await recordEndedCall(db, deps.log, deps.onRecordsArrived, row)) return true;
    // Not written: unclaimed, so the next delivery or the catch-up writes it.
    await db.updateTable('ctm_calls').set({ recorded_at: null }).where('id', '=', row.id).execute();
    return false;
  }

  async function ring(row: CallRow) {
    if (row.direction !== 'inbound' || row.agent_id === null) return;
    const event: IncomingCallEvent = {
      statusCode: 200,
      data: {
        leadName: row.lead_name ?? '',
        phone: row.from_number,
        callId: row.id,
        direction: 'inbound',
        trackingNumber: row.tracking_number,
      },
    };
    for (const userId of await usersOfAgent(db, row.workspace_id, row.agent_id)) {
      deps.emitToUser(userId, incomingCallEvent(userId), event);
    }
  }

  async function start(workspaceId: string, facts: CtmCallFacts): Promise<CtmCallOutcome> {
    const existing = await findCtmCallRow(db, workspaceId, facts.ctmCallId);
    if (existing) {
      // A retried start, or one after the end: only a ringing call may become answered.
      if (existing.status === 'ringing' && facts.connected) {
        await db
          .updateTable('ctm_calls')
          .set({ status: 'in-progress', connected: 1, connected_at: deps.now().toISOString() })
          .where('id', '=', existing.id)
          .where('status', '=', 'ringing')
          .execute();
      }
      return 'unchanged';
    }
    const agent = facts.agentCtmUserId
      ? await agentOfCtmUser(db, workspaceId, facts.agentCtmUserId)
      : null;
    const row = await insertOnce(await newRow(db, workspaceId, facts, agent?.id ?? null));
    if (!row) return 'unchanged';
    await pushLiveCount(workspaceId);
    await ring(row);
    return row.direction === 'inbound' && row.agent_id !== null ? 'rang' : 'stored-live';
  }

  async function end(workspaceId: string, facts: CtmCallFacts): Promise<CtmCallOutcome> {
    const existing = await findCtmCallRow(db, workspaceId, facts.ctmCallId);
    if (!existing) {
      const agent = facts.agentCtmUserId
        ? await agentOfCtmUser(db, workspaceId, facts.agentCtmUserId)
        : null;
      const row = await insertOnce(await newRow(db, workspaceId, facts, agent?.id ?? null));
      // Stored by a concurrent delivery meanwhile: apply this end to that row.
      if (!row) return end(workspaceId, facts);
      await reportOnce(row);
      await deps.endings.ended(row);
      return 'stored-ended';
    }
    if (isLiveStatus(existing.status)) {
      const result = await db
        .updateTable('ctm_calls')
        .set({
          status: facts.status,
          sid: facts.sid ?? existing.sid,
          ended_at: facts.endedAt,
          duration_seconds: facts.duration,
          ended_by: facts.endedBy,
          connected: facts.connected || existing.connected === 1 ? 1 : 0,
          recording_url: facts.recordingUrl,
        })
        .where('id', '=', existing.id)
        .where('status', 'in', [...LIVE_CALL_STATUSES])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return end(workspaceId, facts);
      const ended = await findCtmCallRow(db, workspaceId, facts.ctmCallId);
      if (!ended) return 'unchanged';
      await reportOnce(ended);
      await pushLiveCount(workspaceId);
      await deps.endings.ended(ended);
      return 'ended';
    }
    // Ended here already (the agent hung up in the wizard): CTM's end brings the real
    // talk time and recording, and the call joins the reports if it has not.
    if (existing.recorded_at !== null) return 'unchanged';
    await db
      .updateTable('ctm_calls')
      .set({
        sid: facts.sid ?? existing.sid,
        duration_seconds: facts.duration ?? existing.duration_seconds,
        recording_url: facts.recordingUrl,
      })
      .where('id', '=', existing.id)
      .execute();
    const updated = await findCtmCallRow(db, workspaceId, facts.ctmCallId);
    return updated && (await reportOnce(updated)) ? 'reported' : 'unchanged';
  }

  return {
    /** Applies one CTM call for the event that brought it; safe to repeat. */
    apply(workspaceId: string, event: CtmCallEvent, facts: CtmCallFacts) {
      return event === 'start' ? start(workspaceId, facts) : end(workspaceId, facts);
    },
    pushLiveCount,
  };
}

export type CtmCalls = ReturnType<typeof createCtmCalls>;
