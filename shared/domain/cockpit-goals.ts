import type {
  CommunicationsGoals,
  LeadGenGoals,
  SalesPerformanceGoals,
  WorkspaceGoals,
} from '../contracts/goals';
import {
  combineSalesPerformanceGoals,
  leadSourceLeadGoal,
  scaleLeadGenGoals,
  scaleSalesPerformanceGoals,
  scaleWeeklyGoal,
} from './goals';
import { isTestLeadSource } from './lead-sources';

/** A minimum and a goal, as the cards show them; null = unset ('N/A'). */
export interface GoalPair {
  min: number | null;
  goal: number | null;
}

export const UNSET_GOAL: GoalPair = { min: null, goal: null };

/** A lead source as the goal rules need it (shared/contracts/lookups LeadSource). */
export interface GoalLeadSource {
  id: string;
  label: string;
  Settings: {
    leadGen: LeadGenGoals | null;
    salesPerformance?: SalesPerformanceGoals | null;
  } | null;
}

/** The goals the cockpit compares with, already scaled to the selected range. */
export interface CockpitGoals {
  /** Days in the range the goals were scaled to. */
  days: number;
  salesPerformance: SalesPerformanceGoals;
  communications: CommunicationsGoals;
  /** The workspace's lead goal for the range (all sources together). */
  leadGen: LeadGenGoals;
  /** Each visible source's own lead goal for the range; absent when it has none. */
  leadSources: Record<string, LeadGenGoals>;
}

/**
 * The goal settings of the cockpit for a range (spec: dashboards 9):
 * - goals are stored per week and scaled by days / 7, rounded; targetInboundSetRate is a
 *   rate and is not scaled; averageWaitTime is a number of seconds, not a weekly count,
 *   and is not scaled either;
 * - with lead sources selected, their per-source sales settings
 *   (Settings.salesPerformance) are summed with the workspace's and the set rate is
 *   averaged over the workspace and those sources (combineSalesPerformanceGoals); a
 *   chosen source without sales settings, or a Test source, adds nothing;
 * - a source's own lead goal is its Settings.leadGen (Test sources never have one).
 */
export function cockpitGoalsForRange(input: {
  goals: WorkspaceGoals;
  leadSources: readonly GoalLeadSource[];
  /** The cockpit's lead-source filter (ids); empty = all sources. */
  selectedLeadSources?: readonly string[];
  days: number;
}): CockpitGoals {
  const { goals, leadSources, days } = input;
  const selected = new Set(input.selectedLeadSources ?? []);
  const combined = combineSalesPerformanceGoals(
    goals.salesPerformance,
    leadSources.filter((source) => selected.has(source.id)).map(sourceSalesPerformanceGoals),
  );
  const perSource: Record<string, LeadGenGoals> = {};
  for (const source of leadSources) {
    const own = leadSourceLeadGoal(source);
    if (own) perSource[source.id] = scaleLeadGenGoals(own, days);
  }
  return {
    days,
    salesPerformance: scaleSalesPerformanceGoals(combined, days),
    communications: {
      allowableMissedCalls: scaleWeeklyGoal(goals.communications.allowableMissedCalls, days),
      allowableAbandonedCalls: scaleWeeklyGoal(goals.communications.allowableAbandonedCalls, days),
      averageWaitTime: goals.communications.averageWaitTime,
    },
    leadGen: scaleLeadGenGoals(goals.leadGen, days),
    leadSources: perSource,
  };
}

/** A source's own weekly sales-performance goals, or null (Test sources never have any). */
function sourceSalesPerformanceGoals(source: GoalLeadSource): SalesPerformanceGoals | null {
  if (isTestLeadSource(source)) return null;
  return source.Settings?.salesPerformance ?? null;
}

/** A source's pair for Lead Flow: its own min and goal, or unset. */
export function leadSourceGoalPair(
  goals: CockpitGoals | null,
  leadSourceId: string | null,
): GoalPair {
  const own = goals && leadSourceId ? goals.leadSources[leadSourceId] : undefined;
  return own ? { min: own.leadsMin, goal: own.leadsMax } : UNSET_GOAL;
}
