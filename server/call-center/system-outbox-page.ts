import type { FastifyRequest } from 'fastify';
import { outboxListQuerySchema } from '@/shared/contracts/call-flow-api';
import { MAX_LIST_PAGE_BYTES } from '@/shared/domain/intake-limits';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import { capPageBytes, pageWindow, type PageWindow } from '../http/paging';
import { parseInput } from '../http/validate';

/** One page of stored rows with the whole list's count, as `newestFirstPage` reads it. */
interface StoredPage<Row> {
  rows: Row[];
  meta: { total: number } & PageWindow;
}

/**
 * What the system user reads of an outbox (the e-mails a flow sent, the error
 * notifications): only the system role, optionally one workspace's rows, newest first,
 * capped at MAX_LIST_PAGE_BYTES of answer.
 */
export async function systemOutboxPage<Row, Item>(
  ctx: ServerContext,
  request: FastifyRequest,
  readPage: (workspace: string | undefined, window: PageWindow) => Promise<StoredPage<Row>>,
  itemOf: (row: Row) => Item,
) {
  const principal = await ctx.authenticate(request);
  assertRole(principal, ['system']);
  const { workspace } = parseInput(outboxListQuerySchema, request.query ?? {}, 'query');
  const { rows, meta } = await readPage(workspace, pageWindow(request.query));
  return capPageBytes(rows.map(itemOf), meta, MAX_LIST_PAGE_BYTES);
}
