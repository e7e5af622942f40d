import { sql, type SelectQueryBuilder } from 'kysely';
import {
  MAX_PAGE_LIMIT,
  pagingQuerySchema,
  type ListMeta,
  type PagingQuery,
} from '@/shared/contracts/common';
import { measureJson } from '@/shared/domain/intake-limits';
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

/** The page a stored list is read in: `page[limit]` (100 by default) from `page[offset]`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: unknown, defaultLimit = 100): PageWindow {
  const paging = parsePaging(query);
  return { limit: paging['page[limit]'] ?? defaultLimit, offset: paging['page[offset]'] ?? 0 };
}

/**
 * One page of a stored list, newest first (`created_at`, then `id`, both descending, so
 * rows of the same instant keep one order), with the whole list's count for `meta`.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
) {
  // Kysely cannot name the selection of a query generic in its tables: read it by hand.
  const counted: unknown = await base.select(sql`count(*)`.as('n')).executeTakeFirstOrThrow();
  const total = Number((counted as { n: unknown }).n);
  const rows = await base
    .selectAll()
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { rows, meta: { total, ...window } };
}

/**
 * A page whose rows may be large (issue #29 "no single answer is larger than 10 MB"): its
 * first rows up to `maxBytes` of JSON, at least one. A page cut short says so in
 * `meta.limit`, the rows it holds, so the next page starts at `offset + limit` as always.
 */
export function capPageBytes<T>(
  data: readonly T[],
  meta: ListMeta,
  maxBytes: number,
): { data: T[]; meta: ListMeta } {
  let bytes = 0;
  let kept = 0;
  for (const row of data) {
    bytes += measureJson(row).bytes + 1;
    if (kept > 0 && bytes > maxBytes) break;
    kept += 1;
  }
  if (kept === data.length) return { data: [...data], meta };
  return { data: data.slice(0, kept), meta: { ...meta, limit: kept } };
}
