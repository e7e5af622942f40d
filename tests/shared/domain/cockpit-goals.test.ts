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
});
