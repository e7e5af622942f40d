import { z } from 'zod';

// spec: dashboards 3 Goal settings, 5 Goal form, 9 goal pairs. Goals are stored per week.
const goalValue = z.number().min(0, 'must be at least 0');

export const salesPerformanceGoalsSchema = z.object({
  targetInboundSetRate: z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100'),
  outboundCallsMin: goalValue,
  outboundCallsMax: goalValue,
  outboundAnswersMin: goalValue,
  outboundAnswersMax: goalValue,
  outboundSetsMin: goalValue,
  outboundSetsMax: goalValue,
  appointmentsScheduledMin: goalValue,
  appointmentsScheduledMax: goalValue,
  spotsFilledMin: goalValue,
  spotsFilledMax: goalValue,
  showsMin: goalValue,
  showsMax: goalValue,
  hiresMin: goalValue,
  hiresMax: goalValue,
});
export type SalesPerformanceGoals = z.infer<typeof salesPerformanceGoalsSchema>;

export const communicationsGoalsSchema = z.object({
  allowableMissedCalls: goalValue,
  allowableAbandonedCalls: goalValue,
  /** Seconds. */
  averageWaitTime: goalValue,
});
export type CommunicationsGoals = z.infer<typeof communicationsGoalsSchema>;

/** leadsMin is required (spec: dashboards 5 Goal form). */
export const leadGenGoalsSchema = z.object({
  leadsMin: goalValue,
  leadsMax: goalValue,
});
export type LeadGenGoals = z.infer<typeof leadGenGoalsSchema>;

export const workspaceGoalsSchema = z.object({
  leadGen: leadGenGoalsSchema,
  salesPerformance: salesPerformanceGoalsSchema,
  communications: communicationsGoalsSchema,
});
export type WorkspaceGoals = z.infer<typeof workspaceGoalsSchema>;
