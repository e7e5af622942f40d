import { describe, expect, it } from 'vitest';
import {
  funnelData,
  funnelRateBases,
  funnelRates,
  funnelRatesNest,
  qualifiedShows,
  ratePercent,
  sumRateBases,
} from '@/shared/domain/funnel-rates';
import { daysInRange } from '@/shared/domain/date-range';
import { combineSalesPerformanceGoals, scaleWeeklyGoal } from '@/shared/domain/goals';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';

const counts = {
  LEADS: 10,
  QUALIFIED: 8,
  UNQUALIFIEDATLEAD: 2,
  SETS: 6,
  SHOWS: 4,
  UNQUALIFIEDATAPPT: 1,
  HIRES: 2,
  NOHIRES: 1,
  FILED: 1,
};

describe('funnel rates (spec: dashboards 2.5 rate tooltips)', () => {
  it('divides sets by qualified leads, shows by sets, hires by qualified shows, filed by hires', () => {
    const bases = funnelRateBases(counts);
    expect(bases).toEqual({
      SETRATE: { numerator: 6, denominator: 8 },
      SHOWRATE: { numerator: 4, denominator: 6 },
      HIRERATE: { numerator: 2, denominator: 3 },
      FILEDRATE: { numerator: 1, denominator: 2 },
    });
    expect(funnelRates(bases)).toEqual({
      SETRATE: 75,
      SHOWRATE: 66.67,
      HIRERATE: 66.67,
      FILEDRATE: 50,
    });
  });

  it('counts qualified leads as the qualified transitions, not new leads less unqualified', () => {
    // 10 new leads, 2 unqualified, 1 not decided yet: 7 qualified (the Qualified list).
    const data = funnelData({ ...counts, QUALIFIED: 7 });
    expect(data.QUALIFIEDLEADS).toBe(7);
    expect(data.QUALIFIED).toBe(7);
    expect(data.RATEBASES.SETRATE).toEqual({ numerator: 6, denominator: 7 });
  });

  it('answers 0 when there is nothing to convert from', () => {
    expect(funnelData({ ...counts, QUALIFIED: 0 }).SETRATE).toBe(0);
    expect(funnelData({ ...counts, SHOWS: 1 }).HIRERATE).toBe(0);
    expect(ratePercent(3, 0)).toBe(0);
  });

  it('rounds to 2 decimals and never counts qualified shows below 0', () => {
    expect(ratePercent(1, 3)).toBe(33.33);
    expect(ratePercent(2, 3)).toBe(66.67);
    expect(qualifiedShows({ SHOWS: 1, UNQUALIFIEDATAPPT: 3 })).toBe(0);
  });

  it('sums numerators and denominators for a totals row, never averaging rates', () => {
    const a = funnelRateBases({ ...counts, FILED: 2 });
    const b = funnelRateBases({ ...counts, HIRES: 98, FILED: 1 });
    expect(funnelRates(sumRateBases([a, b])).FILEDRATE).toBe(3);
  });

  it('nests in the conversion perspective only', () => {
    expect(funnelRatesNest('intakePCLC')).toBe(true);
    expect(funnelRatesNest('rjPclc')).toBe(false);
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
