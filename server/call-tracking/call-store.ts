import type { Selectable } from 'kysely';
import {
  type CallEndedBy,
  callEndedBySchema,
  callStatusSchema,
  callDirectionSchema,
  LIVE_CALL_STATUSES,
  type NamedRef,
  type TrackedCall,
  type TrackingNumber,
} from '@/shared/contracts/call-tracking';
import { callerKey } from '@/shared/domain/missed-callers';
import { isUsPhone, stripPhone } from '@/shared/domain/phone';
import { formatInternationalUs, phoneMatchKey, toUsE164 } from '@/shared/domain/phone-dialing';
import type { Db } from '../db/database';
import type { CtmCallTable, CtmTrackingNumberTable } from '../db/schema';
import { isWorkspaceRow } from '../repositories/workspace-rows';

// The simulated provider's storage: tracking numbers and calls (migration 0006), read as
// the contracts of shared/contracts/call-tracking.ts.

export type CallRow = Selectable<CtmCallTable>;
type NumberRow = Selectable<CtmTrackingNumberTable>;

/** Campaign and lead source names by id, for the {id, name} refs the contracts carry. */
async function namesOf(
  db: Db,
  campaignIds: readonly (string | null)[],
  leadSourceIds: readonly (string | null)[],
) {
  const campaigns = [...new Set(campaignIds.filter((id): id is string => id !== null))];
  const sources = [...new Set(leadSourceIds.filter((id): id is string => id !== null))];
  const campaignRows =
    campaigns.length === 0
      ? []
      : await db
          .selectFrom('campaigns')
          .select(['id', 'label'])
          .where('id', 'in', campaigns)
          .execute();
  const sourceRows =
    sources.length === 0
      ? []
      : await db
          .selectFrom('lead_sources')
          .select(['id', 'label'])
          .where('id', 'in', sources)
          .execute();
  const campaignNames = new Map(campaignRows.map((r) => [r.id, r.label]));
  const sourceNames = new Map(sourceRows.map((r) => [r.id, r.label]));
  const ref = (names: Map<string, string>, id: string | null): NamedRef | null => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name !== undefined ? { id, name } : null;
  };
  return {
    campaign: (id: string | null) => ref(campaignNames, id),
    leadSource: (id: string | null) => ref(sourceNames, id),
  };
}

export async function listTrackingNumbers(db: Db, workspaceId: string): Promise<TrackingNumber[]> {
  const rows = await db
    .selectFrom('ctm_tracking_numbers')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const names = await namesOf(
    db,
    rows.map((r) => r.campaign_id),
    rows.map((r) => r.lead_source_id),
  );
  const numbers = rows.map((row): TrackingNumber => ({
    id: row.id,
    number: toUsE164(row.number) ?? stripPhone(row.number),
    formatted: formatInternationalUs(row.number),
    label: row.label,
    valid: isUsPhone(row.number),
    campaign: names.campaign(row.campaign_id),
    leadSource: names.leadSource(row.lead_source_id),
  }));
  // Valid numbers first (the ones the phone system can dial from), each group as stored.
  return [...numbers.filter((n) => n.valid), ...numbers.filter((n) => !n.valid)];
}

/** The workspace's tracking number that is `phone` under tolerant matching, if any. */
export async function findTrackingNumber(
  db: Db,
  workspaceId: string,
  phone: string,
): Promise<NumberRow | null> {
  const key = phoneMatchKey(phone);
  if (key === null) return null;
  const rows = await db
    .selectFrom('ctm_tracking_numbers')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('sort_order')
    .execute();
  return rows.find((row) => phoneMatchKey(row.number) === key) ?? null;
}

export async function trackingNumberRefs(db: Db, row: NumberRow | null) {
  if (!row) return { campaign: null, leadSource: null };
  const names = await namesOf(db, [row.campaign_id], [row.lead_source_id]);
  return {
    campaign: names.campaign(row.campaign_id),
    leadSource: names.leadSource(row.lead_source_id),
  };
}

export async function callsOf(db: Db, rows: readonly CallRow[]): Promise<TrackedCall[]> {
  const names = await namesOf(
    db,
    rows.map((r) => r.campaign_id),
    rows.map((r) => r.lead_source_id),
  );
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    sid: row.sid,
    direction: callDirectionSchema.parse(row.direction),
    status: callStatusSchema.parse(row.status),
    fromNumber: row.from_number,
    toNumber: row.to_number,
    agentCtmUserId: row.agent_ctm_user_id,
    agentId: row.agent_id,
    trackingNumber: row.tracking_number,
    campaign: names.campaign(row.campaign_id),
    leadSource: names.leadSource(row.lead_source_id),
    leadName: row.lead_name,
    startedAt: row.started_at,
    connected: row.connected === 1,
    connectedAt: row.connected_at,
    endedAt: row.ended_at,
    duration: row.duration_seconds,
    endedBy: endedByOf(row),
    takenAt: row.taken_at,
  }));
}

/**
 * Who ended a call (issue #28), null while it is live. A call ended by a process still
 * running the code from before migration 0021 (an upgrade one machine at a time, see
 * server/README.md) has none recorded: it reads as the migration's backfill does.
 */
function endedByOf(row: CallRow): CallEndedBy | null {
  if ((LIVE_CALL_STATUSES as readonly string[]).includes(row.status)) return null;
  if (row.ended_by !== null) return callEndedBySchema.parse(row.ended_by);
  return row.status === 'failed' ? 'system' : 'caller';
}

