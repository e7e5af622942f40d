import { describe, expect, it } from 'vitest';
import {
  computeFunnelRates,
  computeHireRate,
  computeSetRate,
  qualifiedShows,
  ratePercent,
} from '@/shared/domain/funnel-rates';
import { daysInRange } from '@/shared/domain/date-range';
import { combineSalesPerformanceGoals, scaleWeeklyGoal } from '@/shared/domain/goals';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';

const counts = {
  LEADS: 10,
  UNQUALIFIEDATLEAD: 2,
  SETS: 6,
  SHOWS: 4,
  UNQUALIFIEDATAPPT: 1,
  HIRES: 2,
  FILED: 1,
};

describe('funnel rates (spec: dashboards 2.5 rate tooltips)', () => {
  it('divides sets by qualified leads, shows by sets, hires by qualified shows, filed by hires', () => {
    expect(computeFunnelRates(counts)).toEqual({
      SETRATE: 75,
      SHOWRATE: 66.67,
      HIRERATE: 66.67,
      FILEDRATE: 50,
    });
  });

  it('answers 0 when there is nothing to convert from', () => {
    expect(computeSetRate({ ...counts, LEADS: 2 })).toBe(0);
    expect(computeHireRate({ ...counts, SHOWS: 1 })).toBe(0);
    expect(ratePercent(3, 0)).toBe(0);
  });

  it('rounds to 2 decimals and never counts qualified shows below 0', () => {
    expect(ratePercent(1, 3)).toBe(33.33);
    expect(ratePercent(2, 3)).toBe(66.67);
    expect(qualifiedShows({ SHOWS: 1, UNQUALIFIEDATAPPT: 3 })).toBe(0);
  });
});

describe('goal scaling (spec: dashboards 9)', () => {
  it('scales weekly goals by days / 7, rounded, and counts days inclusively', () => {
    expect(daysInRange({ startDate: '2026-03-16', endDate: '2026-03-20' })).toBe(5);
    expect(scaleWeeklyGoal(10, 28)).toBe(40);
    expect(scaleWeeklyGoal(12, 5)).toBe(9);
  });

  it('sums per-source goals with the workspace goals and averages the set rate', () => {
    const workspace = DEMO_WORKSPACES[0].goals.salesPerformance;
    const combined = combineSalesPerformanceGoals(workspace, [
      { ...workspace, targetInboundSetRate: 55 },
      null,
    ]);
    expect(combined.showsMin).toBe(workspace.showsMin * 2);
    expect(combined.targetInboundSetRate).toBe((workspace.targetInboundSetRate + 55) / 2);
  });
});
