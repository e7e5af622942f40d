import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { outboxListQuerySchema } from '@/shared/contracts/call-flow-api';
import { MAX_LIST_PAGE_BYTES } from '@/shared/domain/intake-limits';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import type { Database } from '../db/schema';
import { capPageBytes, newestFirstPage, pageWindow } from '../http/paging';
import { parseInput } from '../http/validate';

/** The tables a system user reads as outboxes. */
type OutboxTable = 'email_outbox' | 'error_notifications';

/**
 * What the system user reads of an outbox (the e-mails a flow sent, the error
 * notifications): only the system role, optionally one workspace's rows, newest first,
 * capped at MAX_LIST_PAGE_BYTES of answer.
 */
export async function systemOutboxPage<Table extends OutboxTable, Item>(
  ctx: ServerContext,
  request: FastifyRequest,
  table: Table,
  itemOf: (row: Selectable<Database[Table]>) => Item,
) {
  const principal = await ctx.authenticate(request);
  assertRole(principal, ['system']);
  const { workspace } = parseInput(outboxListQuerySchema, request.query ?? {}, 'query');
  // Kysely cannot narrow a union of table names: both have workspace_id and created_at,
  // and the rows are handed on as the table's own.
  let base = ctx.db.selectFrom(table as OutboxTable);
  if (workspace) base = base.where('workspace_id', '=', workspace);
  const { rows, meta } = await newestFirstPage(base, pageWindow(request.query));
  const items = (rows as Selectable<Database[Table]>[]).map(itemOf);
  return capPageBytes(items, meta, MAX_LIST_PAGE_BYTES);
}
