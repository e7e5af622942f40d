import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  leadGenerationProcessSchema,
  leadGenerationSetResponseSchema,
  processArchivedSchema,
  processDesignListResponseSchema,
  processDesignResponseSchema,
  type ProcessDesign,
} from '@/shared/contracts/call-flow-api';
import { idSchema } from '@/shared/contracts/common';
import type { Workspace } from '@/shared/contracts/workspace';
import { compareLabels } from '@/shared/domain/sorting';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { userDisplayNames } from '../repositories/user-repository';
import {
  findWorkspace,
  lockWorkspace,
  setLeadGenerationProcess,
} from '../repositories/workspace-repository';
import { authorizeCallFlow } from './call-flow-access';
import { processIdSchema } from './process-definitions';

// The designer's list (issue #34 "A designer screen … listing the workspace's processes
// (name, practice area, status, version, last edited by and when) … archive"): every
// process of a workspace as its owner edits it, published or only drafted, archived ones
// included; and archiving, which takes a process out of the agents' list (no new call
// starts it) while its versions and the histories of its calls stay.

const params = z.object({ id: idSchema, uid: processIdSchema });

/** The name and practice area a stored definition (or a draft, unfinished) gives. */
function headerOf(definition: string): { name: string | null; practiceAreaId: string | null } {
  try {
    const value = JSON.parse(definition) as { name?: unknown; practiceAreaId?: unknown };
    return {
      name: typeof value.name === 'string' && value.name.trim() ? value.name : null,
      practiceAreaId: typeof value.practiceAreaId === 'string' ? value.practiceAreaId : null,
    };
  } catch {
    return { name: null, practiceAreaId: null };
  }
}

/** Every process of the workspace as the designer lists it, by name. */
export async function listProcessDesigns(db: Db, workspaceId: string): Promise<ProcessDesign[]> {
  return readDesigns(db, workspaceId, null);
}

async function readDesigns(
  db: Db,
  workspaceId: string,
  uid: string | null,
): Promise<ProcessDesign[]> {
  let published = db
    .selectFrom('process_definitions')
    .select(['uid', 'definition', 'version', 'updated_by', 'updated_at', 'archived_at'])
    .where('workspace_id', '=', workspaceId);
  let drafts = db
    .selectFrom('process_drafts')
    .select(['uid', 'definition', 'revision', 'updated_by', 'updated_at'])
    .where('workspace_id', '=', workspaceId);
  if (uid !== null) {
    published = published.where('uid', '=', uid);
    drafts = drafts.where('uid', '=', uid);
  }
  const [definitions, draftRows] = await Promise.all([published.execute(), drafts.execute()]);
  const draftOf = new Map(draftRows.map((row) => [row.uid, row]));
  const names = await userDisplayNames(db, [
    ...definitions.map((row) => row.updated_by),
    ...draftRows.map((row) => row.updated_by),
  ]);
  const nameOf = (id: string | null) => (id && names.get(id)) ?? null;

  const designs: ProcessDesign[] = definitions.map((row) => {
    const draft = draftOf.get(row.uid);
    draftOf.delete(row.uid);
    // The draft says what the process is becoming; its last edit is the newer of the two.
    const header = headerOf(draft?.definition ?? row.definition);
    const fallback = headerOf(row.definition);
    const edited = draft && draft.updated_at > row.updated_at ? draft : row;
    return {
      id: row.uid,
      name: header.name ?? fallback.name ?? row.uid,
      practiceAreaId: header.practiceAreaId,
      status: row.archived_at ? 'archived' : 'published',
      version: Number(row.version),
      draftRevision: draft ? Number(draft.revision) : null,
      editedBy: nameOf(edited.updated_by),
      editedAt: edited.updated_at,
      archivedAt: row.archived_at,
    };
  });
  // Drafts of processes never published.
  for (const draft of draftOf.values()) {
    const header = headerOf(draft.definition);
    designs.push({
      id: draft.uid,
      name: header.name ?? draft.uid,
      practiceAreaId: header.practiceAreaId,
      status: 'unpublished',
      version: null,
      draftRevision: Number(draft.revision),
      editedBy: nameOf(draft.updated_by),
      editedAt: draft.updated_at,
      archivedAt: null,
    });
  }
  return designs.sort((a, b) => compareLabels(a.name, b.name) || compareLabels(a.id, b.id));
}

