import { z } from 'zod';
import { idSchema } from './common';
import { leadGenGoalsSchema, salesPerformanceGoalsSchema } from './goals';

/**
 * spec: dashboards 3 Lead source. Settings.leadGen is the per-source goal override;
 * Settings.salesPerformance, when a source has one, is summed with the workspace's sales
 * goals while the source is chosen in the cockpit (spec: dashboards 9).
 */
export const leadSourceSchema = z.object({
  id: idSchema,
  key: z.string(),
  label: z.string(),
  medium: z.string().nullable(),
  active: z.boolean(),
  Settings: z
    .object({
      leadGen: leadGenGoalsSchema.nullable(),
      salesPerformance: salesPerformanceGoalsSchema.nullable().optional(),
    })
    .nullable(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;

/** spec: dashboards 3 Campaign; key is the CRM id. */
export const campaignSchema = z.object({
  id: idSchema,
  key: z.string(),
  label: z.string(),
  active: z.boolean(),
  medium: z.string().nullable(),
  leadSourceId: idSchema.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** spec: dashboards 3 Office. Offices without a timezone are skipped by the client. */
export const officeSchema = z.object({
  id: idSchema,
  key: z.string(),
  label: z.string(),
  attributes: z.object({ name: z.string(), timezone: z.string().nullable() }),
});
export type Office = z.infer<typeof officeSchema>;

/** spec: dashboards 3 Case type / sub case type: a sub case type names its parent's key. */
export const caseTypeSchema = z.object({
  id: idSchema,
  key: z.string(),
  label: z.string(),
  parent: z.string().nullable(),
});
export type CaseType = z.infer<typeof caseTypeSchema>;

/** A practice area of the workspace (settings.practiceAreas), served as a list. */
export const practiceAreaSchema = z.object({
  id: idSchema,
  name: z.string(),
  parent: z.string().nullable(),
});
export type PracticeArea = z.infer<typeof practiceAreaSchema>;

export const timezoneSchema = z.object({ key: z.string(), label: z.string() });
export type Timezone = z.infer<typeof timezoneSchema>;
export const languageSchema = z.object({ key: z.string(), label: z.string() });
export type Language = z.infer<typeof languageSchema>;
export const countrySchema = z.object({ key: z.string(), label: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const regionSchema = z.object({ key: z.string(), label: z.string(), country: z.string() });
export type Region = z.infer<typeof regionSchema>;

/** An intake agent; ctmUserId links it to its call-tracking user (spec: session 4 Click-to-call). */
export const agentSchema = z.object({
  id: idSchema,
  name: z.string(),
  personId: idSchema.nullable(),
  ctmUserId: z.string().nullable(),
  zohoUserId: z.string().nullable(),
  active: z.boolean(),
});
export type Agent = z.infer<typeof agentSchema>;

export const consultantSchema = z.object({
  id: idSchema,
  name: z.string(),
  personId: idSchema.nullable(),
  active: z.boolean(),
});
export type Consultant = z.infer<typeof consultantSchema>;

export const crmUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type CrmUser = z.infer<typeof crmUserSchema>;

/** spec: session 3 — a call-tracking user has id, uid, first_name, last_name, email. */
export const ctmUserSchema = z.object({
  id: z.string(),
  uid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type CtmUser = z.infer<typeof ctmUserSchema>;

/** A coaching item; the Training submenu has one entry per item (spec: session 2 Sidebar). */
export const coachingCategorySchema = z.object({ id: idSchema, name: z.string() });
export type CoachingCategory = z.infer<typeof coachingCategorySchema>;
