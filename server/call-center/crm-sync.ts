import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  asyncRecordPayloadSchema,
  asyncRecordRequestSchema,
  asyncRecordResponseSchema,
  CALLER_SEARCH_LIMIT,
  callerRecordsQuerySchema,
  callerRecordsResponseSchema,
  crmRecordListQuerySchema,
  crmRecordListResponseSchema,
  ifsMethodSchema,
  ifsQueryRequestSchema,
  ifsQueryResponseSchema,
  IFS_METHODS,
  type CrmRecord,
} from '@/shared/contracts/call-flow-api';
import { crmRecordTypeSchema } from '@/shared/contracts/call-flow';
import { idSchema } from '@/shared/contracts/common';
import { toAsyncRecordPayload } from '@/shared/domain/crm-sync-mapping';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';
import type { ServerContext } from '../context';
import type { CrmOutbox } from '../crm/crm-outbox';
import type { CrmReads } from '../crm/crm-reads';
import type { CrmRecordTable } from '../db/schema';
import { errorBody, HttpError, notFound } from '../http/errors';
import { newestFirstPage, pageWindow } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { readJson } from '../repositories/json-column';
import { callFlowScope } from './call-flow-access';
import { recordFailure } from './async-record-failures';
import { reachableExecution } from './execution-histories';
import { CrmRefusal, writeCrmRecord } from './simulated-crm';

// spec: session 7 CRM sync, against a simulated CRM (the crm_records table) so that what
// a finished intake wrote can be seen:
// - POST workspaces/{id}/ifs/{method} (getRecords, countRecords): a query object and an
//   ascending flag "1" / "0" (a workspace connected to its Keap app is answered from
//   there: server/crm/crm-reads.ts, issue #33);
// - POST workspaces/{id}/async-records/{processExecutionHistoryId}: a re-mapped record
//   (type + crmFieldMappings) or the trigger's raw record, re-mapped here with the same
//   pure function (shared/domain/crm-sync-mapping.ts). CONTACT-TAGS removes tags.
//   The write itself, and the ways the CRM refuses it, live in ./simulated-crm.ts; a
//   refusal in a workspace with asynchronous lead generation is kept by
//   ./async-record-failures.ts for Settings > Async error resolution (issue #16).

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

export function registerCrmSyncRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  crmOutbox: CrmOutbox | null,
  crmReads: CrmReads | null,
): void {
  api.post('/workspaces/:id/ifs/:method', async (request) => {
    const { id, method } = parseInput(ifsParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, id, 'read');
    const known = ifsMethodSchema.safeParse(method);
    if (!known.success) {
      throw notFound(`Unknown CRM method ${method} (known: ${IFS_METHODS.join(', ')}).`);
    }
    const body = parseInput(ifsQueryRequestSchema, request.body ?? {}, 'body');
    // A workspace connected to its Keap app is answered from there (issue #33).
    const fromCrm = await crmReads?.ifs(id, {
      method: known.data,
      ...body.query,
      ascending: body.ascending === '1',
      limit: body.limit,
      page: body.page,
    });
    if (fromCrm) return respondWith(ifsQueryResponseSchema, fromCrm);
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

  api.post('/workspaces/:id/async-records/:executionId', async (request, reply) => {
    const { id, executionId } = parseInput(asyncParams, request.params, 'params');
    const body = parseInput(asyncRecordRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const { workspace } = await callFlowScope(ctx, principal, id, 'run');
    const execution = await reachableExecution(ctx.db, principal, executionId);
    if (execution.workspace_id !== id) throw notFound('Execution history not found.');
    // A raw trigger record is re-mapped here; a re-mapped one is checked as it is.
    const payload =
      'fields' in body
        ? parseInput(asyncRecordPayloadSchema, toAsyncRecordPayload(body), 'body')
        : body;
    const now = ctx.now().toISOString();
    try {
      // A workspace connected to its real CRM keeps the record in the CRM outbox (issue #33:
      // sent in the background, never lost); the others write to the simulated CRM.
      const written =
        crmOutbox && workspace.attributes.crmConnected
          ? await crmOutbox.enqueue({
              workspaceId: id,
              executionId,
              payload,
              userId: principal.sub,
            })
          : await writeCrmRecord(ctx.db, id, executionId, payload, now);
      return respondWith(asyncRecordResponseSchema, written);
    } catch (error) {
      if (!(error instanceof CrmRefusal)) throw error;
      // Issue #16: with asynchronous lead generation nobody waits for the CRM, so a refusal
      // is kept for Settings > Async error resolution (202, never lost); a synchronous
      // caller gets the CRM's answer at once and shows it.
      if (hasAsyncLeadGeneration(workspace)) {
        const failureId = await recordFailure(ctx.db, {
          workspaceId: id,
          executionId,
          payload,
          error: error.crmError,
          createdBy: principal.sub,
          now,
        });
        return reply.code(202).send(
          respondWith(asyncRecordResponseSchema, {
            id: failureId,
            type: payload.type,
            contactId: null,
            failure: { id: failureId, ...error.crmError },
          }),
        );
      }
      if (error.status >= 500) {
        // The error handler answers every 5xx as a generic 500; an outage says what it is.
        return reply.code(error.status).send(errorBody(error.status, error.message));
      }
      throw new HttpError(error.status, error.message);
    }
  });

  // The records the active call's card looks through for the caller (issue #33): a
  // workspace connected to Zoho CRM answers Zoho's contacts with that phone; the others the
  // simulated CRM's newest contacts, as the card read them before (it matches the phone).
  api.get('/workspaces/:id/crm-records/caller', async (request) => {
    const { id } = parseInput(workspaceParams, request.params, 'params');
    const principal = await ctx.authenticate(request);
    await callFlowScope(ctx, principal, id, 'read');
    const { phone } = parseInput(callerRecordsQuerySchema, request.query ?? {}, 'query');
    const fromZoho = await crmReads?.callerRecords(id, phone);
    if (fromZoho) {
      return respondWith(callerRecordsResponseSchema, {
        data: fromZoho,
        meta: { source: 'zoho' },
      });
    }
    const rows = await ctx.db
      .selectFrom('crm_records')
      .selectAll()
      .where('workspace_id', '=', id)
      .where('type', '=', 'CONTACT')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CALLER_SEARCH_LIMIT)
      .execute();
    return respondWith(callerRecordsResponseSchema, {
      data: rows.map(recordOf),
      meta: { source: 'simulator' },
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
