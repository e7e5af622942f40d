import type { ApiClient } from '@/shared/api/client';
import { listTrackingNumberSettings } from '@/shared/api/workspace-settings';
import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

export const trackingNumberSettingsKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'settings', 'tracking-numbers', workspaceId] as const;

/**
 * What the call-tracking screens cache about the numbers: the click-to-call picker's
 * `ctm/numbers` (use-click-to-call.tsx, kept a minute) and anything else under `ctm`. A
 * saved number drops them, so the picker shows the new label at its next opening.
 */
export const callTrackingCacheKey = (scope: QueryScope) => [...scope, 'ctm'] as const;

/** GET workspaces/{id}/tracking-numbers: the settings list (the same items as ctm/numbers). */
export function trackingNumberSettingsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<TrackingNumber[]> {
  return {
    queryKey: trackingNumberSettingsKey(scope, workspaceId),
    queryFn: ({ signal }) => listTrackingNumberSettings(withSignal(api, signal), workspaceId),
    staleTime: 30_000,
    retry: false,
  };
}
