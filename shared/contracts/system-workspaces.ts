import { z } from 'zod';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';
import { editionKeySchema } from './roles';
import { workspaceSchema } from './workspace';

// System > Workspaces and System > Workspace wizard (issue #16; docs/system-workspaces.md).
// The workspace contract (shared/contracts/workspace.ts) stays the source of truth: the
// settings below are the parts of it a system user edits, in the form's own shape.

const storedSettings = workspaceSchema.shape.attributes.shape.settings.shape;

/** Is `key` a time zone this runtime knows (IANA name such as America/Chicago)? */
export function isKnownTimezone(key: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(key)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: key });
    return true;
  } catch {
    return false;
  }
}

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the workspace name.')
  .max(80, 'Keep the name to 80 characters.');

export const workspaceTimezoneSchema = z
  .string()
  .trim()
  .min(1, 'Choose a timezone.')
  .refine(isKnownTimezone, 'Choose a timezone from the list.');

/** The CRM a workspace works in: Zoho (organisation id), Keap / Infusionsoft (id and host) or none. */
export const WORKSPACE_CRMS = ['zoho', 'keap', 'none'] as const;
export const workspaceCrmSchema = z.enum(WORKSPACE_CRMS);
export type WorkspaceCrm = z.infer<typeof workspaceCrmSchema>;

export const zohoOrgIdSchema = z
  .string()
  .trim()
  .regex(/^\d{5,20}$/, 'Enter the Zoho organisation id: 5 to 20 digits.');
export const ifsOrgIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,32}$/, 'Enter the Keap app name: letters and digits, such as hb417.');
export const ifsOrgHostSchema = z
  .string()
  .trim()
  .regex(
    /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+\/?$/,
    'Enter the Keap address, such as https://hb417.infusionsoft.com.',
  )
  .transform((host) => host.replace(/\/$/, '').toLowerCase());

/** The CRM and its organisation (settings.zoho, zohoOrgId, ifsOrgId, ifsOrgHost). */
export const crmSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('zoho'), zohoOrgId: zohoOrgIdSchema }),
  z.object({ kind: z.literal('keap'), ifsOrgId: ifsOrgIdSchema, ifsOrgHost: ifsOrgHostSchema }),
]);
export type CrmSettings = z.output<typeof crmSettingsSchema>;

export const ctmAccountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Enter the CallTrackingMetrics account id: digits only.');

/**
 * Call tracking: the setting (settings.ctm) and the vendor account
 * (vendors.callTrackingMetrics.account). Turning it on needs the account (spec: dashboards 6,
 * tracking numbers and the agent dashboard need both); an account may stay with it off.
 */
export const callTrackingSettingsSchema = z
  .object({ enabled: z.boolean(), account: ctmAccountSchema.nullable() })
  .refine((value) => !value.enabled || value.account !== null, {
    message: 'Enter the CallTrackingMetrics account id to turn call tracking on.',
    path: ['account'],
  });
export type CallTrackingSettings = z.output<typeof callTrackingSettingsSchema>;

export const cockpitSettingsSchema = storedSettings.cockpit;

/** Everything the Workspaces page edits (PATCH takes any non-empty part of it). */
export const workspaceEditSchema = z.object({
  name: workspaceNameSchema,
  timezone: workspaceTimezoneSchema,
  edition: editionKeySchema,
  crm: crmSettingsSchema,
  cockpit: cockpitSettingsSchema,
  callTracking: callTrackingSettingsSchema,
  /** The accounting vendor (vendors.quickBooks): Cash Flow Pipeline and the cockpit's cash flow. */
  quickBooks: z.boolean(),
});
export type WorkspaceEdit = z.output<typeof workspaceEditSchema>;

/** PATCH workspaces/{id}: any of the settings, at least one. */
export const workspaceUpdateRequestSchema = workspaceEditSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one setting to change.',
  });
export type WorkspaceUpdateRequest = z.input<typeof workspaceUpdateRequestSchema>;

/** POST workspaces: what the wizard gathered; the cockpit starts off, no accounting vendor. */
export const workspaceCreateRequestSchema = workspaceEditSchema
  .extend({
    cockpit: cockpitSettingsSchema.optional(),
    quickBooks: z.boolean().optional(),
  })
  .strict();
