import { z } from 'zod';
import { idSchema } from '../common';
import {
  communicationsGoalsSchema,
  leadGenGoalsSchema,
  salesPerformanceGoalsSchema,
} from '../goals';

/**
 * The cockpit-goals settings (spec: dashboards 2.2 settings/cockpit-goals, 3 Goal
 * settings, 5 Goal form, 9 goal pairs): the workspace's weekly goals and each lead
 * source's weekly leadsMin / leadsMax.
 *
 *   GET workspaces/{id}/cockpit-goals  → { data: CockpitGoalSettings }
 *   PUT workspaces/{id}/cockpit-goals  ← CockpitGoalSettingsUpdate → { data: CockpitGoalSettings }
 *
 * Owners and admins of a workspace with the cockpit enabled only (403 otherwise). The
 * goals are the same stored values GET workspaces/{id} answers as attributes.goals and
 * GET workspaces/{id}/leadSources as Settings.leadGen: one source of truth.
 */

/** A lead source's own weekly lead goal; null = the source has none. */
export const leadSourceGoalSchema = z.object({
  id: idSchema,
  leadGen: leadGenGoalsSchema.nullable(),
});
export type LeadSourceGoal = z.infer<typeof leadSourceGoalSchema>;

/** The weekly goals the form edits (spec: dashboards 3 Goal settings). */
export const cockpitGoalsUpdateSchema = z.object({
  leadGen: leadGenGoalsSchema,
  salesPerformance: salesPerformanceGoalsSchema,
  communications: communicationsGoalsSchema,
  /** Only the sources listed change; each id must be a visible source of the workspace. */
  leadSources: z
    .array(leadSourceGoalSchema)
    .max(300)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      message: 'each lead source may appear once',
    }),
});
export type CockpitGoalSettingsUpdate = z.infer<typeof cockpitGoalsUpdateSchema>;

export const cockpitGoalSettingsSchema = z.object({
  leadGen: leadGenGoalsSchema,
  salesPerformance: salesPerformanceGoalsSchema,
  communications: communicationsGoalsSchema,
  /** Every visible (non-Test) source, active and inactive, sorted by label. */
  leadSources: z.array(leadSourceGoalSchema.extend({ label: z.string(), active: z.boolean() })),
});
export type CockpitGoalSettings = z.infer<typeof cockpitGoalSettingsSchema>;

export const cockpitGoalSettingsResponseSchema = z.object({ data: cockpitGoalSettingsSchema });
export type CockpitGoalSettingsResponse = z.infer<typeof cockpitGoalSettingsResponseSchema>;
