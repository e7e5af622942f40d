import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  callDeletedResponseSchema,
  liveCallListResponseSchema,
  markCallConnectedSchema,
  missedCallListResponseSchema,
  missedCallsQuerySchema,
  placeTestCallSchema,
  startCallSchema,
  trackedCallResponseSchema,
  trackingInfoQuerySchema,
  trackingInfoResponseSchema,
  trackingNumberListResponseSchema,
} from '@/shared/contracts/call-tracking';
import { idSchema } from '@/shared/contracts/common';
import { stripPhone } from '@/shared/domain/phone';
import { toUsE164 } from '@/shared/domain/phone-dialing';
import { takerRefusal } from '@/shared/domain/call-ownership';
import { MANAGERS } from '@/shared/domain/role-groups';
import { assertRole } from '../auth/access';
import type { CallSimulator } from '../call-tracking/call-simulator';
import type { CtmCallActions } from '../call-tracking/ctm/ctm-call-actions';
import {
  agentOfUser,
  type CallRow,
  findAgentOfWorkspace,
  findTrackingNumber,
  listTrackingNumbers,
  liveCallsOfAgent,
  missedCallsOfAgent,
  trackingNumberRefs,
} from '../call-tracking/call-store';
import {
  type CallPlacer,
  callToActOn,
  callTrackingWorkspace,
  placeOutboundCall,
  placeTestCall,
} from '../call-tracking/place-calls';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';

// spec: session 7 "Call tracking (call-centre base)", against the simulated provider of
// server/call-tracking/. Paths: shared/contracts/call-tracking.ts callTrackingPaths.

export interface CallTrackingRouteDeps {
  simulator: CallSimulator;
  /** The calls of a connected CTM account (issue #32): CTM ends them, not a timer. */
  ctmCalls: CtmCallActions;
  /** Who places a workspace's click-to-call: its CTM account when connected, else the simulator. */
  placerFor(workspaceId: string): Promise<CallPlacer>;
  emitToUser(userId: string, event: string, payload: unknown): void;
}

const workspaceParams = z.object({ id: idSchema });
const callParams = z.object({ id: idSchema, callId: idSchema });
const trackingParams = z.object({ id: idSchema, trackingNumber: z.string().min(1).max(40) });
const deleteParams = z.object({ workspaceId: idSchema, callId: idSchema });
const testCallParams = z.object({ callId: idSchema });

