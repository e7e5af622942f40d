import type { z } from 'zod';
import { listResponseSchema } from '@/shared/contracts/common';
import { paginate, parsePaging } from './paging';
import { respondWith } from './validate';

/**
 * Answers `{data, meta}` for a list route: pages the items by the request's
 * `page[limit]`/`page[offset]` and checks the page against the list contract.
 */
export function listResponder<T extends z.ZodType>(item: T) {
  const schema = listResponseSchema(item);
  return (query: unknown, items: readonly z.input<T>[]) => {
    const paging = parsePaging(query);
    return respondWith(schema, paginate(items, paging));
  };
}
