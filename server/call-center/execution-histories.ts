import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appStatusSchema,
  executionHistoryCreateSchema,
  executionHistoryUpdateSchema,
  executionStatusSchema,
  stepDirectionSchema,
  stepHistoryEntrySchema,
  stepTypeSchema,
  type Variables,
} from '@/shared/contracts/call-flow';
import {
  callCenterAckSchema,
  executionHistoryCreatedSchema,
  executionHistoryDetailQuerySchema,
  executionHistoryDetailResponseSchema,
  executionHistoryListQuerySchema,
  executionHistoryListResponseSchema,
  type ExecutionHistorySummary,
  type StepHistoryRecord,
} from '@/shared/contracts/call-flow-api';
import { idSchema } from '@/shared/contracts/common';
import {
  formatBytes,
  MAX_EXECUTION_HISTORY_BYTES,
  MAX_STEP_HISTORY_BYTES,
  MAX_STEPS_PER_EXECUTION,
  measureJson,
  utf8ByteLength,
} from '@/shared/domain/intake-limits';
import type { Principal } from '../auth/access';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { serializeOn } from '../db/serialize';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parsePaging } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import { deleteParkedExecution } from '../repositories/parked-execution-repository';
import { deleteExecutionDrafts, deleteStepDraft } from '../repositories/step-draft-repository';
import { callFlowScope, canReach } from './call-flow-access';
import { findProcessDefinition } from './process-definitions';
import { personName } from '@/shared/domain/user-search';

// spec: session 3 Process execution history / Step history, 7 Call flow: the engine
// writes them (POST, PATCH, POST steps-history: any role that runs call flows); owners,
// admins and system read them (the Call Flows histories screen, paths not in the spec).
// Issue #29 "Everything has a bound" (shared/domain/intake-limits.ts): at most
// MAX_STEPS_PER_EXECUTION steps (409) of MAX_STEP_HISTORY_BYTES each (413), an execution
// history of MAX_EXECUTION_HISTORY_BYTES (413), and the detail answers its steps a page
// at a time, so no answer passes MAX_HISTORY_RESPONSE_BYTES.

const idParams = z.object({ id: idSchema });
const workspaceParams = z.object({ id: idSchema });
const executionHistoryJsonSchema = executionHistoryCreateSchema.shape.executionHistory;

/**
 * An execution history the caller's workspace holds, or 404 (ids cannot be probed). Its
 * keys only: not the execution_history column (up to MAX_EXECUTION_HISTORY_BYTES), which
 * every step, draft and e-mail of the execution would otherwise read again (issue #29).
 */
