import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_DRAFT_BYTES } from '@/shared/call-flow/drafts';
import {
  ALREADY_RESUMED_MESSAGE,
  MAX_PARKED_STATE_BYTES,
  parkedExecutionListResponseSchema,
  parkExecutionRequestSchema,
  resumedExecutionResponseSchema,
  resumeExecutionRequestSchema,
  saveFlowStateRequestSchema,
  stepDraftParamsSchema,
  stepDraftResponseSchema,
  stepDraftSaveSchema,
  TAKEN_OVER_MESSAGE,
} from '@/shared/contracts/call-flow-api';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import { idSchema } from '@/shared/contracts/common';
import type { Role } from '@/shared/contracts/roles';
import type { Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { forbidden, HttpError, notFound } from '../http/errors';
import { BODY_LIMIT_BYTES } from '../http/json-body';
import { parseInput, respondWith } from '../http/validate';
import {
  holdExecution,
  listParkedExecutions,
  parkExecution,
  saveOpenState,
  takeParkedExecution,
} from '../repositories/parked-execution-repository';
import {
  deleteStepDraft,
  findStepDraft,
  saveStepDraft,
} from '../repositories/step-draft-repository';
import { callFlowScope } from './call-flow-access';
import { reachableExecution } from './execution-histories';

// Issue #28 "Typed answers are never lost" and "Park this walk-in and take the call": what
// an execution keeps for its agent beside its history. Only the execution's own agent
// writes (a draft, a parked state) and resumes; a draft is read by that agent and by the
// workspace's managers (owners, admins, system). Another workspace's execution is a 404
// like one that does not exist (reachableExecution), as for the histories themselves.
// The server deletes them itself when a step is submitted and when the execution ends
// (execution-histories.ts). "Unfinished intakes": beside the parked walk-ins, the latest
// state of every intake in progress (kind 'open'), so another computer resumes it.

const idParams = z.object({ id: idSchema });
const workspaceParams = z.object({ workspaceId: idSchema });

/** Who besides the agent may read a draft (the histories' readers, call-flow-access.ts). */
const DRAFT_READERS: readonly Role[] = ['owner', 'admin', 'system'];

/** The parked-state route takes a body up to the cap plus room, so the cap's 413 is ours. */
const PARK_BODY_LIMIT_BYTES = Math.max(BODY_LIMIT_BYTES, 2 * MAX_PARKED_STATE_BYTES);

const tooLarge = (message: string) => new HttpError(413, message);
const ended = (message: string) => new HttpError(409, message);

/** The execution, when the signed-in user is its agent and may run call flows there. */
async function ownExecution(ctx: ServerContext, principal: Principal, id: string, what: string) {
  const row = await reachableExecution(ctx.db, principal, id);
  await callFlowScope(ctx, principal, row.workspace_id, 'run');
  if (row.created_by !== principal.sub) {
    throw forbidden(`Only the agent of this call flow may ${what}.`);
  }
  return row;
}

const isEnded = (status: string) => status !== 'started';

/** The state's JSON, when it is this execution's and within the cap (else a 400 or 413). */
function checkedState(executionId: string, state: CallFlowState, refused: string): string {
  if (state.processExecutionHistoryId !== executionId) {
    throw new HttpError(400, 'state.processExecutionHistoryId: must be this execution.');
  }
  const text = JSON.stringify(state);
  if (text.length > MAX_PARKED_STATE_BYTES) {
    throw tooLarge(
      `The walk-in's call flow is larger than ${MAX_PARKED_STATE_BYTES / (1024 * 1024)} MB and ${refused}.`,
    );
  }
  return text;
}

export function registerExecutionContinuityRoutes(api: FastifyInstance, ctx: ServerContext): void {
  // ---- step drafts
  api.put('/process-execution-history/:id/drafts/:stepId', async (request, reply) => {
    const key = parseInput(stepDraftParamsSchema, request.params, 'params');
    const body = parseInput(stepDraftSaveSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const row = await ownExecution(ctx, principal, key.id, 'save its drafts');
    if (isEnded(row.status)) throw ended('This call flow has ended: its drafts are not kept.');
    const text = JSON.stringify(body.values);
    // The device's bound (shared/call-flow/drafts.ts), measured the same way.
    if (text.length > MAX_DRAFT_BYTES) {
      throw tooLarge(`The draft is larger than ${MAX_DRAFT_BYTES / 1024} KB and was not saved.`);
    }
    await saveStepDraft(
      ctx.db,
      { executionId: row.id, stepId: key.stepId },
      principal.sub,
      text,
      ctx.now().toISOString(),
    );
    return reply.code(204).send();
  });

  api.get('/process-execution-history/:id/drafts/:stepId', async (request) => {
    const key = parseInput(stepDraftParamsSchema, request.params, 'params');
    const principal = await ctx.authenticate(request);
    const row = await reachableExecution(ctx.db, principal, key.id);
    const own = row.created_by === principal.sub;
    if (!own && !DRAFT_READERS.includes(principal.role)) {
      throw forbidden('Only the agent of this call flow and managers may read its drafts.');
    }
    await callFlowScope(ctx, principal, row.workspace_id, own ? 'run' : 'manage');
    const draft = await findStepDraft(ctx.db, { executionId: row.id, stepId: key.stepId });
    return respondWith(stepDraftResponseSchema, { data: draft });
  });

  api.delete('/process-execution-history/:id/drafts/:stepId', async (request, reply) => {
    const key = parseInput(stepDraftParamsSchema, request.params, 'params');
    const principal = await ctx.authenticate(request);
    const row = await ownExecution(ctx, principal, key.id, 'remove its drafts');
    await deleteStepDraft(ctx.db, { executionId: row.id, stepId: key.stepId });
    return reply.code(204).send();
  });

  // ---- parked walk-ins
  api.put(
    '/process-execution-history/:id/parked',
    { bodyLimit: PARK_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'params');
      const { state } = parseInput(parkExecutionRequestSchema, request.body, 'body');
      const principal = await ctx.authenticate(request);
      const row = await ownExecution(ctx, principal, id, 'park it');
      if (isEnded(row.status)) throw ended('This call flow has ended: it cannot be parked.');
      const text = checkedState(row.id, state, 'could not be parked');
      await parkExecution(ctx.db, {
        executionId: row.id,
        workspaceId: row.workspace_id,
        userId: principal.sub,
        stateJson: text,
        parkedAt: ctx.now().toISOString(),
      });
      return reply.code(204).send();
    },
  );

  // ---- open intakes: the latest state of an intake in progress
  api.put(
    '/process-execution-history/:id/flow-state',
    { bodyLimit: PARK_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'params');
      const { state, holder } = parseInput(saveFlowStateRequestSchema, request.body, 'body');
      const principal = await ctx.authenticate(request);
      const row = await ownExecution(ctx, principal, id, 'save its progress');
      if (isEnded(row.status)) throw ended('This call flow has ended: its progress is not kept.');
      const text = checkedState(row.id, state, 'could not be kept');
      const outcome = await saveOpenState(ctx.db, {
        executionId: row.id,
        workspaceId: row.workspace_id,
        userId: principal.sub,
        stateJson: text,
        parkedAt: ctx.now().toISOString(),
        holder,
      });
      // A parked walk-in stays parked (204: a late save of the wizard that parked it).
      if (outcome === 'held-elsewhere') throw ended(TAKEN_OVER_MESSAGE);
      return reply.code(204).send();
    },
  );

  api.get('/workspaces/:workspaceId/parked-executions', async (request) => {
    const { workspaceId } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, workspaceId, 'run');
    const data = await listParkedExecutions(ctx.db, workspaceId, principal.sub);
    return respondWith(parkedExecutionListResponseSchema, { data });
  });

  api.post('/process-execution-history/:id/parked/resume', async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    // An empty body (the first clients) takes the record; a holder keeps it, as open.
    const body = parseInput(resumeExecutionRequestSchema, request.body ?? {}, 'body');
    const principal = await ctx.authenticate(request);
    const row = await ownExecution(ctx, principal, id, 'resume it');
    const state = body.holder
      ? await holdExecution(ctx.db, row.id, body.holder, ctx.now().toISOString())
      : await takeParkedExecution(ctx.db, row.id);
    if (!state) throw notFound(ALREADY_RESUMED_MESSAGE);
    return respondWith(resumedExecutionResponseSchema, { data: { state } });
  });
}