export async function findCallRow(
  db: Db,
  workspaceId: string,
  callId: string,
): Promise<CallRow | null> {
  const row = await db
    .selectFrom('ctm_calls')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', callId)
    .executeTakeFirst();
  return row ?? null;
}

/** A call by its id alone (system/test-calls/{id}/caller-hangup: system reaches any workspace). */
export async function findCallRowById(db: Db, callId: string): Promise<CallRow | null> {
  const row = await db
    .selectFrom('ctm_calls')
    .selectAll()
    .where('id', '=', callId)
    .executeTakeFirst();
  return row ?? null;
}

/** The live calls (ringing, in progress) of one agent of a workspace, oldest first (issue #28). */
export async function liveCallsOfAgent(
  db: Db,
  workspaceId: string,
  agentId: string,
): Promise<TrackedCall[]> {
  const rows = await db
    .selectFrom('ctm_calls')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('agent_id', '=', agentId)
    .where('status', 'in', [...LIVE_CALL_STATUSES])
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return callsOf(db, rows);
}

/** How far back the agent's missed calls are listed (issue #28), and how many at most. */
export const MISSED_CALLS_DAYS = 14;
export const MAX_MISSED_CALLS = 50;

/**
 * The agent's missed calls still to return (issue #28: a call that rang while they were on
 * another call, offline or signed out): inbound calls of theirs that ended before any
 * client of theirs took them, in the last MISSED_CALLS_DAYS, newest first. A missed call is
 * returned once the workspace placed a call to that number after it, or the same caller
 * called again and was taken. The demo's background calls never count (notify_missed 0).
 */
export async function missedCallsOfAgent(
  db: Db,
  workspaceId: string,
  agentId: string,
  now: Date,
): Promise<TrackedCall[]> {
  const since = new Date(now.getTime() - MISSED_CALLS_DAYS * 86_400_000).toISOString();
  const missed = await db
    .selectFrom('ctm_calls')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('agent_id', '=', agentId)
    .where('direction', '=', 'inbound')
    .where('notify_missed', '=', 1)
    .where('taken_at', 'is', null)
    .where('ended_at', 'is not', null)
    .where('started_at', '>=', since)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_MISSED_CALLS)
    .execute();
  if (missed.length === 0) return [];
  const oldest = missed[missed.length - 1].started_at;
  const later = await db
    .selectFrom('ctm_calls')
    .select(['direction', 'from_number', 'to_number', 'started_at'])
    .where('workspace_id', '=', workspaceId)
    .where('started_at', '>', oldest)
    .where((eb) => eb.or([eb('direction', '=', 'outbound'), eb('taken_at', 'is not', null)]))
    .execute();
  const returned = (row: CallRow) =>
    later.some(
      (other) =>
        other.started_at > (row.ended_at ?? row.started_at) &&
        // The same number however written ("+1 512 555 0147", "+15125550147").
        callerKey(other.direction === 'outbound' ? other.to_number : other.from_number) ===
          callerKey(row.from_number),
    );
  return callsOf(
    db,
    missed.filter((row) => !returned(row)),
  );
}

/** spec: session 4 Sockets ctmcallsdata — the workspace's calls ringing or in progress. */
export async function countLiveCalls(db: Db, workspaceId: string): Promise<number> {
  const { n } = await db
    .selectFrom('ctm_calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('status', 'in', [...LIVE_CALL_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The agent rung for a call-tracking user of the workspace, an active one first (null: no
 * agent linked to it); `exceptAgentId` leaves one agent out (is the user linked elsewhere?).
 */
export async function agentOfCtmUser(
  db: Db,
  workspaceId: string,
  ctmUserId: string,
  exceptAgentId?: string,
): Promise<{ id: string; name: string } | null> {
  let query = db
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('ctm_user_id', '=', ctmUserId);
  if (exceptAgentId !== undefined) query = query.where('id', '!=', exceptAgentId);
  const row = await query.orderBy('active', 'desc').executeTakeFirst();
  return row ?? null;
}

export function ctmUserExists(db: Db, workspaceId: string, ctmUserId: string): Promise<boolean> {
  return isWorkspaceRow(db, 'ctm_users', workspaceId, ctmUserId);
}

/**
 * The agent record of a user in a workspace (spec: session 3, the agent is found by the
 * user's person), with its call-tracking user id; null when the user has no agent record.
 */
export async function agentOfUser(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<{ id: string; name: string; ctmUserId: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('agents', 'agents.person_id', 'users.person_id')
    .select(['agents.id', 'agents.name', 'agents.ctm_user_id'])
    .where('users.id', '=', userId)
    .where('agents.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, ctmUserId: row.ctm_user_id } : null;
}

/**
 * The users of an agent record in its workspace (issue #28: whom a call's end and a missed
 * call are told): users whose person is the agent's person and who have an active
 * authorization in that workspace, in id order.
 */
export async function usersOfAgent(
  db: Db,
  workspaceId: string,
  agentId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('agents')
    .innerJoin('users', 'users.person_id', 'agents.person_id')
    .innerJoin('authorizations', 'authorizations.user_id', 'users.id')
    .select('users.id')
    .distinct()
    .where('agents.id', '=', agentId)
    .where('agents.workspace_id', '=', workspaceId)
    .where('authorizations.workspace_id', '=', workspaceId)
    .where('authorizations.status', '=', 'active')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.id);
}

/** An agent record of the workspace by id (PUT connected's fourIizAgent), or null. */
export async function findAgentOfWorkspace(
  db: Db,
  workspaceId: string,
  agentId: string,
): Promise<{ id: string } | null> {
  const row = await db
    .selectFrom('agents')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row ?? null;
}