export async function reachableExecution(db: Db, principal: Principal, id: string) {
  const row = await db
    .selectFrom('process_executions')
    .select(['id', 'workspace_id', 'created_by', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !canReach(principal, row.workspace_id)) {
    throw notFound('Execution history not found.');
  }
  return row;
}

function summariesQuery(db: Db) {
  return db
    .selectFrom('process_executions as e')
    .leftJoin('process_definitions as d', (join) =>
      join.onRef('d.workspace_id', '=', 'e.workspace_id').onRef('d.uid', '=', 'e.process_uid'),
    )
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .leftJoin('persons as p', 'p.id', 'u.person_id')
    .select((eb) => [
      'e.id',
      'e.workspace_id',
      'e.process_uid',
      'e.sub_process',
      'e.status',
      'e.created_by',
      'e.start_time',
      'e.end_time',
      'e.process_version',
      'd.name as process_name',
      eb.fn.coalesce('p.first_name', eb.val('')).as('first_name'),
      eb.fn.coalesce('p.last_name', eb.val('')).as('last_name'),
      'u.username',
      eb
        .selectFrom('cases as c')
        .select('c.status')
        .whereRef('c.execution_id', '=', 'e.id')
        .orderBy('c.created_at', 'desc')
        .limit(1)
        .as('app_status'),
      eb
        .selectFrom('step_histories as s')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('s.execution_id', '=', 'e.id')
        .as('step_count'),
    ]);
}

/**
 * The execution history's JSON, or a 413 when it is larger than
 * MAX_EXECUTION_HISTORY_BYTES (issue #29: every page of the detail carries it).
 */
function boundedExecutionHistory(value: unknown): string {
  const { text, bytes } = measureJson(value);
  if (bytes > MAX_EXECUTION_HISTORY_BYTES) {
    throw new HttpError(
      413,
      `An execution history's variables may hold at most ${formatBytes(MAX_EXECUTION_HISTORY_BYTES)}; these hold ${formatBytes(bytes)} and were not saved.`,
    );
  }
  return text;
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summariesQuery>['executeTakeFirstOrThrow']>>;

function summaryOf(row: SummaryRow): ExecutionHistorySummary {
  const appStatus = appStatusSchema.safeParse(row.app_status);
  return {
    id: row.id,
    workspace: row.workspace_id,
    process: row.process_uid,
    processName: row.process_name ?? row.process_uid,
    subProcess: row.sub_process,
    status: executionStatusSchema.parse(row.status),
    userId: row.created_by,
    agentName: personName(row.first_name, row.last_name, row.username),
    startTime: row.start_time,
    endTime: row.end_time,
    appStatus: appStatus.success ? appStatus.data : null,
    stepCount: Number(row.step_count ?? 0),
    processVersion: row.process_version == null ? null : Number(row.process_version),
  };
}

export function registerExecutionHistoryRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.post('/process-execution-history', async (request) => {
    const body = parseInput(executionHistoryCreateSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, body.workspace, 'run');
    const executionHistory = boundedExecutionHistory(body.executionHistory);
    // The version the call runs (issue #34): the one the client was given, else the one
    // published now.
    const running = await findProcessDefinition(ctx.db, body.workspace, {
      uid: body.process,
      version: body.processVersion,
    });
    if (!running) {
      throw body.processVersion === undefined
        ? notFound('Process not found.')
        : badRequest(`processVersion: the process has no version ${body.processVersion}`);
    }
    const now = ctx.now().toISOString();
    const id = randomUUID();
    await ctx.db
      .insertInto('process_executions')
      .values({
        id,
        workspace_id: body.workspace,
        process_uid: body.process,
        sub_process: body.subProcess,
        status: body.status,
        user_ref: body.user,
        created_by: principal.sub,
        start_time: body.startTime,
        end_time: body.endTime,
        execution_history: executionHistory,
        process_version: running.version ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return respondWith(executionHistoryCreatedSchema, { id });
  });

  api.patch('/process-execution-history/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const body = parseInput(executionHistoryUpdateSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const row = await reachableExecution(ctx.db, principal, id);
    await callFlowScope(ctx, principal, row.workspace_id, 'run');
    const executionHistory =
      body.executionHistory !== undefined ? boundedExecutionHistory(body.executionHistory) : null;
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('process_executions')
        .set({
          status: body.status,
          ...(body.endTime !== undefined ? { end_time: body.endTime } : {}),
          ...(executionHistory !== null ? { execution_history: executionHistory } : {}),
          updated_at: ctx.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      // issue #28: an execution that ended (completed, partial-complete) keeps its answers
      // in its history; its drafts and a parked walk-in state have nothing left to restore.
      if (body.status !== 'started') {
        await deleteExecutionDrafts(trx, id);
        await deleteParkedExecution(trx, id);
      }
    });
    return respondWith(callCenterAckSchema, { id });
  });

  api.post('/process-execution-steps-history', (request) => recordStepHistory(ctx, request));

  api.get('/workspaces/:id/process-execution-history', (request) =>
    listExecutionHistories(ctx, request),
  );

  api.get('/process-execution-history/:id', (request) => executionHistoryDetail(ctx, request));
}

/** Records one step of an execution (bounded in size and in count per execution). */
async function recordStepHistory(ctx: ServerContext, request: FastifyRequest) {
  const body = parseInput(stepHistoryEntrySchema, request.body, 'body');
  const principal = await ctx.authenticate(request);
  const row = await reachableExecution(ctx.db, principal, body.processExecutionHistoryId);
  await callFlowScope(ctx, principal, row.workspace_id, 'run');
  // issue #29: the whole entry as it is kept and answered, names and ids included. The
  // variables (nearly all of a large entry) are written once, for the size and the row: a
  // second copy of a 128 KB text per step kept the server's peak memory needlessly high.
  const variableState = JSON.stringify(body.variableState);
  const bytes =
    measureJson({ ...body, variableState: 0 }).bytes - 1 + utf8ByteLength(variableState);
  if (bytes > MAX_STEP_HISTORY_BYTES) {
    throw new HttpError(
      413,
      `A step history may hold at most ${formatBytes(MAX_STEP_HISTORY_BYTES)}; this one holds ${formatBytes(bytes)} and was not recorded.`,
    );
  }
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    // The count and the insert, one step of this execution at a time (every process).
    await serializeOn(trx, `steps:${row.id}`);
    const { n } = await trx
      .selectFrom('step_histories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('execution_id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_STEPS_PER_EXECUTION) {
      throw new HttpError(
        409,
        `This call flow already recorded ${MAX_STEPS_PER_EXECUTION} steps, the most one call flow keeps; this step was not recorded.`,
      );
    }
    await trx
      .insertInto('step_histories')
      .values({
        id,
        execution_id: row.id,
        previous_step_id: body.previousStepId,
        current_step_id: body.currentStepId,
        current_step_name: body.currentStepName,
        current_step_type: body.currentStepType,
        current_step_process_id: body.currentStepProcessId,
        variable_state: variableState,
        direction: body.direction,
        executed_on: body.executedOn,
        created_by: principal.sub,
        created_at: ctx.now().toISOString(),
      })
      .execute();
  });
  // issue #28: moving forward from a step submitted it; its answers are in the history
  // now, so its draft goes (going back submits nothing and keeps the draft).
  if (body.direction === 'forward' && body.previousStepId) {
    await deleteStepDraft(ctx.db, { executionId: row.id, stepId: body.previousStepId });
  }
  return respondWith(callCenterAckSchema, { id });
}

