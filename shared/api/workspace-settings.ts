import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import {
  type CampaignApportion,
  campaignApportionListResponseSchema,
  campaignApportionResponseSchema,
  type CampaignApportionUpdate,
  trackingNumberSettingsListResponseSchema,
  trackingNumberSettingsResponseSchema,
  type TrackingNumberUpdate,
  workspaceSettingsPaths,
} from '@/shared/contracts/workspace-settings';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16): the calls of
// shared/contracts/workspace-settings.ts, each answer checked by its contract.

/** GET workspaces/{id}/tracking-numbers (workspaces with call tracking). */
export async function listTrackingNumberSettings(
  api: ApiClient,
  workspaceId: string,
): Promise<TrackingNumber[]> {
  return callForData(api, trackingNumberSettingsListResponseSchema, {
    method: 'GET',
    path: workspaceSettingsPaths.trackingNumbers(workspaceId),
  });
}

/** PUT workspaces/{id}/tracking-numbers/{numberId}: label, lead source and campaign. */
export async function saveTrackingNumber(
  api: ApiClient,
  workspaceId: string,
  numberId: string,
  update: TrackingNumberUpdate,
  options?: CallOptions,
): Promise<TrackingNumber> {
  return callForData(
    api,
    trackingNumberSettingsResponseSchema,
    {
      method: 'PUT',
      path: workspaceSettingsPaths.trackingNumber(workspaceId, numberId),
      body: update,
    },
    options,
  );
}

/** GET workspaces/{id}/campaign-apportion: every campaign with its spend and split. */
export async function listCampaignApportions(
  api: ApiClient,
  workspaceId: string,
): Promise<CampaignApportion[]> {
  return callForData(api, campaignApportionListResponseSchema, {
    method: 'GET',
    path: workspaceSettingsPaths.apportions(workspaceId),
  });
}

/**
 * PUT workspaces/{id}/campaigns/{campaignId}/apportion: replaces the campaign's split. A
 * split that does not add up is refused with 400 naming the difference: pass `silent` to
 * show it beside the form (shared/domain/campaign-apportion.ts apportionProblem gives the
 * same text before sending).
 */
export async function saveCampaignApportion(
  api: ApiClient,
  workspaceId: string,
  campaignId: string,
  update: CampaignApportionUpdate,
  options?: CallOptions,
): Promise<CampaignApportion> {
  return callForData(
    api,
    campaignApportionResponseSchema,
    {
      method: 'PUT',
      path: workspaceSettingsPaths.apportion(workspaceId, campaignId),
      body: update,
    },
    options,
  );
}
