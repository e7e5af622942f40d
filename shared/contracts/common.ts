import { z } from 'zod';

/** Ids travel as strings everywhere (the CRM ids they mirror are strings too). */
export const idSchema = z.string().min(1).max(64);

/** The error body every API route answers with (Fastify's shape). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Paging of spec 7 (`page[limit]=100`, `leadsources?page[limit]=300`), JSON:API style.
 * Both are optional; a list without paging answers everything up to MAX_PAGE_LIMIT.
 */
export const MAX_PAGE_LIMIT = 1000;
export const pagingQuerySchema = z.object({
  'page[limit]': z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export const listMetaSchema = z.object({
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `{ data: T[], meta }`: every list the API answers. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** `{ data: T }`: every single resource the API answers. */
export function itemResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}
