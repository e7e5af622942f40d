import type { LeadGenGoals, SalesPerformanceGoals } from '../contracts/goals';
import { isTestLeadSource } from './lead-sources';

/**
 * Goal scaling (spec: dashboards 9): goals are stored per week and scaled by the days in
 * the selected range divided by 7, rounded to whole numbers; targetInboundSetRate is a
 * rate and is not scaled.
 */
export function scaleWeeklyGoal(weekly: number, days: number): number {
  return Math.round((weekly * days) / 7);
}

export function scaleLeadGenGoals(weekly: LeadGenGoals, days: number): LeadGenGoals {
  return {
    leadsMin: scaleWeeklyGoal(weekly.leadsMin, days),
    leadsMax: scaleWeeklyGoal(weekly.leadsMax, days),
  };
}

export function scaleSalesPerformanceGoals(
  weekly: SalesPerformanceGoals,
  days: number,
): SalesPerformanceGoals {
  const scaled = { ...weekly };
  for (const key of Object.keys(weekly) as (keyof SalesPerformanceGoals)[]) {
    if (key !== 'targetInboundSetRate') scaled[key] = scaleWeeklyGoal(weekly[key], days);
  }
  return scaled;
}

/**
 * With lead sources selected, their per-source settings are summed with the workspace
 * settings and the set rate is averaged (spec: dashboards 9). Sources whose label contains
 * 'Test' never take part (spec: dashboards 3), and sources without their own goal add
 * nothing.
 */
export function combineSalesPerformanceGoals(
  workspace: SalesPerformanceGoals,
  perSource: readonly (SalesPerformanceGoals | null | undefined)[],
): SalesPerformanceGoals {
  const all = [workspace, ...perSource.filter((g): g is SalesPerformanceGoals => !!g)];
  const combined = { ...workspace };
  for (const key of Object.keys(workspace) as (keyof SalesPerformanceGoals)[]) {
    const sum = all.reduce((total, goals) => total + goals[key], 0);
    combined[key] = key === 'targetInboundSetRate' ? sum / all.length : sum;
  }
  return combined;
}

/** A source's own weekly lead goal, or null for Test sources and sources without one. */
export function leadSourceLeadGoal(source: {
  label: string;
  Settings: { leadGen: LeadGenGoals | null } | null;
}): LeadGenGoals | null {
  if (isTestLeadSource(source)) return null;
  return source.Settings?.leadGen ?? null;
}
