import { z } from 'zod';
import { idSchema } from './common';

// A workspace's connection to its QuickBooks Online company (issue #33 "QuickBooks Online";
// docs/connect-quickbooks.md). GET/DELETE /api/workspaces/{id}/accounting/connection,
// POST …/authorize (Intuit's consent page), POST …/sync (read the books again now). The
// tokens are never answered.

export const accountingConnectionSchema = z.object({
  workspaceId: idSchema,
  /** The workspace's settings say it uses QuickBooks (its Cash Flow Pipeline). */
  usesQuickBooks: z.boolean(),
  /** This server has Intuit's client (QUICKBOOKS_CLIENT_ID and _SECRET). */
  available: z.boolean(),
  connection: z
    .object({
      /** The company's name, once its books were read. */
      companyName: z.string().nullable(),
      realmId: z.string(),
      connectedAt: z.iso.datetime(),
      status: z.enum(['ok', 'reconnect']),
      checkedAt: z.iso.datetime(),
      lastError: z.string().nullable(),
      /** When the books were last read whole; null: not yet. */
      syncedAt: z.iso.datetime().nullable(),
      /** Why the last reading failed; cleared by the next that succeeds. */
      syncError: z.string().nullable(),
      /** A reading is asked for or under way. */
      syncing: z.boolean(),
      /** What the local copy holds. */
      copy: z.object({
        invoices: z.number().int().nonnegative(),
        customers: z.number().int().nonnegative(),
        plans: z.number().int().nonnegative(),
      }),
    })
    .nullable(),
});
export type AccountingConnection = z.infer<typeof accountingConnectionSchema>;
export const accountingConnectionResponseSchema = z.object({ data: accountingConnectionSchema });

export const accountingAuthorizeResponseSchema = z.object({ data: z.object({ url: z.url() }) });

export const accountingConnectionPaths = {
  connection: (workspaceId: string) => `workspaces/${workspaceId}/accounting/connection`,
  authorize: (workspaceId: string) => `workspaces/${workspaceId}/accounting/connection/authorize`,
  sync: (workspaceId: string) => `workspaces/${workspaceId}/accounting/connection/sync`,
  /** Intuit's redirect URI (main API, no sign-in: the signed state authenticates it). */
  callback: 'oauth/quickbooks/callback',
} as const;
