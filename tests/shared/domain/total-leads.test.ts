import { describe, expect, it } from 'vitest';
import {
  isTotalLeadsEmpty,
  leadCampaignScope,
  sliceShare,
  totalLeadsChart,
} from '@/shared/domain/total-leads';

const row = (LEADSOURCE: string, LEADS: string) => ({ LEADSOURCE, LEADS });

describe('Total Leads doughnut (spec: dashboards 2.6, 9 — top 3 plus Other)', () => {
  it('keeps the top 3 sources and sums the rest into Other', () => {
    const chart = totalLeadsChart([
      row('Yelp', '4'),
      row('Google', '30'),
      row('Referral', '12'),
      row('Avvo', '12'),
      row('Radio', '2'),
    ]);
    expect(chart.slices).toEqual([
      { label: 'Google', count: 30 },
      { label: 'Avvo', count: 12 },
      { label: 'Referral', count: 12 },
      { label: 'Other', count: 6 },
    ]);
    expect(chart.total).toBe(60);
  });

  it('leaves Other out with three sources or fewer', () => {
    expect(
      totalLeadsChart([row('Google', '3'), row('Yelp', '1')]).slices.map((s) => s.label),
    ).toEqual(['Google', 'Yelp']);
  });

  it("treats no leads as empty ('No Data', spec: dashboards 5)", () => {
    expect(isTotalLeadsEmpty(totalLeadsChart([]))).toBe(true);
    expect(isTotalLeadsEmpty(totalLeadsChart([row('Google', '0')]))).toBe(true);
    expect(isTotalLeadsEmpty(totalLeadsChart([row('Google', '1')]))).toBe(false);
  });

  it('gives legend shares as whole percents', () => {
    expect(sliceShare(1, 3)).toBe(33);
    expect(sliceShare(0, 0)).toBe(0);
  });
});

describe('which campaigns a lead total counts (issue #30)', () => {
  it('says every campaign without a status, one status with leads without a campaign', () => {
    expect(leadCampaignScope(null)).toBe('Counting every campaign, active and inactive.');
    expect(leadCampaignScope({ campaigns: [], campaignStatus: ['active', 'inactive'] })).toBe(
      'Counting every campaign, active and inactive.',
    );
    expect(leadCampaignScope({ campaigns: [], campaignStatus: ['active'] })).toBe(
      'Counting active campaigns and leads without a campaign.',
    );
    expect(leadCampaignScope({ campaigns: ['c1'], campaignStatus: ['inactive'] })).toBe(
      'Counting the chosen campaigns that are inactive.',
    );
    expect(leadCampaignScope({ campaigns: ['c1'], campaignStatus: [] })).toBe(
      'Counting the chosen campaigns.',
    );
  });
});
