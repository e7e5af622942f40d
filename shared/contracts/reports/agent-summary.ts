import { z } from 'zod';
import { idSchema } from '../common';
import { reportDaySchema } from './report-filters';

/**
 * GET workspaces/{id}/agents/me/summary — the Agent dashboard's one call (spec: dashboards
 * 2.1 /app/dashboards/agent; its content is "not shown", see docs/agent-dashboard.md).
 * The signed-in agent's own period: calls in and out with compliance, their funnel, their
 * callbacks and outbound tasks, and their place in the team. Owners and admins may name
 * an agent (`agent`); an operator reads only their own agent record.
 */

/** 'day' = the workspace's today; 'week' = this calendar week, Monday to today. */
export const AGENT_SUMMARY_PERIODS = ['day', 'week'] as const;
export const agentSummaryPeriodSchema = z.enum(AGENT_SUMMARY_PERIODS);
export type AgentSummaryPeriod = z.infer<typeof agentSummaryPeriodSchema>;

export const agentSummaryQuerySchema = z.strictObject({
  period: agentSummaryPeriodSchema.default('day'),
  /** Another agent's summary (owners and admins only). */
  agent: idSchema.optional(),
});
export type AgentSummaryQuery = z.input<typeof agentSummaryQuerySchema>;

/**
 * Follow-ups still open are listed from this many days back (an older unreturned callback
 * is no longer a promise anyone can keep today).
 */
export const OPEN_FOLLOW_UP_DAYS = 30;
/** At most this many open follow-ups are listed (the count says how many there are). */
export const OPEN_FOLLOW_UP_LIMIT = 25;

const count = z.number().int().min(0);
const percent = z.number().int().min(0).max(100);

export const agentCallCountsSchema = z.object({
  total: count,
  connected: count,
  /** connected / total as a rounded whole percent, 0 without calls (spec: dashboards 9). */
  percent,
});
export type AgentCallCounts = z.infer<typeof agentCallCountsSchema>;

export const FOLLOW_UP_KINDS = ['callback', 'relationship', 'collection'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export const openFollowUpSchema = z.object({
  kind: z.enum(FOLLOW_UP_KINDS),
  /** The contact's name; null when the record names no contact. */
  contactName: z.string().nullable(),
  /** The day it was due: a callback's requested day, a task's due day. */
  dueDay: reportDaySchema,
  /** Due before today. */
  overdue: z.boolean(),
});
export type OpenFollowUp = z.infer<typeof openFollowUpSchema>;

const doneOfDue = z.object({ due: count, done: count });

/** Open follow-ups of one kind: all of them, and those due before today. */
export const openCountsSchema = z.object({ open: count, overdue: count });
export type OpenCounts = z.infer<typeof openCountsSchema>;

export const agentSummarySchema = z.object({
  agent: z.object({ id: idSchema, name: z.string() }),
  period: agentSummaryPeriodSchema,
  startDate: reportDaySchema,
  endDate: reportDaySchema,
  calls: z.object({
    inbound: agentCallCountsSchema,
    outbound: agentCallCountsSchema,
    /** Both directions together: the agent's call compliance. */
    all: agentCallCountsSchema,
  }),
  /** Transitions credited to the agent in the period (snapshot perspective). */
  funnel: z.object({ leads: count, sets: count, shows: count, hires: count }),
  /** Promises of the period: callbacks requested and returned, tasks due and made. */
  followUps: z.object({
    callbacks: doneOfDue,
    relationship: doneOfDue,
    collection: doneOfDue,
  }),
  /**
   * What is open now, whatever the period: oldest first, at most OPEN_FOLLOW_UP_LIMIT, with
   * the counts of every open one by kind (`total` is their sum; issue #30: the figures
   * above the list count the same follow-ups the list shows —
   * shared/domain/follow-ups.ts).
   */
  open: z.object({
    total: count,
    byKind: z.object(
      Object.fromEntries(FOLLOW_UP_KINDS.map((kind) => [kind, openCountsSchema])) as Record<
        FollowUpKind,
        typeof openCountsSchema
      >,
    ),
    items: z.array(openFollowUpSchema).max(OPEN_FOLLOW_UP_LIMIT),
  }),
  /**
   * The agent's place among the team (active agents and any with activity) by sets in
   * the period; agents with as many sets share a place.
   */
  rank: z.object({
    metric: z.literal('sets'),
    position: z.number().int().min(1),
    of: z.number().int().min(1),
    /** Agents sharing this place, the agent included. */
    sharedWith: z.number().int().min(1),
    /** The most sets anyone on the team has. */
    best: count,
  }),
  /**
   * The agent's minimums (Settings > Users parameters, docs/users-parameters.md): the
   * compliance percent the Calls bar marks (the workspace default without one), and the
   * weekly outbound minimums scaled to the period (null = none set).
   */
  minimums: z
    .object({
      compliancePercent: percent,
      outboundCalls: count.nullable(),
      outboundAnswers: count.nullable(),
      outboundSets: count.nullable(),
    })
    .optional(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;
export const agentSummaryResponseSchema = z.object({ data: agentSummarySchema });
