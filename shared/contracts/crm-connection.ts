import { z } from 'zod';
import { idSchema, itemResponseSchema } from './common';

// A workspace's OAuth connection to its real CRM (issue #33 "Zoho CRM", "Keap"; not in the
// spec). The owner (or the system user) asks for an authorization URL, approves the
// connection at the vendor, and the vendor sends them back to the server's callback, which
// keeps the tokens sealed and never answers them. No connection: the intake's records go to
// the simulated CRM as before.

/** Where a workspace's intake records go: the simulated CRM, or the firm's real one. */
export const crmConnectionVendorSchema = z.enum(['simulator', 'zoho', 'keap']);
export type CrmConnectionVendor = z.infer<typeof crmConnectionVendorSchema>;

/** The workspace's CRM, from its settings (none: no CRM chosen, nothing to connect). */
export const workspaceCrmKindSchema = z.enum(['zoho', 'keap', 'none']);

/** ok: the tokens work; reconnect: the vendor ended the grant, only approving again helps. */
export const crmConnectionStatusSchema = z.enum(['ok', 'reconnect']);

export const crmConnectionSchema = z.object({
  workspaceId: idSchema,
  /** The CRM the workspace's settings name: the one it can connect. */
  crm: workspaceCrmKindSchema,
  /** Where its intake records go now. */
  vendor: crmConnectionVendorSchema,
  /** Whether this server can connect that CRM (its OAuth client id and secret are set). */
  available: z.boolean(),
  /** null with the simulator. */
  connection: z
    .object({
      /** The organisation's data centre (Zoho: us, eu, in, au, jp, ca, cn); null for Keap. */
      location: z.string().nullable(),
      /** Zoho's API domain of that data centre; null for Keap (one API). */
      apiDomain: z.string().nullable(),
      connectedAt: z.string(),
      status: crmConnectionStatusSchema,
      checkedAt: z.string(),
      lastError: z.string().nullable(),
      /** The intake records of this connection (server/crm/crm-outbox.ts), by delivery. */
      records: z.object({
        /** Waiting to be sent (new, retrying, or waiting for a reconnect). */
        waiting: z.number().int().nonnegative(),
        sent: z.number().int().nonnegative(),
        /** Refused by the CRM: on Settings > Async error resolution with its words. */
        refused: z.number().int().nonnegative(),
        lastSentAt: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;
export const crmConnectionResponseSchema = itemResponseSchema(crmConnectionSchema);

/** POST …/crm/connection/authorize: where to send the person to approve the connection. */
export const crmAuthorizeResponseSchema = itemResponseSchema(z.object({ url: z.string().url() }));

/** A Zoho field's API name (Zoho's own or a custom one: letters, digits and _). */
export const zohoFieldNameSchema = z
  .string()
  .trim()
  .min(1, 'Name a Zoho field, or choose not to send it.')
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'A Zoho field API name has letters, digits and _ only.');

/** null: the field is not sent to Zoho. */
const mapped = zohoFieldNameSchema.nullable();

/**
 * Where in Zoho CRM a workspace sends each of our fields (issue #33 "a per-workspace field
 * mapping editable by the owner"). The fields Zoho requires (a contact's Last_Name, a
 * note's Note_Content, a call's Subject, an event's title and times) are not here: they
 * always go to Zoho's own fields (server/crm/zoho/zoho-records.ts).
 */
export const zohoFieldMappingSchema = z
  .object({
    contact: z
      .object({
        firstName: mapped,
        email: mapped,
        mobilePhone: mapped,
        homePhone: mapped,
        street: mapped,
        city: mapped,
        state: mapped,
        zip: mapped,
        country: mapped,
        leadSource: mapped,
      })
      .strict(),
    note: z.object({ title: mapped }).strict(),
    call: z.object({ description: mapped }).strict(),
    event: z.object({ description: mapped, location: mapped }).strict(),
  })
  .strict();
export type ZohoFieldMapping = z.infer<typeof zohoFieldMappingSchema>;
export const zohoFieldMappingResponseSchema = itemResponseSchema(zohoFieldMappingSchema);

export const crmConnectionPaths = {
  connection: (workspaceId: string) => `workspaces/${workspaceId}/crm/connection`,
  fieldMapping: (workspaceId: string) => `workspaces/${workspaceId}/crm/field-mapping`,
  authorize: (workspaceId: string) => `workspaces/${workspaceId}/crm/connection/authorize`,
  /** The vendors' redirect URIs (main API, no sign-in: the signed state authenticates them). */
  zohoCallback: 'oauth/zoho/callback',
  keapCallback: 'oauth/keap/callback',
} as const;
