import type { FastifyInstance, FastifyReply } from 'fastify';
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
  processVersionListResponseSchema,
  type ProcessSummary,
  type ProcessVersion,
} from '@/shared/contracts/call-flow-api';
import { idSchema } from '@/shared/contracts/common';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import type { ProcessDefinitionTable } from '../db/schema';
import { badRequest, errorBody, notFound } from '../http/errors';
import { paginate, parsePaging } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import { userDisplayNames } from '../repositories/user-repository';
import { authorizeCallFlow } from './call-flow-access';

// Process definitions as data (issue 11 "Server"): stored per workspace as JSON, checked
// by processDefinitionSchema and validateProcessDefinition on the way in, so a bad
// definition is refused at save time with a 400 naming the step and the problem.

export const processIdSchema = z.string().min(1).max(128);
const workspaceProcessParams = z.object({ id: idSchema, uid: processIdSchema });
const versionParams = workspaceProcessParams.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

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

/**
 * A definition refused by saveProcessDefinition as a 400 naming every problem (anything
 * else is rethrown): what the PUT and a draft's publish answer.
 */
export function refuseRejected(reply: FastifyReply, error: unknown) {
  if (!(error instanceof DefinitionRejectedError)) throw error;
  const answer = definitionRejectedSchema.parse({
    ...errorBody(400, error.message),
    problems: error.problems,
  });
  return reply.code(400).type('application/json').send(answer);
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
    version: row.version,
    updatedAt: row.updated_at,
  };
}

/** The stored definition's content without its version: what a publish compares. */
function contentOf(stored: string): string {
  try {
    const content = JSON.parse(stored) as { version?: unknown };
    delete content.version;
    return JSON.stringify(content);
  } catch {
    return '';
  }
}

/** How many times a publish that raced another for the same version number tries again. */
const PUBLISH_ATTEMPTS = 3;

/**
 * Validates and publishes a definition (issue #34): a new version of the process, which new
 * calls run, while calls in progress keep theirs (process_versions). The same content as
 * the version published last publishes nothing (the seed, an API client sending the same
 * definition again); a restore always publishes, naming the version it copied. Throws
 * DefinitionRejectedError for a bad one; the demo seed uses it too, so a seeded flow passes
 * the same checks.
 */
export async function saveProcessDefinition(
  db: Db,
  input: unknown,
  options: { userId: string | null; now: Date; restoredFrom?: number },
): Promise<ProcessSummary> {
  const checked = validateProcessDefinition(input);
  if (!checked.ok) throw new DefinitionRejectedError(checked.problems);
  // The version is the server's to give.
  const def: ProcessDefinition = { ...checked.definition };
  delete def.version;
  for (let attempt = 1; ; attempt++) {
    try {
      return await publish(db, def, options);
    } catch (error) {
      // Two publishes of one process at once took the same number: the loser reads again.
      if (attempt >= PUBLISH_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

async function publish(
  db: Db,
  def: ProcessDefinition,
  options: { userId: string | null; now: Date; restoredFrom?: number },
): Promise<ProcessSummary> {
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .selectFrom('process_definitions')
      .selectAll()
      .where('workspace_id', '=', def.workspace)
      .where('uid', '=', def.uid)
      .executeTakeFirst();
    if (
      head &&
      options.restoredFrom === undefined &&
      contentOf(head.definition) === JSON.stringify(def)
    ) {
      return summaryOf(head);
    }
    const latest = await trx
      .selectFrom('process_versions')
      .select((eb) => eb.fn.max<number>('version').as('version'))
      .where('workspace_id', '=', def.workspace)
      .where('uid', '=', def.uid)
      .executeTakeFirst();
    const version = Number(latest?.version ?? 0) + 1;
    const published: ProcessDefinition = { ...def, version };
    const now = options.now.toISOString();
    const row: ProcessDefinitionTable = {
      workspace_id: def.workspace,
      uid: def.uid,
      name: def.name,
      description: def.description ?? null,
      definition: JSON.stringify(published),
      step_count: def.steps.length,
      form_step_count: def.steps.filter((s) => s.dynaform !== null).length,
      updated_by: options.userId,
      updated_at: now,
      version,
      // Publishing an archived process keeps it archived: bringing it back is its own act.
      archived_at: head?.archived_at ?? null,
      archived_by: head?.archived_by ?? null,
    };
    await trx
      .insertInto('process_versions')
      .values({
        workspace_id: row.workspace_id,
        uid: row.uid,
        version,
        definition: row.definition,
        step_count: row.step_count,
        restored_from: options.restoredFrom ?? null,
        published_by: options.userId,
        published_at: now,
      })
      .execute();
    await trx
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
          version,
        }),
      )
      .execute();
    return summaryOf(row);
  });
}

/**
 * A stored definition by uid (or by name), or null: the version published last, or the
 * version asked for (a call in progress runs the version it started with).
 */
