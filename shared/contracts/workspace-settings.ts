import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@/shared/domain/campaign-apportion';
import { trackingNumberSchema } from './call-tracking';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16; spec:
// dashboards 2.2 settings menu, 6 "tracking-numbers need a call-tracking account plus its
// setting"). Owners, admins and the system role; docs/users-administration.md.

// ---------------------------------------------------------------- tracking numbers

/** GET workspaces/{id}/tracking-numbers: the same items as ctm/numbers (the picker's). */
export const trackingNumberSettingsListResponseSchema = listResponseSchema(trackingNumberSchema);
export const trackingNumberSettingsResponseSchema = itemResponseSchema(trackingNumberSchema);

/**
 * PUT workspaces/{id}/tracking-numbers/{numberId}: its label and the lead source and
 * campaign a call on it is attributed to (what tracking-info answers and the calls carry).
 * A campaign that belongs to a lead source must come with that lead source.
 */
export const trackingNumberUpdateSchema = z
  .object({
    label: z.string().trim().min(1, 'label is required').max(200),
    leadSourceId: idSchema.nullable(),
    campaignId: idSchema.nullable(),
  })
  .strict();
export type TrackingNumberUpdate = z.input<typeof trackingNumberUpdateSchema>;

// ---------------------------------------------------------------- campaign apportion

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as YYYY-MM');

/** Dollars, 0 or more, at most two decimals, below a billion. */
const dollarsSchema = z
  .number()
  .min(0)
  .max(999_999_999)
  .refine(hasAtMostTwoDecimals, 'expected dollars with at most two decimals');

export const apportionShareSchema = z
  .object({ leadSourceId: idSchema, month: monthSchema, amount: dollarsSchema })
  .strict();
export type ApportionShareInput = z.input<typeof apportionShareSchema>;

/** PUT workspaces/{id}/campaigns/{campaignId}/apportion: replaces the campaign's split. */
export const campaignApportionUpdateSchema = z
  .object({
    spend: dollarsSchema,
    shares: z.array(apportionShareSchema).max(600),
  })
  .strict();
export type CampaignApportionUpdate = z.input<typeof campaignApportionUpdateSchema>;

export const campaignApportionSchema = z.object({
  campaignId: idSchema,
  campaign: z.string(),
  /** The lead source the campaign belongs to (a hint; shares may name any source). */
  leadSourceId: idSchema.nullable(),
  active: z.boolean(),
  /** null: never apportioned. */
  spend: z.number().nullable(),
  /** Sum of the shares (equal to spend whenever spend is set). */
  apportioned: z.number(),
  shares: z.array(
    z.object({
      leadSourceId: idSchema,
      leadSource: z.string(),
      month: z.string(),
      amount: z.number(),
    }),
  ),
  updatedAt: z.string().nullable(),
});
export type CampaignApportion = z.infer<typeof campaignApportionSchema>;

export const campaignApportionListResponseSchema = listResponseSchema(campaignApportionSchema);
export const campaignApportionResponseSchema = itemResponseSchema(campaignApportionSchema);

export const workspaceSettingsPaths = {
  trackingNumbers: (workspaceId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/tracking-numbers`,
  trackingNumber: (workspaceId: string, numberId: string) =>
    `${workspaceSettingsPaths.trackingNumbers(workspaceId)}/${encodeURIComponent(numberId)}`,
  apportions: (workspaceId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/campaign-apportion`,
  apportion: (workspaceId: string, campaignId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/campaigns/${encodeURIComponent(campaignId)}/apportion`,
} as const;
