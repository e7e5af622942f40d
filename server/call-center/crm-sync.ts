import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  asyncRecordPayloadSchema,
  asyncRecordRequestSchema,
  asyncRecordResponseSchema,
  crmContactPayloadSchema,
  crmRecordListQuerySchema,
  crmRecordListResponseSchema,
  ifsMethodSchema,
  ifsQueryRequestSchema,
  ifsQueryResponseSchema,
  IFS_METHODS,
  type AsyncRecordPayload,
  type CrmRecord,
} from '@/shared/contracts/call-flow-api';
import { crmRecordTypeSchema } from '@/shared/contracts/call-flow';
import { idSchema } from '@/shared/contracts/common';
import { toAsyncRecordPayload } from '@/shared/domain/crm-sync-mapping';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import type { CrmRecordTable } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { newestFirstPage, pageWindow } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import { callFlowScope } from './call-flow-access';
import { reachableExecution } from './execution-histories';

// spec: session 7 CRM sync, against a simulated CRM (the crm_records table) so that what
// a finished intake wrote can be seen:
// - POST workspaces/{id}/ifs/{method} (getRecords, countRecords): a query object and an
//   ascending flag "1" / "0";
// - POST workspaces/{id}/async-records/{processExecutionHistoryId}: a re-mapped record
//   (type + crmFieldMappings) or the trigger's raw record, re-mapped here with the same
//   pure function (shared/domain/crm-sync-mapping.ts). CONTACT-TAGS removes tags.

const ifsParams = z.object({ id: idSchema, method: z.string().min(1).max(64) });
const asyncParams = z.object({ id: idSchema, executionId: idSchema });
const workspaceParams = z.object({ id: idSchema });
const storedPayloadSchema = z.record(z.string(), z.json());

function recordOf(row: CrmRecordTable): CrmRecord {
  return {
    id: row.id,
    workspace: row.workspace_id,
    type: crmRecordTypeSchema.parse(row.type),
    contactId: row.contact_id,
    processExecutionHistoryId: row.execution_id,
    payload: readJson(storedPayloadSchema, row.payload, 'CRM record'),
    createdAt: row.created_at,
  };
}

async function findContact(db: Db, workspaceId: string, contactId: string) {
  return db
    .selectFrom('crm_records')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'CONTACT')
    .where('id', '=', contactId)
    .executeTakeFirst();
}

/** The contact a NOTE / CALL / EVENT / DEAL belongs to: the one named, else the execution's last. */
async function contactFor(
  db: Db,
  workspaceId: string,
  executionId: string,
  named: string | undefined,
): Promise<CrmRecordTable | null> {
  if (named !== undefined) {
    const contact = await findContact(db, workspaceId, named);
    if (!contact) throw badRequest(`contact ${named} is not in this workspace's CRM`);
    return contact;
  }
  const last = await db
    .selectFrom('crm_records')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('execution_id', '=', executionId)
    .where('type', '=', 'CONTACT')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return last ?? null;
}

function namedContact(payload: AsyncRecordPayload): string | undefined {
  switch (payload.type) {
    case 'NOTE':
    case 'CALL':
    case 'EVENT':
      return payload.crmFieldMappings.ContactId;
    case 'DEAL':
      return payload.crmFieldMappings.contact_id;
    case 'CONTACT-TAGS':
      return payload.crmFieldMappings.contact_id;
    case 'CONTACT':
      return undefined;
  }
}

export function registerCrmSyncRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.post('/workspaces/:id/ifs/:method', async (request) => {
    const { id, method } = parseInput(ifsParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, id, 'read');
    const known = ifsMethodSchema.safeParse(method);
    if (!known.success) {
      throw notFound(`Unknown CRM method ${method} (known: ${IFS_METHODS.join(', ')}).`);
    }
    const body = parseInput(ifsQueryRequestSchema, request.body ?? {}, 'body');
    let base = ctx.db.selectFrom('crm_records').where('workspace_id', '=', id);
    const { type, contactId, processExecutionHistoryId } = body.query;
    if (type) base = base.where('type', '=', type);
    if (contactId) base = base.where('contact_id', '=', contactId);
    if (processExecutionHistoryId)
      base = base.where('execution_id', '=', processExecutionHistoryId);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const direction = body.ascending === '1' ? 'asc' : 'desc';
    const rows =
      known.data === 'getRecords'
        ? await base
            .selectAll()
            .orderBy('created_at', direction)
            .orderBy('id', direction)
            .limit(body.limit)
            .offset(body.page * body.limit)
            .execute()
        : [];
    return respondWith(ifsQueryResponseSchema, {
      method: known.data,
      count: Number(n),
      records: rows.map(recordOf),
    });
  });

  api.post('/workspaces/:id/async-records/:executionId', async (request) => {
    const { id, executionId } = parseInput(asyncParams, request.params, 'params');
    const body = parseInput(asyncRecordRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, id, 'run');
    const execution = await reachableExecution(ctx.db, principal, executionId);
    if (execution.workspace_id !== id) throw notFound('Execution history not found.');
    // A raw trigger record is re-mapped here; a re-mapped one is checked as it is.
    const payload =
      'fields' in body
        ? parseInput(asyncRecordPayloadSchema, toAsyncRecordPayload(body), 'body')
        : body;
    const now = ctx.now().toISOString();

    if (payload.type === 'CONTACT-TAGS') {
      const contact = await contactFor(ctx.db, id, executionId, namedContact(payload));
      if (!contact) throw notFound('There is no contact whose tags could be removed.');
      const stored = crmContactPayloadSchema.parse(JSON.parse(contact.payload));
      const removing = new Set(payload.crmFieldMappings.tags);
      // No tags named: all of them (our choice; spec 7 only says the endpoint deletes tags).
      const tags = removing.size === 0 ? [] : stored.tags.filter((tag) => !removing.has(tag));
      await ctx.db
        .updateTable('crm_records')
        .set({ payload: JSON.stringify({ ...stored, tags }) })
        .where('id', '=', contact.id)
        .execute();
      return respondWith(asyncRecordResponseSchema, {
        id: contact.id,
        type: payload.type,
        contactId: contact.id,
      });
    }

    const recordId = randomUUID();
    const contactId =
      payload.type === 'CONTACT'
        ? recordId
        : ((await contactFor(ctx.db, id, executionId, namedContact(payload)))?.id ?? null);
    await ctx.db
      .insertInto('crm_records')
      .values({
        id: recordId,
        workspace_id: id,
        type: payload.type,
        contact_id: contactId,
        execution_id: executionId,
        payload: JSON.stringify(payload.crmFieldMappings),
        created_at: now,
      })
      .execute();
    return respondWith(asyncRecordResponseSchema, {
      id: recordId,
      type: payload.type,
      contactId,
    });
  });

  // What the simulated CRM holds (not in the spec): newest first, paged, by type.
  api.get('/workspaces/:id/crm-records', async (request) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, id, 'read');
    const { type } = parseInput(crmRecordListQuerySchema, request.query ?? {}, 'query');
    let base = ctx.db.selectFrom('crm_records').where('workspace_id', '=', id);
    if (type) base = base.where('type', '=', type);
    const { rows, meta } = await newestFirstPage(base, pageWindow(request.query));
    return respondWith(crmRecordListResponseSchema, {
      data: rows.map(recordOf),
      meta,
    });
  });
}
