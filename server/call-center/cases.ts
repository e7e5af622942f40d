import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  caseStatusUpdateSchema,
  startCaseRequestSchema,
  startCaseResponseSchema,
  submitStepRequestSchema,
  submitStepResponseSchema,
  variablesSchema,
  type ProcessDefinition,
} from '@/shared/contracts/call-flow';
import { callCenterAckSchema } from '@/shared/contracts/call-flow-api';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import type { CaseTable } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import type { Principal } from '../auth/access';
import { authorizeCallFlow, callFlowScope, canReach } from './call-flow-access';
import { findProcessDefinition, processIdSchema } from './process-definitions';

// spec: session 7 Call flow — POST processes/{process} starts a case (tas_uid, variables,
// workspaceId), PUT processes/{process} submits a step's form (app_uid, dyn_uid,
// del_index, case_vars), PUT processmaker/{id} sets the case status (COMPLETED at an END
// step, CALL_ENDED on hang-up). A case belongs to one workspace; another workspace's
// app_uid answers 404, like an unknown one.

const processParams = z.object({ process: processIdSchema });
const caseStatusParams = z.object({ id: processIdSchema });

/** How long after its execution history a case may still be linked to it. */
const CASE_LINK_WINDOW_MS = 60 * 60_000;
const CLOSED: ReadonlySet<string> = new Set(['COMPLETED', 'CALL_ENDED']);

async function loadDefinition(ctx: ServerContext, workspaceId: string, uid: string) {
  const def = await findProcessDefinition(ctx.db, workspaceId, { uid });
  if (!def) throw notFound('Process not found.');
  return def;
}

async function reachableCase(ctx: ServerContext, principal: Principal, appUid: string) {
  const row = await ctx.db
    .selectFrom('cases')
    .selectAll()
    .where('app_uid', '=', appUid)
    .executeTakeFirst();
  if (!row || !canReach(principal, row.workspace_id)) throw notFound('Case not found.');
  return row;
}

function formIds(def: ProcessDefinition): Set<string> {
  return new Set(def.steps.flatMap((s) => (s.dynaform ? [s.dynaform.dyn_uid] : [])));
}

/**
 * The execution history a new case belongs to: the engine creates the history and then
 * starts the case (spec 4 Start), so it is the caller's newest history of the process
 * that has no case yet, started within the last hour.
 */
async function executionToLink(
  db: Db,
  workspaceId: string,
  processUid: string,
  userId: string,
  now: Date,
): Promise<string | null> {
  const since = new Date(now.getTime() - CASE_LINK_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('process_executions as e')
    .select('e.id')
    .where('e.workspace_id', '=', workspaceId)
    .where('e.process_uid', '=', processUid)
    .where('e.created_by', '=', userId)
    .where('e.created_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cases as c').select('c.app_uid').whereRef('c.execution_id', '=', 'e.id'),
        ),
      ),
    )
    .orderBy('e.created_at', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

function mergedVars(row: CaseTable, updates: Record<string, unknown>): string {
  const current = readJson(variablesSchema, row.case_vars, 'case variables');
  // Spread defines own properties, so a key named __proto__ stays a plain key.
  return JSON.stringify({ ...current, ...updates });
}

export function registerCaseRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.post('/processes/:process', async (request) => {
    const { process } = parseInput(processParams, request.params, 'params');
    const body = parseInput(startCaseRequestSchema, request.body, 'body');
    if (body.process !== process) throw badRequest('process: must be the process of the path');
    const { principal } = await authorizeCallFlow(ctx, request, body.workspaceId, 'run');
    const def = await loadDefinition(ctx, body.workspaceId, process);
    if (!def.steps.some((s) => s.id === body.tas_uid)) {
      throw badRequest(`tas_uid: the process has no step ${body.tas_uid}`);
    }
    const now = ctx.now();
    const row: CaseTable = {
      app_uid: randomUUID(),
      workspace_id: body.workspaceId,
      process_uid: process,
      execution_id: await executionToLink(ctx.db, body.workspaceId, process, principal.sub, now),
      tas_uid: body.tas_uid,
      dyn_uid: null,
      del_index: 1,
      status: 'TO_DO',
      case_vars: JSON.stringify(body.variables),
      created_by: principal.sub,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await ctx.db.insertInto('cases').values(row).execute();
    return respondWith(startCaseResponseSchema, { app_uid: row.app_uid, del_index: row.del_index });
  });

  api.put('/processes/:process', async (request) => {
    const { process } = parseInput(processParams, request.params, 'params');
    const body = parseInput(submitStepRequestSchema, request.body, 'body');
    if (body.process !== process) throw badRequest('process: must be the process of the path');
    const principal = await ctx.authenticate(request);
    const row = await reachableCase(ctx, principal, body.app_uid);
    await callFlowScope(ctx, principal, row.workspace_id, 'run');
    if (row.process_uid !== process) throw notFound('Case not found.');
    if (CLOSED.has(row.status)) throw new HttpError(409, `The case is closed (${row.status}).`);
    if (body.del_index > row.del_index) {
      throw badRequest(`del_index: the case is at ${row.del_index}`);
    }
    const def = await loadDefinition(ctx, row.workspace_id, process);
    if (!formIds(def).has(body.dyn_uid)) {
      throw badRequest(`dyn_uid: the process has no form ${body.dyn_uid}`);
    }
    const delIndex = row.del_index + 1;
    await ctx.db
      .updateTable('cases')
      .set({
        case_vars: mergedVars(row, body.case_vars),
        dyn_uid: body.dyn_uid,
        del_index: delIndex,
        status: 'TO_DO',
        updated_at: ctx.now().toISOString(),
      })
      .where('app_uid', '=', row.app_uid)
      .execute();
    return respondWith(submitStepResponseSchema, { del_index: delIndex });
  });

  // spec 7: PUT processmaker/{id} (id: the process uid) with the case and its new status.
  api.put('/processmaker/:id', async (request) => {
    const { id } = parseInput(caseStatusParams, request.params, 'params');
    const body = parseInput(caseStatusUpdateSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const row = await reachableCase(ctx, principal, body.app_uid);
    if (row.workspace_id !== body.workspaceId || row.process_uid !== id) {
      throw notFound('Case not found.');
    }
    await callFlowScope(ctx, principal, row.workspace_id, 'run');
    await ctx.db
      .updateTable('cases')
      .set({
        status: body.app_status,
        case_vars: mergedVars(row, body.case_vars),
        ...(body.dyn_uid ? { dyn_uid: body.dyn_uid } : {}),
        updated_at: ctx.now().toISOString(),
      })
      .where('app_uid', '=', row.app_uid)
      .execute();
    return respondWith(callCenterAckSchema, { id: row.app_uid });
  });
}
