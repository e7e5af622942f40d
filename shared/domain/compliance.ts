/**
 * The call-compliance card's rules (spec: dashboards 2.6, 3 Call-compliance data, 4
 * Progress bar, 5 "Empty compliance data is an error", 9 "Compliance bar").
 */
import { progressBarVerdict, type GaugeColour } from './progress-colours';

/** spec: dashboards 9 — minimum marker 10, goal 100 percent, height 20. */
export const COMPLIANCE_BAR = { min: 10, goal: 100, height: 20 } as const;

/**
 * Call compliance (spec: dashboards 3, 9): connected of all calls, a rounded whole
 * percent; 0 with no calls (an empty call-compliance card is 'No Data', spec 5, never a
 * full bar).
 */
export function callCompliancePercent(connected: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((connected / total) * 100);
}

/**
 * Staff compliance of the team Compliance report (callbacks returned, relationship and
 * collection calls made, of those due): a rounded whole percent, and 100 when nothing is
 * due — nobody missed anything. The one rule for the server's rows and the screen's team
 * line.
 */
export function staffCompliancePercent(done: number, due: number): number {
  if (!(due > 0)) return 100;
  return Math.round((done / due) * 100);
}

export interface ComplianceBar {
  /** 0..100, a whole number. */
  percent: number;
  colour: GaugeColour;
  /** Below the goal (spec 4: a progress bar raises a warning event below its goal). */
  belowGoal: boolean;
  min: number;
  goal: number;
}

/**
 * A bar at a percent: blue at or above the minimum marker, red below it (spec 4). The
 * marker is the spec's 10 unless an agent's own minimum is given (Users parameters).
 */
export function complianceBar(percent: number, min: number = COMPLIANCE_BAR.min): ComplianceBar {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  const verdict = progressBarVerdict(clamped, min, COMPLIANCE_BAR.goal);
  return {
    percent: clamped,
    colour: verdict.colour,
    belowGoal: verdict.warning,
    min,
    goal: COMPLIANCE_BAR.goal,
  };
}

interface ComplianceTotals {
  INBOUND_TOTAL: number;
  OUTBOUND_TOTAL: number;
}

/** No calls at all: 'No Data' (spec: dashboards 5, 8). */
export function isComplianceEmpty(totals: ComplianceTotals): boolean {
  return totals.INBOUND_TOTAL === 0 && totals.OUTBOUND_TOTAL === 0;
}

/** The by-agent list's first element holds all-agent totals, the rest are agents (spec 3). */
export function splitAgentRows<T>(rows: readonly T[]): { totals: T | null; agents: T[] } {
  return { totals: rows[0] ?? null, agents: rows.slice(1) };
}

export const COMPLIANCE_SORT_KEYS = ['AGENT_NAME', 'INBOUND_PERCENT', 'OUTBOUND_PERCENT'] as const;
export type ComplianceSortKey = (typeof COMPLIANCE_SORT_KEYS)[number];