/** A published process's name and whether it is archived; undefined when never published. */
function findPublished(db: Db, workspaceId: string, uid: string) {
  return db
    .selectFrom('process_definitions')
    .select(['name', 'archived_at'])
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/**
 * Archives a published process or brings it back. The process incoming calls without one
 * run (the workspace's lead-generation process) cannot be archived: calls would find none.
 * The check and the change hold the workspace, as the lead-generation choice does, so a
 * process is never both archived and chosen by two managers at once.
 */
async function setArchived(
  ctx: ServerContext,
  workspaceId: string,
  uid: string,
  archived: boolean,
  userId: string,
): Promise<ProcessDesign> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    await changeArchived(trx, ctx.now(), { workspaceId, uid, archived, userId });
  });
  const [design] = await readDesigns(ctx.db, workspaceId, uid);
  return design!;
}

async function changeArchived(
  db: Db,
  at: Date,
  change: { workspaceId: string; uid: string; archived: boolean; userId: string },
): Promise<void> {
  const { workspaceId, uid, archived, userId } = change;
  const row = await findPublished(db, workspaceId, uid);
  if (!row) {
    throw notFound(
      'Only a published process can be archived. A draft that was never published is discarded instead.',
    );
  }
  if (archived && !row.archived_at) {
    const workspace = await findWorkspace(db, workspaceId);
    if (workspace?.attributes.processes.leadGeneration?.id === uid) {
      throw badRequest(
        `${row.name} is the process incoming calls run when they name none. Choose another lead-generation process first, then archive it.`,
      );
    }
  }
  if (archived !== (row.archived_at !== null)) {
    await db
      .updateTable('process_definitions')
      .set(
        archived
          ? { archived_at: at.toISOString(), archived_by: userId }
          : { archived_at: null, archived_by: null },
      )
      .where('workspace_id', '=', workspaceId)
      .where('uid', '=', uid)
      .execute();
  }
}

/**
 * Which process an incoming call that names none runs (issue #34 "Practice area and
 * lead-generation process"): a published process in use, or none. Every signed-in session
 * of the workspace loads it again, so the next call starts the new one.
 */
async function setLeadGeneration(
  ctx: ServerContext,
  workspaceId: string,
  processId: string | null,
): Promise<Workspace['attributes']['processes']> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    if (processId !== null) await assertChoosable(trx, workspaceId, processId);
    return setLeadGenerationProcess(trx, workspaceId, processId);
  });
}

/** A lead-generation process must be published and in use. */
async function assertChoosable(db: Db, workspaceId: string, processId: string): Promise<void> {
  const row = await findPublished(db, workspaceId, processId);
  if (!row) {
    throw badRequest(
      `process: ${processId} is not a published process of this workspace. Publish it first.`,
    );
  }
  if (row.archived_at) {
    throw badRequest(`process: ${row.name} is archived. Bring it back first.`);
  }
}

export function registerProcessDesignRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  workspaceChanged: (workspaceId: string) => void,
): void {
  api.put('/workspaces/:id/lead-generation-process', async (request) => {
    const { id } = parseInput(z.object({ id: idSchema }), request.params, 'params');
    const body = parseInput(leadGenerationProcessSchema, request.body, 'body');
    await authorizeCallFlow(ctx, request, id, 'manage');
    const data = await setLeadGeneration(ctx, id, body.process);
    workspaceChanged(id);
    return respondWith(leadGenerationSetResponseSchema, { data });
  });

  api.get('/workspaces/:id/process-designs', async (request) => {
    const { id } = parseInput(z.object({ id: idSchema }), request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'manage');
    const data = await listProcessDesigns(ctx.db, id);
    return respondWith(processDesignListResponseSchema, { data });
  });

  api.put('/workspaces/:id/processes/:uid/archived', async (request) => {
    const { id, uid } = parseInput(params, request.params, 'params');
    const body = parseInput(processArchivedSchema, request.body, 'body');
    const { principal } = await authorizeCallFlow(ctx, request, id, 'manage');
    const data = await setArchived(ctx, id, uid, body.archived, principal.sub);
    return respondWith(processDesignResponseSchema, { data });
  });
}
