import type { ApiClient } from '@/shared/api/client';
import { listCampaignApportions } from '@/shared/api/workspace-settings';
import type { CampaignApportion } from '@/shared/contracts/workspace-settings';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

export const campaignApportionsKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'settings', 'campaign-apportion', workspaceId] as const;

/** GET workspaces/{id}/campaign-apportion: every campaign with its spend and split. */
export function campaignApportionsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<CampaignApportion[]> {
  return {
    queryKey: campaignApportionsKey(scope, workspaceId),
    queryFn: ({ signal }) => listCampaignApportions(withSignal(api, signal), workspaceId),
    staleTime: 30_000,
    retry: false,
  };
}
