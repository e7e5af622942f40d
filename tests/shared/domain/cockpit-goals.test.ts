import { describe, expect, it } from 'vitest';
import { cockpitGoalsForRange, leadSourceGoalPair } from '@/shared/domain/cockpit-goals';
import { WEEKLY_GOALS } from './cockpit-fixtures';

const SOURCES = [
  { id: 'ls_google', label: 'Google Ads', Settings: { leadGen: { leadsMin: 14, leadsMax: 21 } } },
  { id: 'ls_yelp', label: 'Yelp', Settings: { leadGen: null } },
  { id: 'ls_tv', label: 'TV', Settings: null },
  { id: 'ls_test', label: 'Test Source - QA', Settings: { leadGen: { leadsMin: 7, leadsMax: 7 } } },
];

describe('cockpit goals for a range (spec: dashboards 9 goal scaling)', () => {
  it('keeps weekly goals as they are for a 7-day range', () => {
    const goals = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: SOURCES, days: 7 });
    expect(goals.salesPerformance).toEqual(WEEKLY_GOALS.salesPerformance);
    expect(goals.leadGen).toEqual({ leadsMin: 120, leadsMax: 160 });
  });

  it('scales weekly goals by days / 7 and rounds to whole numbers', () => {
    const goals = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: SOURCES, days: 3 });
    // 300 * 3 / 7 = 128.57 → 129; 25 * 3 / 7 = 10.71 → 11; 12 * 3 / 7 = 5.14 → 5
    expect(goals.salesPerformance.outboundCallsMin).toBe(129);
    expect(goals.salesPerformance.outboundSetsMin).toBe(11);
    expect(goals.salesPerformance.hiresMin).toBe(5);
    expect(goals.communications.allowableMissedCalls).toBe(4);
    expect(goals.communications.allowableAbandonedCalls).toBe(2);
    const month = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: SOURCES, days: 30 });
    expect(month.leadGen).toEqual({ leadsMin: 514, leadsMax: 686 });
  });

  it('never scales targetInboundSetRate, nor the average wait in seconds', () => {
    const goals = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: SOURCES, days: 30 });
    expect(goals.salesPerformance.targetInboundSetRate).toBe(45);
    expect(goals.communications.averageWaitTime).toBe(30);
  });

  it('gives each source its own scaled lead goal, and none to Test sources or sources without one', () => {
    const goals = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: SOURCES, days: 14 });
    expect(goals.leadSources).toEqual({ ls_google: { leadsMin: 28, leadsMax: 42 } });
    expect(leadSourceGoalPair(goals, 'ls_google')).toEqual({ min: 28, goal: 42 });
    expect(leadSourceGoalPair(goals, 'ls_yelp')).toEqual({ min: null, goal: null });
    expect(leadSourceGoalPair(goals, null)).toEqual({ min: null, goal: null });
    expect(leadSourceGoalPair(null, 'ls_google')).toEqual({ min: null, goal: null });
  });

  it('keeps the workspace sales goals when the selected sources carry none of their own', () => {
    const goals = cockpitGoalsForRange({
      goals: WEEKLY_GOALS,
      leadSources: SOURCES,
      selectedLeadSources: ['ls_google', 'ls_yelp'],
      days: 7,
    });
    expect(goals.salesPerformance).toEqual(WEEKLY_GOALS.salesPerformance);
  });

  it("sums the chosen sources' sales goals with the workspace's, averages the set rate, then scales", () => {
    const own = (factor: number, setRate: number) =>
      ({
        ...Object.fromEntries(
          Object.keys(WEEKLY_GOALS.salesPerformance).map((key) => [key, 10 * factor]),
        ),
        targetInboundSetRate: setRate,
      }) as typeof WEEKLY_GOALS.salesPerformance;
    const sources = [
      {
        id: 'ls_google',
        label: 'Google Ads',
        Settings: { leadGen: null, salesPerformance: own(1, 60) },
      },
      { id: 'ls_yelp', label: 'Yelp', Settings: { leadGen: null, salesPerformance: own(2, 30) } },
      { id: 'ls_tv', label: 'TV', Settings: { leadGen: null } },
      {
        id: 'ls_test',
        label: 'Test Source',
        Settings: { leadGen: null, salesPerformance: own(9, 0) },
      },
    ];
    const week = (selected: string[]) =>
      cockpitGoalsForRange({
        goals: WEEKLY_GOALS,
        leadSources: sources,
        selectedLeadSources: selected,
        days: 7,
      }).salesPerformance;

    expect(week([])).toEqual(WEEKLY_GOALS.salesPerformance);
    const google = week(['ls_google']);
    expect(google.outboundCallsMin).toBe(310);
    expect(google.hiresMax).toBe(28);
    expect(google.targetInboundSetRate).toBe(52.5);
    const both = week(['ls_google', 'ls_yelp', 'ls_tv', 'ls_test']);
    // TV has no sales settings and Test sources never count: 300 + 10 + 20; (45+60+30)/3.
    expect(both.outboundCallsMin).toBe(330);
    expect(both.targetInboundSetRate).toBe(45);
    const threeDays = cockpitGoalsForRange({
      goals: WEEKLY_GOALS,
      leadSources: sources,
      selectedLeadSources: ['ls_google'],
      days: 3,
    }).salesPerformance;
    // (300 + 10) * 3 / 7 = 132.86 → 133; the set rate is not scaled.
    expect(threeDays.outboundCallsMin).toBe(133);
    expect(threeDays.targetInboundSetRate).toBe(52.5);
  });
});
