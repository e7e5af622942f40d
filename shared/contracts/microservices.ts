import { z } from 'zod';

/**
 * System > Microservices (issue #16): the reference server checks its own parts and
 * answers one result per part. GET system/microservices, system role only.
 */

/** ok: works; degraded: works, but something needs a look; down: failed or timed out. */
export const MICROSERVICE_STATUSES = ['ok', 'degraded', 'down'] as const;
export const microserviceStatusSchema = z.enum(MICROSERVICE_STATUSES);
export type MicroserviceStatus = z.infer<typeof microserviceStatusSchema>;

/** The parts checked, in the order the page shows them. */
export const MICROSERVICE_IDS = [
  'database',
  'sockets',
  'call-tracking-simulator',
  'call-tracking-ctm',
  'crm-connections',
  'quickbooks',
  'address-verification',
  'email-outbox',
  'cockpit-warnings',
] as const;
export const microserviceIdSchema = z.enum(MICROSERVICE_IDS);
export type MicroserviceId = z.infer<typeof microserviceIdSchema>;

export const microserviceCheckSchema = z.object({
  id: microserviceIdSchema,
  /** What the page names the part ('Database'). */
  name: z.string().min(1).max(80),
  status: microserviceStatusSchema,
  /** How long the check took, whole milliseconds (the timeout when it timed out). */
  latencyMs: z.number().int().min(0),
  /** One line a person reads ('12 tables, migration 0012-coaching'). */
  detail: z.string().max(300),
  /** The check did not answer within its timeout (then status is down). */
  timedOut: z.boolean(),
});
export type MicroserviceCheck = z.infer<typeof microserviceCheckSchema>;

export const microservicesReportSchema = z.object({
  /** The worst status of the checks. */
  status: microserviceStatusSchema,
  checkedAt: z.iso.datetime(),
  checks: z.array(microserviceCheckSchema),
});
export type MicroservicesReport = z.infer<typeof microservicesReportSchema>;

export const microservicesResponseSchema = z.object({ data: microservicesReportSchema });
export type MicroservicesResponse = z.infer<typeof microservicesResponseSchema>;
