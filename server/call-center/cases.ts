import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
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
import { formatBytes, MAX_CASE_VARIABLES_BYTES, measureJson } from '@/shared/domain/intake-limits';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { serializeOn } from '../db/serialize';
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
// app_uid answers 404, like an unknown one. Issue #29: a case's variables, after each
// start or submit merged in, hold at most MAX_CASE_VARIABLES_BYTES (413).

const processParams = z.object({ process: processIdSchema });
const caseStatusParams = z.object({ id: processIdSchema });

/** How long after its execution history a case may still be linked to it. */
const CASE_LINK_WINDOW_MS = 60 * 60_000;
const CLOSED: ReadonlySet<string> = new Set(['COMPLETED', 'CALL_ENDED']);

/** The process as published last, or the version a case runs (issue #34). */
async function loadDefinition(
  ctx: ServerContext,
  workspaceId: string,
  uid: string,
  version: number | null = null,
) {
  const def = await findProcessDefinition(ctx.db, workspaceId, { uid, version });
  if (!def) throw notFound('Process not found.');
  return def;
}

/** The version the execution a case belongs to runs (null when unknown). */
async function executionVersion(db: Db, executionId: string | null): Promise<number | null> {
  if (!executionId) return null;
  const row = await db
    .selectFrom('process_executions')
    .select('process_version')
    .where('id', '=', executionId)
    .executeTakeFirst();
  return row?.process_version == null ? null : Number(row.process_version);
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

/**
 * A case's variables as stored, or a 413 when they would be larger than
 * MAX_CASE_VARIABLES_BYTES (issue #29: each submit merges its answers in, so the total is
 * what is bounded, not one request).
 */
function boundedCaseVars(vars: Record<string, unknown>, refused: string): string {
  const { text, bytes } = measureJson(vars);
  if (bytes > MAX_CASE_VARIABLES_BYTES) {
    throw new HttpError(
      413,
      `A case's answers may hold at most ${formatBytes(MAX_CASE_VARIABLES_BYTES)} in all; with these they would hold ${formatBytes(bytes)}, so ${refused}.`,
    );
  }
  return text;
}

/**
 * Merges `updates` into the case's stored variables and writes them with `changes`, within
 * the bound. Read, merged and written in one transaction, one writer of the case at a time
 * (every process): two submits at once both land, and the bound sees the real total.
 */
async function updateCaseVars(
  db: Db,
  appUid: string,
  updates: Record<string, unknown>,
  changes: Omit<Updateable<CaseTable>, 'case_vars'>,
  refused: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await serializeOn(trx, `case:${appUid}`);
    const { case_vars } = await trx
      .selectFrom('cases')
      .select('case_vars')
      .where('app_uid', '=', appUid)
      .executeTakeFirstOrThrow();
    const current = readJson(variablesSchema, case_vars, 'case variables');
    // Spread defines own properties, so a key named __proto__ stays a plain key.
    const merged = boundedCaseVars({ ...current, ...updates }, refused);
    await trx
      .updateTable('cases')
      .set({ ...changes, case_vars: merged })
      .where('app_uid', '=', appUid)
      .execute();
  });
}

export function registerCaseRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.post('/processes/:process', async (request) => {
    const { process } = parseInput(processParams, request.params, 'params');
    const body = parseInput(startCaseRequestSchema, request.body, 'body');
    if (body.process !== process) throw badRequest('process: must be the process of the path');
    const { principal } = await authorizeCallFlow(ctx, request, body.workspaceId, 'run');
    const now = ctx.now();
    const executionId = await executionToLink(
      ctx.db,
      body.workspaceId,
      process,
      principal.sub,
      now,
    );
    // The case runs the version its call started with (issue #34).
    const def = await loadDefinition(
      ctx,
      body.workspaceId,
      process,
      await executionVersion(ctx.db, executionId),
    );
    if (!def.steps.some((s) => s.id === body.tas_uid)) {
      throw badRequest(`tas_uid: the process has no step ${body.tas_uid}`);
    }
    const row: CaseTable = {
      app_uid: randomUUID(),
      workspace_id: body.workspaceId,
      process_uid: process,
      process_version: def.version ?? null,
      execution_id: executionId,
      tas_uid: body.tas_uid,
      dyn_uid: null,
      del_index: 1,
      status: 'TO_DO',
      case_vars: boundedCaseVars(body.variables, 'the case was not started'),
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
    const def = await loadDefinition(ctx, row.workspace_id, process, row.process_version ?? null);
    if (!formIds(def).has(body.dyn_uid)) {
      throw badRequest(`dyn_uid: the process has no form ${body.dyn_uid}`);
    }
    const delIndex = row.del_index + 1;
    await updateCaseVars(
      ctx.db,
      row.app_uid,
      body.case_vars,
      {
        dyn_uid: body.dyn_uid,
        del_index: delIndex,
        status: 'TO_DO',
        updated_at: ctx.now().toISOString(),
      },
      'this step was not submitted',
    );
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
    await updateCaseVars(
      ctx.db,
      row.app_uid,
      body.case_vars,
      {
        status: body.app_status,
        ...(body.dyn_uid ? { dyn_uid: body.dyn_uid } : {}),
        updated_at: ctx.now().toISOString(),
      },
      'the case status was not changed',
    );
    return respondWith(callCenterAckSchema, { id: row.app_uid });
  });
}
