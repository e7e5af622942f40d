import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import {
  draftConflictSchema,
  processDraftDiscardedSchema,
  MAX_PROCESS_DRAFT_BYTES,
  processDraftPublishSchema,
  processDraftResponseSchema,
  processDraftSaveSchema,
  processSavedResponseSchema,
  type ProcessDraft,
} from '@/shared/contracts/call-flow-api';
import { idSchema } from '@/shared/contracts/common';
import { formatBytes, measureJson } from '@/shared/domain/intake-limits';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { userDisplayNames } from '../repositories/user-repository';
import { errorBody, HttpError, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { authorizeCallFlow } from './call-flow-access';
import {
  checkPracticeArea,
  currentProcessVersion,
  processIdSchema,
  refuseRejected,
  saveProcessDefinition,
} from './process-definitions';

// The designer's drafts (issue #34 "Versions": edits make a draft; publishing makes a new
// version; two people editing the same draft are told, and nothing either typed is
// silently lost). A draft is kept as saved, unfinished or not, with the problems that
// stand in the way of publishing it; every save names the revision it replaces, and a
// save over someone else's newer one is refused with 409 and theirs, for the designer to
// show both. Publishing goes through saveProcessDefinition, the same checks as the PUT.

const params = z.object({ id: idSchema, uid: processIdSchema });

/** The draft row with its saver's name (null: none saved). */
async function readDraft(db: Db, workspaceId: string, uid: string): Promise<ProcessDraft | null> {
  const row = await db
    .selectFrom('process_drafts')
    .select(['definition', 'revision', 'based_on_version', 'updated_by', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!row) return null;
  const names = await userDisplayNames(db, [row.updated_by]);
  const definition = JSON.parse(row.definition) as Record<string, unknown>;
  const checked = validateProcessDefinition(definition);
  return {
    definition,
    revision: Number(row.revision),
    basedOnVersion: row.based_on_version === null ? null : Number(row.based_on_version),
    updatedBy: (row.updated_by && names.get(row.updated_by)) ?? null,
    updatedAt: row.updated_at,
    problems: checked.ok ? [] : checked.problems,
  };
}

/** 409 with the draft as it is now: the designer shows it beside what its user typed. */
function conflict(reply: FastifyReply, draft: ProcessDraft | null) {
  const message = draft
    ? `${draft.updatedBy ?? 'Someone'} saved this draft at ${draft.updatedAt}, after the copy you edited. Nothing is lost: theirs is here, and yours is still in your editor.`
    : 'This draft was published or discarded since you opened it. Nothing is lost: yours is still in your editor.';
  return reply
    .code(409)
    .type('application/json')
    .send(draftConflictSchema.parse({ ...errorBody(409, message), draft }));
}

export function registerProcessDraftRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const path = '/workspaces/:id/processes/:uid/draft';

  api.get(path, async (request) => {
    const { id, uid } = parseInput(params, request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'manage');
    const draft = await readDraft(ctx.db, id, uid);
    if (!draft) throw notFound('No draft of this process.');
    return respondWith(processDraftResponseSchema, { data: draft });
  });

  api.put(path, async (request, reply) => {
    const { id, uid } = parseInput(params, request.params, 'params');
    const body = parseInput(processDraftSaveSchema, request.body, 'body');
    const { principal } = await authorizeCallFlow(ctx, request, id, 'manage');
    // The draft is of this process in this workspace, whatever the body said.
    const definition = { ...body.definition, uid, workspace: id };
    const { text, bytes } = measureJson(definition);
    if (bytes > MAX_PROCESS_DRAFT_BYTES) {
      throw new HttpError(
        413,
        `A draft may hold at most ${formatBytes(MAX_PROCESS_DRAFT_BYTES)}; this one holds ${formatBytes(bytes)}.`,
      );
    }
    const now = ctx.now().toISOString();
    const saved = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const current = await trx
          .selectFrom('process_drafts')
          .select('revision')
          .where('workspace_id', '=', id)
          .where('uid', '=', uid)
          .executeTakeFirst();
        if (Number(current?.revision ?? 0) !== body.revision) return false;
        if (current) {
          await trx
            .updateTable('process_drafts')
            .set({
              definition: text,
              revision: body.revision + 1,
              updated_by: principal.sub,
              updated_at: now,
            })
            .where('workspace_id', '=', id)
            .where('uid', '=', uid)
            .where('revision', '=', body.revision)
            .execute();
        } else {
          await trx
            .insertInto('process_drafts')
            .values({
              workspace_id: id,
              uid,
              definition: text,
              revision: 1,
              based_on_version: await currentProcessVersion(trx, id, uid),
              updated_by: principal.sub,
              updated_at: now,
            })
            .execute();
        }
        return true;
      })
      .catch((error: unknown) => {
        // Two first saves at once: the second finds the first's row.
        if (isUniqueViolation(error)) return false;
        throw error;
      });
    const draft = await readDraft(ctx.db, id, uid);
    if (!saved) return conflict(reply, draft);
    return respondWith(processDraftResponseSchema, { data: draft! });
  });

  api.delete(path, async (request) => {
    const { id, uid } = parseInput(params, request.params, 'params');
    await authorizeCallFlow(ctx, request, id, 'manage');
    await ctx.db
      .deleteFrom('process_drafts')
      .where('workspace_id', '=', id)
      .where('uid', '=', uid)
      .execute();
    return respondWith(processDraftDiscardedSchema, { data: null });
  });

  api.post(`${path}/publish`, async (request, reply) => {
    const { id, uid } = parseInput(params, request.params, 'params');
    const body = parseInput(processDraftPublishSchema, request.body, 'body');
    const { principal } = await authorizeCallFlow(ctx, request, id, 'manage');
    const draft = await readDraft(ctx.db, id, uid);
    if (!draft || draft.revision !== body.revision) return conflict(reply, draft);
    await checkPracticeArea(ctx.db, id, draft.definition.practiceAreaId);
    try {
      const published = await saveProcessDefinition(ctx.db, draft.definition, {
        userId: principal.sub,
        now: ctx.now(),
      });
      // Only the revision published goes: a save that came meanwhile stays a draft.
      await ctx.db
        .deleteFrom('process_drafts')
        .where('workspace_id', '=', id)
        .where('uid', '=', uid)
        .where('revision', '=', body.revision)
        .execute();
      return respondWith(processSavedResponseSchema, { data: published });
    } catch (error) {
      return refuseRejected(reply, error);
    }
  });
}
