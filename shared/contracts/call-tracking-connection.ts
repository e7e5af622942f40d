import { z } from 'zod';
import { idSchema, itemResponseSchema } from './common';

// A workspace's connection to its CallTrackingMetrics (CTM) account (issue #32, not in the
// spec): the owner or the system user enters CTM's account id, API access key and secret
// key; the server checks them against CTM before saving, keeps the secret encrypted and
// never answers it. No connection: the workspace's calls come from the simulated provider.
// Paths: callTrackingConnectionPaths below (main API).

/** Where a workspace's calls come from. */
export const callTrackingProviderSchema = z.enum(['simulator', 'ctm']);
export type CallTrackingProvider = z.infer<typeof callTrackingProviderSchema>;

/** ok: CTM answered the last time it was asked; failing: it did not (lastError says why). */
export const callTrackingHealthStatusSchema = z.enum(['ok', 'failing']);
export type CallTrackingHealthStatus = z.infer<typeof callTrackingHealthStatusSchema>;

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is at most ${max} characters.`);

/** PUT workspaces/{id}/call-tracking/connection: connect (or replace) the CTM account. */
export const connectCtmSchema = z.object({
  provider: z.literal('ctm'),
  /** The number in CTM's URLs, /accounts/{id}. */
  accountId: trimmed('Account id', 64).regex(/^\d+$/, 'Account id: digits only, as in CTM.'),
  accessKey: trimmed('Access key', 200),
  secretKey: trimmed('Secret key', 200),
});
export type ConnectCtm = z.infer<typeof connectCtmSchema>;

/** The connection as every answer shows it: never the secret key. */
export const callTrackingConnectionSchema = z.object({
  workspaceId: idSchema,
  provider: callTrackingProviderSchema,
  /** null with the simulator. */
  ctm: z
    .object({
      accountId: z.string(),
      accountName: z.string().nullable(),
      accessKey: z.string(),
      connectedAt: z.string(),
      status: callTrackingHealthStatusSchema,
      /** When CTM's API was last asked. */
      checkedAt: z.string(),
      /** CTM's own words (or ours) for the last failure; null while healthy. */
      lastError: z.string().nullable(),
      lastWebhookAt: z.string().nullable(),
      /** Paths (on this server) to paste as CTM's webhook URLs, after the public origin. */
      webhookPaths: z.object({ start: z.string(), end: z.string() }),
    })
    .nullable(),
});
export type CallTrackingConnection = z.infer<typeof callTrackingConnectionSchema>;

export const callTrackingConnectionResponseSchema = itemResponseSchema(
  callTrackingConnectionSchema,
);
export type CallTrackingConnectionResponse = z.infer<typeof callTrackingConnectionResponseSchema>;

/** CTM's webhook events, one URL each: the call starting at an agent, and its end. */
export const ctmWebhookEventSchema = z.enum(['start', 'end']);
export type CtmWebhookEvent = z.infer<typeof ctmWebhookEventSchema>;

/** POST on a webhook URL: accepted (queued), the call applied once. */
export const ctmWebhookAcceptedSchema = z.object({ accepted: z.literal(true) });

const seg = encodeURIComponent;

export const callTrackingConnectionPaths = {
  /** GET, PUT (connect), DELETE (disconnect) under /api. */
  connection: (workspaceId: string) => `workspaces/${seg(workspaceId)}/call-tracking/connection`,
  /** POST (refresh users and numbers from CTM) under /api. */
  sync: (workspaceId: string) => `workspaces/${seg(workspaceId)}/call-tracking/sync`,
  /** CTM's webhook for an event, under /api (what CTM POSTs to). */
  webhook: (workspaceId: string, event: CtmWebhookEvent) =>
    `ctm/webhooks/${seg(workspaceId)}/${event}`,
} as const;
