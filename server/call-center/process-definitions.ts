import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import {
  processDefinitionSchema,
  type DefinitionProblem,
  type ProcessDefinition,
} from '@/shared/contracts/call-flow';
import {
  definitionRejectedSchema,
  processDefinitionQuerySchema,
  processDefinitionResponseSchema,
  processListResponseSchema,
  processSavedResponseSchema,
  type ProcessSummary,
} from '@/shared/contracts/call-flow-api';
import { idSchema } from '@/shared/contracts/common';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import type { ProcessDefinitionTable } from '../db/schema';
import { badRequest, errorBody, notFound } from '../http/errors';
import { paginate, parsePaging } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import { authorizeCallFlow } from './call-flow-access';

// Process definitions as data (issue 11 "Server"): stored per workspace as JSON, checked
// by processDefinitionSchema and validateProcessDefinition on the way in, so a bad
// definition is refused at save time with a 400 naming the step and the problem.

export const processIdSchema = z.string().min(1).max(128);
const workspaceProcessParams = z.object({ id: idSchema, uid: processIdSchema });

/** A definition that failed validateProcessDefinition, refused with its problems. */
export class DefinitionRejectedError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(
      problems
        .slice(0, 5)
        .map((p) => p.message)
        .join('; '),
    );
    this.name = 'DefinitionRejectedError';
  }
}

/** The stored definition's practice area (issue #16), without checking the whole of it. */
function practiceAreaOf(definition: string): string | null {
  try {
    const value: unknown = (JSON.parse(definition) as { practiceAreaId?: unknown }).practiceAreaId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function summaryOf(row: ProcessDefinitionTable): ProcessSummary {
  return {
    id: row.uid,
    name: row.name,
    description: row.description,
    practiceAreaId: practiceAreaOf(row.definition),
    stepCount: row.step_count,
    formStepCount: row.form_step_count,
    updatedAt: row.updated_at,
  };
}

/**
 * Validates and stores (creates or replaces) a definition. Throws DefinitionRejectedError
 * for a bad one; the demo seed uses it too, so a seeded flow passes the same checks.
 */
export async function saveProcessDefinition(
  db: Db,
  input: unknown,
  options: { userId: string | null; now: Date },
): Promise<ProcessSummary> {
  const checked = validateProcessDefinition(input);
  if (!checked.ok) throw new DefinitionRejectedError(checked.problems);
  const def = checked.definition;
  const row: ProcessDefinitionTable = {
    workspace_id: def.workspace,
    uid: def.uid,
    name: def.name,
    description: def.description ?? null,
    definition: JSON.stringify(def),
    step_count: def.steps.length,
    form_step_count: def.steps.filter((s) => s.dynaform !== null).length,
    updated_by: options.userId,
    updated_at: options.now.toISOString(),
  };
  await db
    .insertInto('process_definitions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'uid']).doUpdateSet({
        name: row.name,
        description: row.description,
        definition: row.definition,
        step_count: row.step_count,
        form_step_count: row.form_step_count,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  return summaryOf(row);
}

/** A stored definition by uid (or by name), or null. */
export async function findProcessDefinition(
  db: Db,
  workspaceId: string,
  by: { uid: string } | { name: string },
): Promise<ProcessDefinition | null> {
  let query = db
    .selectFrom('process_definitions')
    .select('definition')
    .where('workspace_id', '=', workspaceId);
  query = 'uid' in by ? query.where('uid', '=', by.uid) : query.where('name', '=', by.name);
  const row = await query.orderBy('uid').executeTakeFirst();
  return row ? readJson(processDefinitionSchema, row.definition, 'process definition') : null;
}

export async function countProcessDefinitions(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('process_definitions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function registerProcessDefinitionRoutes(api: FastifyInstance, ctx: ServerContext): void {
  // spec 7: GET processes/{x}?workspace&processName — the definition, by name when given,
  // else by uid x.
  api.get('/processes/:x', async (request) => {
    const { x } = parseInput(z.object({ x: processIdSchema }), request.params, 'params');
    const query = parseInput(processDefinitionQuerySchema, request.query ?? {}, 'query');
    await authorizeCallFlow(ctx, request, query.workspace, 'read');
    const def = await findProcessDefinition(
      ctx.db,
      query.workspace,
      query.processName !== undefined ? { name: query.processName } : { uid: x },
    );
    if (!def) throw notFound('Process not found.');
    return respondWith(processDefinitionResponseSchema, { data: def });
  });

  // The Call Flows list (not in the spec): the workspace's processes, by name.
  api.get('/workspaces/:id/processes', async (request) => {
    const { id } = parseInput(z.object({ id: idSchema }), request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'read');
    const paging = parsePaging(request.query);
    const rows = await ctx.db
      .selectFrom('process_definitions')
      .selectAll()
      .where('workspace_id', '=', id)
      .orderBy('name')
      .orderBy('uid')
      .execute();
    return respondWith(processListResponseSchema, paginate(rows.map(summaryOf), paging));
  });

  // Saving a definition (not in the spec): owners, admins and system.
  api.put('/workspaces/:id/processes/:uid', async (request, reply) => {
    const { id, uid } = parseInput(workspaceProcessParams, request.params, 'params');
    const { principal } = await authorizeCallFlow(ctx, request, id, 'manage');
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('body: a process definition object is required');
    }
    const given = body as Record<string, unknown>;
    for (const [key, expected] of [
      ['uid', uid],
      ['workspace', id],
    ] as const) {
      if (Object.hasOwn(given, key) && given[key] !== expected) {
        throw badRequest(`${key}: must be ${JSON.stringify(expected)}, as in the path`);
      }
    }
    // A practice area must be one of this workspace's (issue #16).
    if (typeof given.practiceAreaId === 'string') {
      const area = await ctx.db
        .selectFrom('practice_areas')
        .select('id')
        .where('workspace_id', '=', id)
        .where('id', '=', given.practiceAreaId)
        .executeTakeFirst();
      if (!area) throw badRequest('practiceAreaId: no such practice area in this workspace');
    }
    try {
      const saved = await saveProcessDefinition(
        ctx.db,
        { ...given, uid, workspace: id },
        { userId: principal.sub, now: ctx.now() },
      );
      return respondWith(processSavedResponseSchema, { data: saved });
    } catch (error) {
      if (!(error instanceof DefinitionRejectedError)) throw error;
      const answer = definitionRejectedSchema.parse({
        ...errorBody(400, error.message),
        problems: error.problems,
      });
      return reply.code(400).type('application/json').send(answer);
    }
  });
}
