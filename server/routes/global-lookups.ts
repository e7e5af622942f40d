import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  coachingCategorySchema,
  countrySchema,
  languageSchema,
  regionSchema,
  timezoneSchema,
} from '@/shared/contracts/lookups';
import { editionSchema, roleItemSchema } from '@/shared/contracts/roles';
import type { ServerContext } from '../context';
import { listResponder } from '../http/list-response';
import { parseInput } from '../http/validate';
import {
  COUNTRIES,
  EDITION_ITEMS,
  LANGUAGES,
  REGIONS,
  ROLE_ITEMS,
  TIMEZONES,
} from '../lookups/global-lookups';
import { listCoachingCategories } from '../repositories/lookup-repository';

const regionQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((code) => code.toUpperCase())
    .optional(),
});

/**
 * Lookups that are the same for every workspace (spec: session 7 "GET users/roles,
 * workspaces/editions, timezones, languages, addresses/countries, addresses/regions,
 * workspaces/coaching-videos/category"). All need a signed-in user.
 *
 * `workspaces/editions` and `workspaces/coaching-videos/category` are static paths, which
 * Fastify's router always prefers to the parametric `workspaces/:id`.
 */
export function registerGlobalLookupRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const constant = <T extends z.ZodType>(path: string, item: T, items: readonly z.input<T>[]) => {
    const respond = listResponder(item);
    api.get(path, async (request) => {
      await ctx.authenticate(request);
      return respond(request.query, items);
    });
  };
  constant('/users/roles', roleItemSchema, ROLE_ITEMS);
  constant('/workspaces/editions', editionSchema, EDITION_ITEMS);
  constant('/timezones', timezoneSchema, TIMEZONES);
  constant('/languages', languageSchema, LANGUAGES);
  constant('/addresses/countries', countrySchema, COUNTRIES);

  const regions = listResponder(regionSchema);
  api.get('/addresses/regions', async (request) => {
    await ctx.authenticate(request);
    const { country } = parseInput(regionQuerySchema, request.query, 'query');
    return regions(request.query, country ? REGIONS.filter((r) => r.country === country) : REGIONS);
  });

  const categories = listResponder(coachingCategorySchema);
  api.get('/workspaces/coaching-videos/category', async (request) => {
    await ctx.authenticate(request);
    return categories(request.query, await listCoachingCategories(ctx.db));
  });
}
