import { z } from 'zod';
import { idSchema } from './common';
import { workspaceGoalsSchema } from './goals';
import { editionKeySchema } from './roles';

const processSchema = z.object({
  id: idSchema,
  task: z.string(),
  customExecution: z.boolean(),
});

/** spec: dashboards 3 Workspace and session 3 Workspace (both documents agree). */
export const workspaceSchema = z.object({
  id: idSchema,
  type: z.literal('workspace'),
  attributes: z.object({
    name: z.string(),
    timezone: z.string(),
    edition: editionKeySchema,
    /** true when the workspace uses the organisation-id CRM (Zoho). */
    isZoho: z.boolean(),
    /**
     * The workspace is connected to its real CRM (issue #33; not in the spec): its intake
     * records are written there. Absent in answers of servers before it: not connected.
     */
    crmConnected: z.boolean().optional(),
    /**
     * The workspace has sent records to its real CRM, connected now or before (issue #33):
     * the ones refused, or left unsent by a disconnect, are kept for Async Error Resolution.
     */
    crmRecordsKept: z.boolean().optional(),
    /**
     * Where the connected CRM's records open (issue #33): a Zoho organisation's own data
     * centre (https://crm.zoho.eu, …). Absent or null: the CRM's usual address.
     */
    crmWebUrl: z.string().url().nullable().optional(),
    offices: z.array(z.object({ id: idSchema, name: z.string() })),
    settings: z.object({
      zoho: z.boolean(),
      /** The organisation-id CRM's org id (Zoho). */
      zohoOrgId: z.string().nullable(),
      /** The organisation-host CRM's org id (Keap / Infusionsoft). */
      ifsOrgId: z.string().nullable(),
      /** The organisation-host CRM's address, e.g. https://ab123.infusionsoft.com */
      ifsOrgHost: z.string().nullable(),
      cockpit: z.object({
        enabled: z.boolean(),
        modules: z.object({
          salesPerformance: z.boolean(),
          communications: z.boolean(),
          cashFlow: z.boolean(),
        }),
      }),
      /** The call-tracking setting (CallTrackingMetrics) is on. */
      ctm: z.boolean(),
      primaryPracticeArea: z.string(),
      practiceAreas: z.array(z.object({ name: z.string(), parent: z.string().optional() })),
    }),
    vendors: z.object({
      zoho: z.boolean(),
      quickBooks: z.boolean(),
      callTrackingMetrics: z.object({ account: z.string().nullable() }),
      needsAuth: z.array(z.string()),
    }),
    processes: z.object({
      leadGeneration: processSchema.extend({ async: z.boolean() }).nullable(),
      relationshipCall: processSchema.nullable(),
    }),
    goals: workspaceGoalsSchema,
  }),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** The organisation behind a workspace's CRM (GET workspaces/{id}/crm/zoho|ifs/organization). */
export const crmOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The CRM's base address: https://crm.zoho.com or the Keap org host. */
  baseUrl: z.string(),
});
export type CrmOrganization = z.infer<typeof crmOrganizationSchema>;

/**
 * Socket event to a workspace's room when what its signed-in users hold of it changed (its
 * CRM connected or disconnected: issue #33): each session loads the workspace again, so
 * an agent signed in before the owner connected Zoho gets call flows without signing in
 * again, and record links follow the organisation's data centre. Not in the spec.
 */
export const WORKSPACE_CHANGED_EVENT = 'workspace:changed';
export const workspaceChangedSchema = z.object({ workspaceId: idSchema });
export type WorkspaceChanged = z.infer<typeof workspaceChangedSchema>;