/** The spec's call-centre-base calls: register under CALL_CENTER_PREFIX. */
export function registerCallTrackingRoutes(
  callCenter: FastifyInstance,
  ctx: ServerContext,
  { simulator, ctmCalls, placerFor }: CallTrackingRouteDeps,
): void {
  const { db } = ctx;
  /** Who moves a call on: CTM for a call with a CTM id, else the simulator. */
  const providerOf = (call: CallRow) => (call.ctm_call_id !== null ? ctmCalls : simulator);

  callCenter.post('/workspaces/:id/ctm/calls', async (request, reply) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    const body = parseInput(startCallSchema, request.body, 'body');
    await callTrackingWorkspace(db, principal, id);
    const call = await placeOutboundCall(db, await placerFor(id), principal, id, body);
    reply.code(201);
    return respondWith(trackedCallResponseSchema, { data: call });
  });

  callCenter.get('/workspaces/:id/ctm/calls/:callId', async (request) => {
    const { id, callId } = parseInput(callParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, id);
    await callToActOn(db, principal, id, callId, 'read');
    const call = await simulator.getCall(id, callId);
    if (!call) throw notFound('Call not found.');
    return respondWith(trackedCallResponseSchema, { data: call });
  });

  // spec 7: PUT connected=true, fourIizAgent — the client marks the call connected. The
  // first one is when the call was taken (issue #28: a taken call is never missed), and
  // fourIizAgent becomes the call's agent when it had none; it must be one of this
  // workspace's agents. Issue #29: only the call's agent (taking it as themselves) and
  // call managers (naming any agent) may.
  callCenter.put('/workspaces/:id/ctm/calls/:callId', async (request) => {
    const { id, callId } = parseInput(callParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    const body = parseInput(markCallConnectedSchema, request.body, 'body');
    await callTrackingWorkspace(db, principal, id);
    const { actor, call: row } = await callToActOn(db, principal, id, callId, 'connect');
    const agentId = body.fourIizAgent ?? null;
    const refusal = takerRefusal(actor, agentId);
    if (refusal) throw forbidden(refusal);
    if (agentId !== null && !(await findAgentOfWorkspace(db, id, agentId))) {
      throw badRequest(`fourIizAgent: ${agentId} is not an agent of this workspace.`);
    }
    const call = await providerOf(row).markConnected(id, callId, { agentId });
    if (!call) throw notFound('Call not found.');
    return respondWith(trackedCallResponseSchema, { data: call });
  });

  // Not in the spec (its hang-up path is "not shown"): the agent ends the call now. Issue
  // #29: the call's agent, or a call manager (owner, admin, system).
  callCenter.post('/workspaces/:id/ctm/calls/:callId/hangup', async (request) => {
    const { id, callId } = parseInput(callParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, id);
    const { call: row } = await callToActOn(db, principal, id, callId, 'hang-up');
    const call = await providerOf(row).hangUp(id, callId);
    if (!call) throw notFound('Call not found.');
    return respondWith(trackedCallResponseSchema, { data: call });
  });

  // Issue #28 (not in the spec): the signed-in user's agent's live calls, oldest first,
  // which a client reconciles its active call with on every (re)connect. Any role, for
  // themselves; a user without an agent record has none.
  callCenter.get('/workspaces/:id/ctm/live-calls', async (request) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, id);
    const agent = await agentOfUser(db, id, principal.sub);
    const calls = agent ? await liveCallsOfAgent(db, id, agent.id) : [];
    return respondWith(liveCallListResponseSchema, {
      data: calls,
      meta: { total: calls.length, limit: Math.max(1, calls.length), offset: 0 },
    });
  });

  // Issue #28 (not in the spec): an agent's missed calls still to return
  // (server/call-tracking/call-store.ts missedCallsOfAgent), for the agent dashboard's
  // follow-ups. Any role, for themselves; owners and admins also for any agent of the
  // workspace (?agent=, an agent record's id as the dashboard's chooser holds it; 400 for
  // one of no such workspace). Another role naming someone else's agent: 403.
  callCenter.get('/workspaces/:id/ctm/missed-calls', async (request) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const query = parseInput(missedCallsQuerySchema, request.query, 'query');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, id);
    const own = await agentOfUser(db, id, principal.sub);
    let agentId = own?.id ?? null;
    if (query.agent !== undefined && query.agent !== agentId) {
      assertRole(principal, MANAGERS);
      if (!(await findAgentOfWorkspace(db, id, query.agent))) {
        throw badRequest(`agent: ${query.agent} is not an agent of this workspace.`);
      }
      agentId = query.agent;
    }
    const calls = agentId ? await missedCallsOfAgent(db, id, agentId, ctx.now()) : [];
    return respondWith(missedCallListResponseSchema, {
      data: calls,
      meta: { total: calls.length, limit: Math.max(1, calls.length), offset: 0 },
    });
  });

  callCenter.get('/workspaces/:id/ctm/numbers', async (request) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, id);
    const numbers = await listTrackingNumbers(db, id);
    return respondWith(trackingNumberListResponseSchema, {
      data: numbers,
      meta: { total: numbers.length, limit: Math.max(1, numbers.length), offset: 0 },
    });
  });

  // spec 7: trackingNumber, campaign, leadSource; a number without tracking data answers
  // nulls (spec 3: "None Associated"), not an error.
  callCenter.get('/workspaces/:id/ctm/tracking-info/:trackingNumber', async (request) => {
    const { id, trackingNumber } = parseInput(trackingParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    parseInput(trackingInfoQuerySchema, request.query, 'query');
    await callTrackingWorkspace(db, principal, id);
    const row = await findTrackingNumber(db, id, trackingNumber);
    const refs = await trackingNumberRefs(db, row);
    const asked = stripPhone(trackingNumber);
    return respondWith(trackingInfoResponseSchema, {
      data: {
        trackingNumber: row?.number ?? toUsE164(asked) ?? asked,
        label: row?.label ?? null,
        ...refs,
      },
    });
  });
}

/** The main-API calls: register under /api. */
export function registerCallTrackingApiRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  { simulator, emitToUser }: CallTrackingRouteDeps,
): void {
  const { db } = ctx;

  // spec 7: DELETE ctm/{workspaceId}/{callId}/deleteCall (main API). Issue #29: the
  // call's agent, or a call manager (owner, admin, system).
  api.delete('/ctm/:workspaceId/:callId/deleteCall', async (request) => {
    const { workspaceId, callId } = parseInput(deleteParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callTrackingWorkspace(db, principal, workspaceId);
    await callToActOn(db, principal, workspaceId, callId, 'delete');
    if (!(await simulator.deleteCall(workspaceId, callId))) throw notFound('Call not found.');
    return respondWith(callDeletedResponseSchema, { data: { id: callId } });
  });

  // Issue #13: system users ring an agent with a simulated incoming call.
  api.post('/system/test-calls', async (request, reply) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, ['system']);
    const body = parseInput(placeTestCallSchema, request.body, 'body');
    const call = await placeTestCall(db, simulator, emitToUser, principal, body);
    reply.code(201);
    return respondWith(trackedCallResponseSchema, { data: call });
  });

  // Issue #28: the simulated caller hangs up a live call (system users, any workspace: the
  // id alone names it). 409 once the call has ended.
  api.post('/system/test-calls/:callId/caller-hangup', async (request) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, ['system']);
    const { callId } = parseInput(testCallParams, request.params, 'params');
    const call = await simulator.callerHangUp(callId);
    if (!call) throw notFound('Call not found.');
    return respondWith(trackedCallResponseSchema, { data: call });
  });
}