/** The histories screen (owners, admins, system): newest first, paged. */
async function listExecutionHistories(ctx: ServerContext, request: FastifyRequest) {
  const { id } = parseInput(workspaceParams, request.params, 'params');
  const principal = await ctx.authenticate(request);
  await callFlowScope(ctx, principal, id, 'manage');
  const paging = parsePaging(request.query);
  const { status } = parseInput(executionHistoryListQuerySchema, request.query ?? {}, 'query');
  const limit = paging['page[limit]'] ?? 100;
  const offset = paging['page[offset]'] ?? 0;
  let base = ctx.db.selectFrom('process_executions').where('workspace_id', '=', id);
  if (status) base = base.where('status', '=', status);
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = summariesQuery(ctx.db).where('e.workspace_id', '=', id);
  if (status) rows = rows.where('e.status', '=', status);
  const page = await rows
    .orderBy('e.start_time', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return respondWith(executionHistoryListResponseSchema, {
    data: page.map(summaryOf),
    meta: { total: Number(n), limit, offset },
  });
}

/** One execution history with a page of its steps. */
async function executionHistoryDetail(ctx: ServerContext, request: FastifyRequest) {
  const { id } = parseInput(idParams, request.params, 'params');
  const principal = await ctx.authenticate(request);
  const found = await reachableExecution(ctx.db, principal, id);
  await callFlowScope(ctx, principal, found.workspace_id, 'manage');
  const page = parseInput(executionHistoryDetailQuerySchema, request.query ?? {}, 'query');
  const limit = page['page[limit]'];
  const offset = page['page[offset]'];
  const row = await summariesQuery(ctx.db)
    .select('e.execution_history')
    .where('e.id', '=', id)
    .executeTakeFirstOrThrow();
  const steps = await ctx.db
    .selectFrom('step_histories as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .leftJoin('persons as p', 'p.id', 'u.person_id')
    .select(['s.id', 's.previous_step_id', 's.current_step_id', 's.current_step_name'])
    .select(['s.current_step_type', 's.current_step_process_id', 's.variable_state'])
    .select(['s.direction', 's.executed_on', 's.created_by', 'u.username'])
    .select(['p.first_name', 'p.last_name'])
    .where('s.execution_id', '=', id)
    .orderBy('s.executed_on')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const stepHistories: StepHistoryRecord[] = steps.map((s) => ({
    id: s.id,
    previousStepId: s.previous_step_id,
    currentStepId: s.current_step_id,
    currentStepName: s.current_step_name,
    currentStepType: stepTypeSchema.parse(s.current_step_type),
    currentStepProcessId: s.current_step_process_id,
    direction: stepDirectionSchema.parse(s.direction),
    executedOn: s.executed_on,
    // Checked by the answer's contract below (respondWith), once: a page holds up to
    // STEP_HISTORY_PAGE_LIMIT of the largest steps, and a second full check of each
    // (readJson) doubled the work and the garbage of the largest answers (issue #29).
    variableState: JSON.parse(s.variable_state) as Variables,
    userId: s.created_by,
    agentName: personName(s.first_name, s.last_name, s.username),
  }));
  const summary = summaryOf(row);
  return respondWith(executionHistoryDetailResponseSchema, {
    data: {
      ...summary,
      executionHistory: readJson(
        executionHistoryJsonSchema,
        row.execution_history,
        'execution history',
      ),
      stepHistories,
    },
    meta: { total: summary.stepCount, limit, offset },
  });
}
