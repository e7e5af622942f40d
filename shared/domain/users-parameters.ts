/**
 * What an agent's parameters (Settings > Users parameters, issue #16) mean to the reports
 * that read them (docs/users-parameters.md). Pure: the server's reports and the screens
 * apply the same rules.
 */
import type { ComplianceMinimums } from '../contracts/users-parameters';
import { COMPLIANCE_BAR } from './compliance';
import { scaleWeeklyGoal } from './goals';

/**
 * Without a personal minimum an agent's compliance is judged against the compliance bar's
 * marker (spec: dashboards 9 "minimum marker 10").
 */
export const DEFAULT_COMPLIANCE_MINIMUM: number = COMPLIANCE_BAR.min;

/** The minimum compliance percent that applies to the agent. */
export function effectiveComplianceMinimum(
  minimums: Pick<ComplianceMinimums, 'compliancePercent'> | null | undefined,
): number {
  return minimums?.compliancePercent ?? DEFAULT_COMPLIANCE_MINIMUM;
}

/** Below the minimum only with a rate: an agent with nothing to measure is not below. */
export function isBelowComplianceMinimum(rate: number | null, minimum: number): boolean {
  return rate !== null && rate < minimum;
}

export interface OutboundMinimums {
  calls: number | null;
  answers: number | null;
  sets: number | null;
}

/**
 * The weekly outbound minimums scaled to a range of `days` days, like the goals (spec:
 * dashboards 9: weekly values times days / 7, rounded); null stays null (no minimum).
 */
export function outboundMinimumsForDays(
  minimums: ComplianceMinimums | null | undefined,
  days: number,
): OutboundMinimums {
  const scale = (weekly: number | null | undefined) =>
    weekly === null || weekly === undefined ? null : scaleWeeklyGoal(weekly, days);
  return {
    calls: scale(minimums?.outboundCallsPerWeek),
    answers: scale(minimums?.outboundAnswersPerWeek),
    sets: scale(minimums?.outboundSetsPerWeek),
  };
}

export const OUTBOUND_MINIMUM_KEYS = ['calls', 'answers', 'sets'] as const;
export type OutboundMinimumKey = (typeof OUTBOUND_MINIMUM_KEYS)[number];

/** Which outbound figures are under their minimum, in the order calls, answers, sets. */
export function outboundBelowMinimums(
  actual: { calls: number; answers: number; sets: number },
  minimums: OutboundMinimums,
): OutboundMinimumKey[] {
  return OUTBOUND_MINIMUM_KEYS.filter((key) => {
    const min = minimums[key];
    return min !== null && actual[key] < min;
  });
}
