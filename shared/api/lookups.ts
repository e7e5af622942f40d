import type { z } from 'zod';
import { listResponseSchema } from '@/shared/contracts/common';
import {
  agentSchema,
  campaignSchema,
  caseTypeSchema,
  coachingCategorySchema,
  consultantSchema,
  countrySchema,
  crmUserSchema,
  ctmUserSchema,
  languageSchema,
  leadSourceSchema,
  officeSchema,
  practiceAreaSchema,
  regionSchema,
  timezoneSchema,
} from '@/shared/contracts/lookups';
import { editionSchema, roleItemSchema } from '@/shared/contracts/roles';
import type { ApiClient } from './client';

/** One lookup: its path (with the workspace filled in) and the contract of its items. */
interface LookupDef<T> {
  path: (workspaceId: string) => string;
  item: z.ZodType<T>;
  /** spec: dashboards 7 / 9 page limits. */
  limit?: number;
}

const ws = (id: string) => `workspaces/${encodeURIComponent(id)}`;

// spec: session 7 "Workspace and lookups" and dashboards 7 "Lookups".
export const LOOKUPS = {
  roles: { path: () => 'users/roles', item: roleItemSchema },
  editions: { path: () => 'workspaces/editions', item: editionSchema },
  timezones: { path: () => 'timezones', item: timezoneSchema },
  languages: { path: () => 'languages', item: languageSchema },
  countries: { path: () => 'addresses/countries', item: countrySchema },
  regions: { path: () => 'addresses/regions', item: regionSchema },
  leadSources: { path: (id) => `${ws(id)}/leadSources`, item: leadSourceSchema, limit: 300 },
  campaigns: { path: (id) => `${ws(id)}/campaigns`, item: campaignSchema },
  practiceAreas: { path: (id) => `${ws(id)}/practiceAreas`, item: practiceAreaSchema },
  offices: { path: (id) => `${ws(id)}/offices`, item: officeSchema, limit: 100 },
  caseTypes: { path: (id) => `${ws(id)}/casetypes`, item: caseTypeSchema },
  agents: { path: () => 'agents', item: agentSchema },
  consultants: { path: () => 'consultants', item: consultantSchema, limit: 100 },
  zohoUsers: { path: (id) => `${ws(id)}/crm/zoho/users`, item: crmUserSchema },
  ctmUsers: { path: (id) => `${ws(id)}/voip/providers/ctm/users`, item: ctmUserSchema },
  coachingMenu: { path: () => 'workspaces/coaching-videos/category', item: coachingCategorySchema },
} satisfies Record<string, LookupDef<unknown>>;

export type LookupName = keyof typeof LOOKUPS;
export type LookupItem<K extends LookupName> = z.infer<(typeof LOOKUPS)[K]['item']>;

/** Fetches one lookup list. Errors are the caller's to turn into an empty list. */
export async function fetchLookup<K extends LookupName>(
  api: ApiClient,
  name: K,
  workspaceId: string,
): Promise<LookupItem<K>[]> {
  const def: LookupDef<LookupItem<K>> = LOOKUPS[name] as unknown as LookupDef<LookupItem<K>>;
  const query = def.limit ? { 'page[limit]': def.limit } : undefined;
  const response = await api.call(
    listResponseSchema(def.item),
    { method: 'GET', path: def.path(workspaceId), query },
    // spec: session 8 — failed lookups become an empty list and retry; no toast per list.
    { silent: true },
  );
  return response.data as LookupItem<K>[];
}
