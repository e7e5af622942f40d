import { describe, expect, it } from 'vitest';
import {
  agentOutliers,
  communicationsMetrics,
  consultantOutliers,
  leadFlowRows,
  lowestOutliers,
  withEveryActiveLeadSource,
  salesPerformanceMetrics,
} from '@/shared/domain/cockpit-metrics';
import { communicationsData, salesPerformanceData } from './cockpit-fixtures';

const people = (values: number[]) =>
  values.map((value, index) => ({ id: `p${index}`, name: `Person ${index}`, value }));

describe('outlier lists (spec: dashboards 2.3, 9 "the 5 lowest")', () => {
  it('lists the 5 lowest, lowest first, ties by name', () => {
    const rows = people([9, 3, 7, 1, 3, 8, 0]);
    expect(lowestOutliers(rows, (row) => row.value).map((row) => row.value)).toEqual([
      0, 1, 3, 3, 7,
    ]);
    expect(
      lowestOutliers(rows, (row) => row.value)
        .map((row) => row.name)
        .slice(2, 4),
    ).toEqual(['Person 1', 'Person 4']);
  });

  it('lists agents by calls and consultants by hires', () => {
    const data = salesPerformanceData({
      outbound: [
        { id: 'a', name: 'Ana', outboundSales: 50, answered: 40, sets: 1 },
        { id: 'b', name: 'Ben', outboundSales: 10, answered: 90, sets: 9 },
      ],
      hires: [
        { id: 'c', name: 'Cy', consults: 1, hires: 5 },
        { id: 'd', name: 'Di', consults: 9, hires: 0 },
      ],
    });
    expect(agentOutliers(data).map((row) => row.name)).toEqual(['Ben', 'Ana']);
    expect(consultantOutliers(data).map((row) => row.name)).toEqual(['Di', 'Cy']);
  });
});

describe('card figures (spec: dashboards 3 responses)', () => {
  it('sums outbound calls, answers and sets over agents, shows and hires over consultants', () => {
    expect(salesPerformanceMetrics(salesPerformanceData())).toEqual({
      setRate: 52.5,
      outboundCalls: 330,
      outboundAnswers: 110,
      outboundSets: 30,
      scheduledTomorrow: 45,
      filledHistorically: 36,
      appointmentsInRange: 40,
      shows: 30,
      hires: 15,
    });
  });

  it('reads the wait time text into seconds', () => {
    const metrics = communicationsMetrics(communicationsData({ averageWaitTime: '83.50' }));
    expect(metrics.averageWaitSeconds).toBe(83.5);
    expect(metrics.totalCalls).toBe(120);
  });

  it('reads LEADS numeric text and names a source-less row Unknown', () => {
    expect(
      leadFlowRows([
        { LEADSOURCEID: 'ls_1', LEADSOURCE: 'Google Ads', LEADS: '42' },
        { LEADSOURCEID: null, LEADSOURCE: '', LEADS: '3' },
      ]),
    ).toEqual([
      { leadSourceId: 'ls_1', label: 'Google Ads', leads: 42 },
      { leadSourceId: null, label: 'Unknown', leads: 3 },
    ]);
  });

  describe('withEveryActiveLeadSource', () => {
    const source = (id: string, label: string, active = true) => ({ id, label, active });
    const sources = [
      source('ls_google', 'Google Ads'),
      source('ls_yelp', 'Yelp'),
      source('ls_bing', 'bing'),
      source('ls_old', 'Old Radio', false),
      source('ls_test', 'Test Source'),
    ];
    const reported = [{ leadSourceId: 'ls_google', label: 'Google Ads', leads: 42 }];

    it('adds each active source without leads with 0, sorted by name, after the reported rows', () => {
      expect(withEveryActiveLeadSource(reported, sources)).toEqual([
        { leadSourceId: 'ls_google', label: 'Google Ads', leads: 42 },
        { leadSourceId: 'ls_bing', label: 'bing', leads: 0 },
        { leadSourceId: 'ls_yelp', label: 'Yelp', leads: 0 },
      ]);
    });

    it('adds only the chosen sources when the cockpit is filtered', () => {
      expect(withEveryActiveLeadSource([], sources, ['ls_yelp', 'ls_old'])).toEqual([
        { leadSourceId: 'ls_yelp', label: 'Yelp', leads: 0 },
      ]);
    });
  });
});
