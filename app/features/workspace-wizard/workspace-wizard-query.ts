import type { ApiClient } from '@/shared/api/client';
import { fetchLookup } from '@/shared/api/lookups';
import { getWizardDraft } from '@/shared/api/system-workspaces';
import type { Timezone } from '@/shared/contracts/lookups';
import type { WizardDraft } from '@/shared/contracts/system-workspaces';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

/** GET system/workspace-wizard: the saved wizard, read fresh on every visit. */
export function wizardDraftQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<WizardDraft | null> {
  return {
    queryKey: [...scope, 'system', 'workspace-wizard'],
    queryFn: ({ signal }) => getWizardDraft(withSignal(api, signal)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  };
}

/** GET timezones (a global lookup; the system user has no workspace for useLookup). */
export function wizardTimezonesQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<Timezone[]> {
  return {
    queryKey: [...scope, 'system', 'timezones'],
    queryFn: ({ signal }) => fetchLookup(withSignal(api, signal), 'timezones', ''),
    staleTime: 24 * 60 * 60 * 1000,
    retry: false,
  };
}
