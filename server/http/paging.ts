import { MAX_PAGE_LIMIT, pagingQuerySchema, type PagingQuery } from '@/shared/contracts/common';
import { parseInput } from './validate';

/**
 * JSON:API style paging (`page[limit]`, `page[offset]`; spec: dashboards 7 e.g.
 * `leadsources?page[limit]=300`). Fastify's default query parser keeps bracketed keys
 * literally ("page[limit]"), which is exactly the shape of pagingQuerySchema.
 *
 * Other query keys are ignored rather than refused: clients add their own (cache
 * busters, `include`, `sort`), and the lists here are small enough to answer whole.
 */
export function parsePaging(query: unknown): PagingQuery {
  return parseInput(pagingQuerySchema, query ?? {}, 'query');
}

export function paginate<T>(items: readonly T[], paging: PagingQuery) {
  const limit = paging['page[limit]'] ?? MAX_PAGE_LIMIT;
  const offset = paging['page[offset]'] ?? 0;
  return {
    data: items.slice(offset, offset + limit),
    meta: { total: items.length, limit, offset },
  };
}