export type WorkspaceCreateRequest = z.input<typeof workspaceCreateRequestSchema>;

// ---------------------------------------------------------------- the Workspaces list

export const crmOrganizationStateSchema = z.enum(['reachable', 'unreachable', 'none']);
export type CrmOrganizationState = z.infer<typeof crmOrganizationStateSchema>;

/** A workspace's health, computed from stored records at the time of the call. */
export const workspaceHealthSchema = z.object({
  status: z.enum(['healthy', 'attention']),
  /** Users with an authorization in the workspace, active ones, and those not yet signed up. */
  users: z.number().int().min(0),
  activeUsers: z.number().int().min(0),
  pendingInvitations: z.number().int().min(0),
  activeOwners: z.number().int().min(0),
  /** Open sign-in sessions (refresh families neither revoked nor past their lifetime). */
  activeSessions: z.number().int().min(0),
  /** CRM writes of the async pipeline that failed and wait in Async error resolution. */
  failedAsyncRecords: z.number().int().min(0),
  /** When the newest lead (contact) was received; null: none yet. */
  lastRecordAt: z.string().nullable(),
  /** The CRM organisation answers (configured): what GET .../organization would answer. */
  crmOrganization: crmOrganizationStateSchema,
  /** Sentences saying what needs attention; empty when healthy. */
  problems: z.array(z.string()),
});
export type WorkspaceHealth = z.infer<typeof workspaceHealthSchema>;

export const systemWorkspaceSchema = z.object({
  workspace: workspaceSchema,
  crm: workspaceCrmSchema,
  health: workspaceHealthSchema,
});
export type SystemWorkspace = z.infer<typeof systemWorkspaceSchema>;

export const systemWorkspaceListResponseSchema = listResponseSchema(systemWorkspaceSchema);
export const systemWorkspaceResponseSchema = itemResponseSchema(systemWorkspaceSchema);

// ---------------------------------------------------------------- the workspace wizard

/** spec: session 3 "workspace wizard state" — the steps in order. */
export const WIZARD_STEPS = [
  'name',
  'timezone',
  'edition',
  'crm',
  'callTracking',
  'owner',
  'review',
] as const;
export const wizardStepSchema = z.enum(WIZARD_STEPS);
export type WizardStep = z.infer<typeof wizardStepSchema>;

/** The first owner, invited through POST users when the wizard finishes. */
export const wizardOwnerSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter the first name.')
    .max(100, 'Keep it to 100 characters.'),
  lastName: z.string().trim().min(1, 'Enter the last name.').max(100, 'Keep it to 100 characters.'),
  email: z
    .string()
    .trim()
    .max(254, 'Keep it to 254 characters.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an e-mail address like name@example.com.'),
});
export type WizardOwner = z.output<typeof wizardOwnerSchema>;

/** What the steps passed so far gathered; a value is there only once its step was passed. */
export const wizardValuesSchema = z
  .object({
    name: workspaceNameSchema,
    timezone: workspaceTimezoneSchema,
    edition: editionKeySchema,
    crm: crmSettingsSchema,
    callTracking: callTrackingSettingsSchema,
    owner: wizardOwnerSchema,
  })
  .partial()
  .strict();
export type WizardValues = z.output<typeof wizardValuesSchema>;

/**
 * The workspace wizard state, kept per system user on the server (so a reload or another
 * machine resumes it): the step on screen, the values, and the workspace once created
 * (finishing again after a failed invite does not create a second one).
 */
export const wizardDraftSchema = z.object({
  step: wizardStepSchema,
  values: wizardValuesSchema,
  workspaceId: idSchema.nullable(),
  updatedAt: z.string(),
});
export type WizardDraft = z.output<typeof wizardDraftSchema>;

/** PUT system/workspace-wizard. */
export const wizardDraftSaveRequestSchema = wizardDraftSchema.omit({ updatedAt: true }).strict();
export type WizardDraftSaveRequest = z.input<typeof wizardDraftSaveRequestSchema>;

/** GET system/workspace-wizard: null when there is no draft (start at the first step). */
export const wizardDraftResponseSchema = z.object({ data: wizardDraftSchema.nullable() });
