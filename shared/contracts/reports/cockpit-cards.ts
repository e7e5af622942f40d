import { z } from 'zod';
import { idSchema } from '../common';
import { countSchema, percentSchema, reportFiltersBodySchema } from './report-filters';

/**
 * The cockpit's Sales Performance and Communications cards (spec: dashboards 2.3, 3 Sales
 * performance response and Communications response; their payload is "not shown", so
 * both take the report filters: startDate, endDate and the cockpit's leadSources).
 */
export const cockpitCardRequestSchema = reportFiltersBodySchema;
export type CockpitCardRequest = z.input<typeof cockpitCardRequestSchema>;

/** One consultant of BUTTS IN SEATS: consults = shows they held, hires = hires they made. */
export const cidHiresRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  consults: countSchema,
  hires: countSchema,
});
/** One agent of OUTBOUND SALES: outbound sales calls, those answered, sets from them. */
export const cidOutboundSalesRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  outboundSales: countSchema,
  answered: countSchema,
  sets: countSchema,
});

/**
 * POST workspaces/{id}/reports/cid/salesperformance
 * - CID_HIRES: every active consultant (zeros included, for the 5-lowest outliers list);
 *   consults and hires add up to the funnel's SHOWS and HIRES for the same filters.
 * - CID_OUTBOUNDSALES: every active agent (zeros included).
 * - CID_APPOINTMENTINVENTORYTARGETS: scheduledTomorrow = appointments booked for
 *   tomorrow (workspace day); appointmentsInRange = appointments scheduled in the range;
 *   spotsFilled = those of them not cancelled.
 * - SETRATE: the funnel's set rate for the same filters (the "core result").
 */
export const salesPerformanceDataSchema = z.object({
  CID_SALESPERFORMANCE: z.object({
    CID_HIRES: z.array(cidHiresRowSchema),
    CID_OUTBOUNDSALES: z.array(cidOutboundSalesRowSchema),
    CID_APPOINTMENTINVENTORYTARGETS: z.object({
      scheduledTomorrow: countSchema,
      spotsFilled: countSchema,
      appointmentsInRange: countSchema,
    }),
  }),
  SETRATE: percentSchema,
});
export type SalesPerformanceData = z.infer<typeof salesPerformanceDataSchema>;
export const salesPerformanceResponseSchema = z.object({ data: salesPerformanceDataSchema });
export type SalesPerformanceResponse = z.infer<typeof salesPerformanceResponseSchema>;

const promisedCallsSchema = z.object({
  /** Of the calls due in the range, those made. */
  callsMade: countSchema,
  /** Calls due in the range. */
  callsDue: countSchema,
  /** Calls due today (workspace day), whatever the range. */
  callsDueToday: countSchema,
});

/**
 * POST workspaces/{id}/reports/cid/communications
 * - CID_INBOUNDVOLUME: inbound calls in the range by category; totalCalls = sales +
 *   client + other.
 * - CID_INBOUNDCOVERAGE: missed (rung an agent, nobody answered) and abandoned (caller
 *   hung up waiting) inbound calls; averageWaitTime = mean wait of the inbound calls in
 *   seconds as 'seconds.fraction' text with 2 decimals, '0.00' without calls.
 * - CID_RELATIONSHIPCALLS / CID_COLLECTIONCALLS: calls due and made.
 * - CID_KEEPINGPROMISES: callbacks requested in the range, and how many of them were
 *   returned.
 */
export const communicationsDataSchema = z.object({
  CID_COMMUNICATIONS: z.object({
    CID_INBOUNDVOLUME: z.object({
      client: countSchema,
      other: countSchema,
      sales: countSchema,
      totalCalls: countSchema,
    }),
    CID_INBOUNDCOVERAGE: z.object({
      missedCalls: countSchema,
      abandonedCalls: countSchema,
      averageWaitTime: z.string().regex(/^\d+\.\d{2}$/, "must be 'seconds.fraction' text"),
    }),
    CID_RELATIONSHIPCALLS: promisedCallsSchema,
    CID_COLLECTIONCALLS: promisedCallsSchema,
    CID_KEEPINGPROMISES: z.object({
      callBackRequested: countSchema,
      callsReturned: countSchema,
    }),
  }),
});
export type CommunicationsData = z.infer<typeof communicationsDataSchema>;
export const communicationsResponseSchema = z.object({ data: communicationsDataSchema });
export type CommunicationsResponse = z.infer<typeof communicationsResponseSchema>;
