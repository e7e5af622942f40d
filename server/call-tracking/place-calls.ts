import {
  CTM_NOT_LINKED_MESSAGE,
  CTM_NOT_LINKED_STATUS,
  incomingCallEvent,
  type IncomingCallEvent,
  type PlaceTestCall,
  type StartCall,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import type { Workspace } from '@/shared/contracts/workspace';
import { stripPhone } from '@/shared/domain/phone';
import {
  isDialableInUs,
  isValidDialNumber,
  NON_US_NUMBER_WARNING,
  toUsE164,
} from '@/shared/domain/phone-dialing';
import {
  type CallAction,
  type CallActor,
  callActionRefusal,
  ringRefusal,
} from '@/shared/domain/call-ownership';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { assertWorkspaceAccess, type Principal } from '../auth/access';
import type { Db } from '../db/database';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { normalizeUsername } from '../repositories/user-repository';
import { findWorkspace } from '../repositories/workspace-repository';
import type { CallSimulator } from './call-simulator';
import {
  agentOfCtmUser,
  agentOfUser,
  type CallRow,
  ctmUserExists,
  findCallRow,
  findTrackingNumber,
} from './call-store';

// The checks in front of the simulator: who may place which call (spec: session 4
// Click-to-call, 5 dial number, 8 "Uh oh!"), and the test call of issue #13.

export const CALL_TRACKING_DISABLED_MESSAGE =
  'Call tracking is not enabled for this workspace (it needs a CallTrackingMetrics account and the call-tracking setting).';

/** A test call rings until the agent hangs up, or this long at most. */
export const TEST_CALL_MAX_SECONDS = 30 * 60;

/**
 * The checks every call-tracking call makes: a workspace the token belongs to (403;
 * system reaches any), an existing one (404), with call tracking (403, spec: dashboards 6
 * "a call-tracking account plus its setting").
 */
export async function callTrackingWorkspace(
  db: Db,
  principal: Principal,
  workspaceId: string,
): Promise<Workspace> {
  assertWorkspaceAccess(principal, workspaceId);
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw notFound('Workspace not found.');
  if (!isCallTrackingEnabled(workspace)) throw forbidden(CALL_TRACKING_DISABLED_MESSAGE);
  return workspace;
}

const notLinked = (message = CTM_NOT_LINKED_MESSAGE) =>
  new HttpError(CTM_NOT_LINKED_STATUS, message);

/** The principal as a call sees them: their role and their agent record in the workspace. */
export async function callActorOf(
  db: Db,
  principal: Principal,
  workspaceId: string,
): Promise<CallActor> {
  return { role: principal.role, agent: await agentOfUser(db, workspaceId, principal.sub) };
}

/**
 * A call of the workspace the principal may act on (issue #29: a call belongs to its
 * agent): 404 when there is none, 403 with the reason when it rang another agent's line
 * and the principal does not run the workspace's calls (shared/domain/call-ownership.ts).
 */
export async function callToActOn(
  db: Db,
  principal: Principal,
  workspaceId: string,
  callId: string,
  action: CallAction,
): Promise<{ actor: CallActor; call: CallRow }> {
  const call = await findCallRow(db, workspaceId, callId);
  if (!call) throw notFound('Call not found.');
  const actor = await callActorOf(db, principal, workspaceId);
  const refusal = callActionRefusal(
    actor,
    { agentId: call.agent_id, agentCtmUserId: call.agent_ctm_user_id },
    action,
  );
  if (refusal) throw forbidden(refusal);
  return { actor, call };
}

/**
 * Which call-tracking user a click-to-call rings (spec 7 to_agent). Without to_agent the
 * caller's own agent is rung; naming another agent's line is for owners, admins and
 * system only (issue #29, shared/domain/call-ownership.ts ringRefusal). spec 4: "Starting
 * a call needs the agent linked to a call-tracking user id" — otherwise 409 with the
 * 'Uh oh!' text.
 */
async function agentToRing(
  db: Db,
  principal: Principal,
  workspaceId: string,
  toAgent: string | null | undefined,
): Promise<{ ctmUserId: string; agentId: string | null }> {
  const actor = await callActorOf(db, principal, workspaceId);
  const refusal = ringRefusal(actor, toAgent);
  if (refusal) throw forbidden(refusal);
  const own = actor.agent;
  if (!toAgent || toAgent === own?.ctmUserId) {
    if (!own?.ctmUserId) throw notLinked();
    return { ctmUserId: own.ctmUserId, agentId: own.id };
  }
  if (!(await ctmUserExists(db, workspaceId, toAgent))) {
    throw badRequest(`to_agent: ${toAgent} is not a call-tracking user of this workspace.`);
  }
  const agent = await agentOfCtmUser(db, workspaceId, toAgent);
  return { ctmUserId: toAgent, agentId: agent?.id ?? null };
}

/**
 * Who places a workspace's calls (issue #32): the simulator, or the workspace's
 * CallTrackingMetrics account (server/call-tracking/ctm/ctm-call-actions.ts place).
 */
export type CallPlacer = Pick<CallSimulator, 'place'>;

/** POST workspaces/{id}/ctm/calls (spec 7): click-to-call, placed ringing. */
export async function placeOutboundCall(
  db: Db,
  simulator: CallPlacer,
  principal: Principal,
  workspaceId: string,
  body: StartCall,
): Promise<TrackedCall> {
  const dialled = stripPhone(body.call_number);
  if (!isValidDialNumber(dialled)) {
    throw badRequest(
      'call_number: enter at least 10 characters, digits with an optional leading plus.',
    );
  }
  if (!isDialableInUs(dialled)) throw badRequest(`call_number: ${NON_US_NUMBER_WARNING}`);
  const from = await findTrackingNumber(db, workspaceId, body.from_number);
  if (!from) {
    throw badRequest(
      `from_number: ${body.from_number} is not a tracking number of this workspace (GET ctm/numbers lists them).`,
    );
  }
  if (!isDialableInUs(from.number)) throw badRequest(`from_number: ${NON_US_NUMBER_WARNING}`);
  const agent = await agentToRing(db, principal, workspaceId, body.to_agent);
  return simulator.place({
    workspaceId,
    direction: 'outbound',
    fromNumber: from.number,
    toNumber: toUsE164(dialled) ?? dialled,
    agentCtmUserId: agent.ctmUserId,
    agentId: agent.agentId,
    trackingNumber: from.number,
    campaignId: from.campaign_id,
    leadSourceId: from.lead_source_id,
    createdBy: principal.sub,
  });
}

/** The user a test call names, with the workspace it rings in. */
async function testCallTarget(db: Db, body: PlaceTestCall) {
  let query = db
    .selectFrom('users')
    .innerJoin('authorizations', 'authorizations.user_id', 'users.id')
    .innerJoin('persons', 'persons.id', 'users.person_id')
    .select([
      'users.id as userId',
      'users.username',
      'authorizations.workspace_id as workspaceId',
      'authorizations.status',
      'persons.first_name',
      'persons.last_name',
    ])
    .where('authorizations.workspace_id', 'is not', null);
  if (body.userId !== undefined) query = query.where('users.id', '=', body.userId);
  if (body.username !== undefined) {
    query = query.where('users.username', '=', normalizeUsername(body.username));
  }
  if (body.agentId !== undefined) {
    query = query
      .innerJoin('agents', 'agents.person_id', 'users.person_id')
      .where('agents.id', '=', body.agentId)
      .where('agents.workspace_id', '=', body.workspaceId ?? '');
  }
  if (body.workspaceId !== undefined) {
    query = query.where('authorizations.workspace_id', '=', body.workspaceId);
  }
  const rows = await query.execute();
  const who = body.username ?? body.userId ?? `agent ${body.agentId}`;
  if (rows.length === 0) {
    throw notFound(
      body.workspaceId
        ? `${who} has no sign-in in workspace ${body.workspaceId}.`
        : `No user ${who} with a workspace.`,
    );
  }
  if (rows.length > 1) {
    throw badRequest(`${who} belongs to several workspaces: give workspaceId.`);
  }
  const [row] = rows;
  if (row.status !== 'active') throw badRequest(`${row.username} is not active.`);
  return {
    userId: row.userId,
    username: row.username,
    workspaceId: row.workspaceId as string,
    name: `${row.first_name} ${row.last_name}`,
  };
}

/**
 * POST system/test-calls: an inbound call from leadName / phone to the agent, on one of
 * the workspace's US tracking numbers (campaign and lead source then come from it), and
 * `incomingCalls::{userId}` to every socket of that user (spec 4).
 */
export async function placeTestCall(
  db: Db,
  simulator: CallSimulator,
  emitToUser: (userId: string, event: string, payload: unknown) => void,
  principal: Principal,
  body: PlaceTestCall,
): Promise<TrackedCall> {
  const target = await testCallTarget(db, body);
  await callTrackingWorkspace(db, principal, target.workspaceId);
  const agent = await agentOfUser(db, target.workspaceId, target.userId);
  if (!agent?.ctmUserId) {
    throw notLinked(
      `${target.name} (${target.username}) cannot take calls: their agent record is not linked to a CallTrackingMetrics User ID.`,
    );
  }
  const numbers = await db
    .selectFrom('ctm_tracking_numbers')
    .selectAll()
    .where('workspace_id', '=', target.workspaceId)
    .orderBy('sort_order')
    .execute();
  const usNumbers = numbers.filter((n) => isDialableInUs(n.number));
  const attributed = usNumbers.filter((n) => n.campaign_id !== null);
  const pool = attributed.length > 0 ? attributed : usNumbers;
  const line = pool.length > 0 ? simulator.random.pick(pool) : null;
  const call = await simulator.place({
    workspaceId: target.workspaceId,
    direction: 'inbound',
    fromNumber: body.phone,
    toNumber: line?.number ?? 'unknown',
    agentCtmUserId: agent.ctmUserId,
    agentId: agent.id,
    trackingNumber: line?.number ?? null,
    campaignId: line?.campaign_id ?? null,
    leadSourceId: line?.lead_source_id ?? null,
    leadName: body.leadName,
    createdBy: principal.sub,
    talkSeconds: TEST_CALL_MAX_SECONDS,
  });
  const event: IncomingCallEvent = {
    statusCode: 200,
    data: {
      leadName: body.leadName,
      phone: body.phone,
      callId: call.id,
      direction: 'inbound',
      trackingNumber: call.trackingNumber,
    },
  };
  emitToUser(target.userId, incomingCallEvent(target.userId), event);
  return call;
}
