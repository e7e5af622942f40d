import { z } from 'zod';
import { idSchema, itemResponseSchema } from './common';

// A workspace's OAuth connection to its real CRM (issue #33 "Zoho CRM"; not in the spec).
// The owner (or the system user) asks for an authorization URL, approves the connection
// at the vendor, and the vendor sends them back to the server's callback, which keeps the
// tokens sealed and never answers them. No connection: the intake's records go to the
// simulated CRM as before.

export const crmConnectionVendorSchema = z.enum(['simulator', 'zoho']);
export type CrmConnectionVendor = z.infer<typeof crmConnectionVendorSchema>;

/** ok: the tokens work; reconnect: the vendor ended the grant, only approving again helps. */
export const crmConnectionStatusSchema = z.enum(['ok', 'reconnect']);

export const crmConnectionSchema = z.object({
  workspaceId: idSchema,
  vendor: crmConnectionVendorSchema,
  /** Whether this server can connect Zoho at all (ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET set). */
  zohoAvailable: z.boolean(),
  /** null with the simulator. */
  zoho: z
    .object({
      /** The organisation's data centre (us, eu, in, au, jp, ca, cn). */
      location: z.string().nullable(),
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
        /** Refused by Zoho: on Settings > Async error resolution with Zoho's words. */
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
  /** Zoho's redirect URI (main API, no sign-in: the signed state authenticates it). */
  zohoCallback: 'oauth/zoho/callback',
} as const;