export async function findProcessDefinition(
  db: Db,
  workspaceId: string,
  by: { uid: string; version?: number | null } | { name: string },
): Promise<ProcessDefinition | null> {
  if ('uid' in by && by.version != null) {
    const row = await db
      .selectFrom('process_versions')
      .select(['definition', 'version'])
      .where('workspace_id', '=', workspaceId)
      .where('uid', '=', by.uid)
      .where('version', '=', by.version)
      .executeTakeFirst();
    return row ? withVersion(row, 'process version') : null;
  }
  let query = db
    .selectFrom('process_definitions')
    .select(['definition', 'version'])
    .where('workspace_id', '=', workspaceId);
  query = 'uid' in by ? query.where('uid', '=', by.uid) : query.where('name', '=', by.name);
  const row = await query.orderBy('uid').executeTakeFirst();
  return row ? withVersion(row, 'process definition') : null;
}

/** A stored definition with the version it is stored as (those stored before versions lack it). */
function withVersion(
  row: { definition: string; version: number },
  what: string,
): ProcessDefinition {
  return {
    ...readJson(processDefinitionSchema, row.definition, what),
    version: Number(row.version),
  };
}

/** The version new calls of a process run (the one published last), or null. */
export async function currentProcessVersion(
  db: Db,
  workspaceId: string,
  uid: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('process_definitions')
    .select('version')
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** Every published version of a process, newest first, with who published it. */
export async function listProcessVersions(
  db: Db,
  workspaceId: string,
  uid: string,
): Promise<ProcessVersion[]> {
  const rows = await db
    .selectFrom('process_versions')
    .select(['version', 'published_at', 'published_by', 'step_count', 'restored_from'])
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .orderBy('version', 'desc')
    .execute();
  const names = await userDisplayNames(
    db,
    rows.map((row) => row.published_by),
  );
  return rows.map((row) => ({
    version: Number(row.version),
    publishedAt: row.published_at,
    publishedBy: (row.published_by && names.get(row.published_by)) ?? null,
    stepCount: Number(row.step_count),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  }));
}

export async function countProcessDefinitions(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('process_definitions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A process's practice area must be one of its workspace's (issue #16): else a 400. */
export async function checkPracticeArea(
  db: Db,
  workspaceId: string,
  practiceAreaId: unknown,
): Promise<void> {
  if (typeof practiceAreaId !== 'string') return;
  const area = await db
    .selectFrom('practice_areas')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', practiceAreaId)
    .executeTakeFirst();
  if (!area) throw badRequest('practiceAreaId: no such practice area in this workspace');
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

  // The Call Flows list (not in the spec): the workspace's processes in use, by name.
  api.get('/workspaces/:id/processes', async (request) => {
    const { id } = parseInput(z.object({ id: idSchema }), request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'read');
    const paging = parsePaging(request.query);
    const rows = await ctx.db
      .selectFrom('process_definitions')
      .selectAll()
      .where('workspace_id', '=', id)
      // An archived process starts no new call (issue #34): the designer lists it.
      .where('archived_at', 'is', null)
      .orderBy('name')
      .orderBy('uid')
      .execute();
    return respondWith(processListResponseSchema, paginate(rows.map(summaryOf), paging));
  });

  // The published versions of a process (issue #34), newest first.
  api.get('/workspaces/:id/processes/:uid/versions', async (request) => {
    const { id, uid } = parseInput(workspaceProcessParams, request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'manage');
    const versions = await listProcessVersions(ctx.db, id, uid);
    if (versions.length === 0) throw notFound('Process not found.');
    return respondWith(processVersionListResponseSchema, { data: versions });
  });

  // Restoring a version (issue #34): its content is published again as the newest version,
  // so the calls on the version it replaces keep theirs and the list says what happened.
  api.post('/workspaces/:id/processes/:uid/versions/:version/restore', async (request) => {
    const { id, uid, version } = parseInput(versionParams, request.params, 'params');
    const { principal } = await authorizeCallFlow(ctx, request, id, 'manage');
    const restored = await findProcessDefinition(ctx.db, id, { uid, version });
    if (!restored) throw notFound(`Version ${version} not found.`);
    const saved = await saveProcessDefinition(ctx.db, restored, {
      userId: principal.sub,
      now: ctx.now(),
      restoredFrom: version,
    });
    return respondWith(processSavedResponseSchema, { data: saved });
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
    await checkPracticeArea(ctx.db, id, given.practiceAreaId);
    try {
      const saved = await saveProcessDefinition(
        ctx.db,
        { ...given, uid, workspace: id },
        { userId: principal.sub, now: ctx.now() },
      );
      return respondWith(processSavedResponseSchema, { data: saved });
    } catch (error) {
      return refuseRejected(reply, error);
    }
  });
}
