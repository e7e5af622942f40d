import { z } from 'zod';
import { idSchema, listMetaSchema, MAX_PAGE_LIMIT } from '../common';
import {
  countSchema,
  percentSchema,
  rateBasisSchema,
  reportDaySchema,
  dateRangeSchema,
} from './report-filters';

/**
 * People reports (spec: dashboards 7 "GET reports/people/agents; GET
 * reports/relationships/agents?include=person", "POST reports/people/{team or other}").
 */

/** GET workspaces/{id}/reports/people/agents — the workspace's agents, by name. */
export const peopleAgentSchema = z.object({
  id: idSchema,
  name: z.string(),
  active: z.boolean(),
  personId: idSchema.nullable(),
  ctmUserId: z.string().nullable(),
});
export const peopleAgentsResponseSchema = z.object({ data: z.array(peopleAgentSchema) });
export type PeopleAgentsResponse = z.infer<typeof peopleAgentsResponseSchema>;

export const personSummarySchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});

/**
 * GET workspaces/{id}/reports/relationships/agents[?include=person] — each agent's
 * relationship calls: open = due up to today and not made, made = made in the last 30
 * days. `person` is present only with include=person.
 */
export const relationshipAgentSchema = z.object({
  id: idSchema,
  name: z.string(),
  active: z.boolean(),
  openRelationshipCalls: countSchema,
  relationshipCallsMade30Days: countSchema,
  person: personSummarySchema.nullable().optional(),
});
export const relationshipAgentsResponseSchema = z.object({
  data: z.array(relationshipAgentSchema),
});
export type RelationshipAgentsResponse = z.infer<typeof relationshipAgentsResponseSchema>;

/** The tabs of POST workspaces/{id}/reports/people/{tab}. */
export const PEOPLE_TABS = ['team', 'consultants', 'agent'] as const;
export const peopleTabSchema = z.enum(PEOPLE_TABS);
export type PeopleTab = z.infer<typeof peopleTabSchema>;

/**
 * The team and consultants tabs list one row per person, in pages (issue #17: no list
 * without a bound): `limit` rows (default PEOPLE_PAGE_DEFAULT_LIMIT, at most
 * PEOPLE_PAGE_MAX_LIMIT) from `offset`, in name order; `page.total` says how many there are.
 */
export const PEOPLE_PAGE_DEFAULT_LIMIT = 500;
export const PEOPLE_PAGE_MAX_LIMIT = MAX_PAGE_LIMIT;

/**
 * Body: startDate, endDate, inactiveUsers (include inactive people), agent (tab agent),
 * limit and offset (the team and consultants tabs' page).
 */
export const peopleRequestSchema = z
  .object({
    inactiveUsers: z.boolean().default(false),
    agent: idSchema.optional(),
    limit: z.number().int().min(1).max(PEOPLE_PAGE_MAX_LIMIT).default(PEOPLE_PAGE_DEFAULT_LIMIT),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .and(dateRangeSchema);
export type PeopleRequest = z.input<typeof peopleRequestSchema>;

/**
 * An agent's numbers in the range: transitions credited to them and their calls. setRate
 * is setRateBasis's numerator / denominator (issue #30): of the leads the agent qualified
 * in the range, those set so far (a set counts with its qualification's day), so it
 * stays within 0–100% while `sets` counts the sets made in the range.
 */
export const agentPerformanceSchema = z.object({
  leads: countSchema,
  sets: countSchema,
  setRate: percentSchema,
  setRateBasis: rateBasisSchema,
  inboundCalls: countSchema,
  inboundConnected: countSchema,
  outboundCalls: countSchema,
  outboundAnswered: countSchema,
});
export const teamRowSchema = agentPerformanceSchema.extend({
  id: idSchema,
  name: z.string(),
  active: z.boolean(),
});
/**
 * A consultant's consults in the range and what became of them (issue #30: one
 * population, so hires never exceed consults): hires and noHires are the decisions on
 * these consults up to now, whenever they were made; qualifiedConsults leaves out those
 * unqualified at the appointment; hireRate = hires / qualifiedConsults, percent with 2
 * decimals.
 */
export const consultantRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  active: z.boolean(),
  consults: countSchema,
  qualifiedConsults: countSchema,
  hires: countSchema,
  noHires: countSchema,
  hireRate: percentSchema,
});
export const agentDaySchema = z.object({
  day: reportDaySchema,
  leads: countSchema,
  sets: countSchema,
  calls: countSchema,
});

/**
 * Which rows of a paged tab this answer holds (the server always sends it; optional so an
 * answer of an earlier server still parses).
 */
export const peoplePageSchema = listMetaSchema;

export const peopleDataSchema = z.discriminatedUnion('tab', [
  z.object({
    tab: z.literal('team'),
    rows: z.array(teamRowSchema),
    page: peoplePageSchema.optional(),
  }),
  z.object({
    tab: z.literal('consultants'),
    rows: z.array(consultantRowSchema),
    page: peoplePageSchema.optional(),
  }),
  z.object({
    tab: z.literal('agent'),
    agent: z.object({ id: idSchema, name: z.string(), active: z.boolean() }),
    totals: agentPerformanceSchema,
    /** Every day of the range, in order. */
    days: z.array(agentDaySchema),
  }),
]);
export type PeopleData = z.infer<typeof peopleDataSchema>;
export const peopleResponseSchema = z.object({ data: peopleDataSchema });
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;
