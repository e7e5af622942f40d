import { describe, expect, it } from 'vitest';
import { breakdownPath } from '@/app/reports/cards/total-leads-card';
import {
  DEFAULT_RANKING_FILTERS,
  monthsReaching,
  parseStoredRankingFilters,
  rankingFiltersFromReport,
  rankingFiltersFromSearch,
} from '@/shared/domain/lead-source-ranking-filters';
import { defaultReportFilters } from '@/shared/domain/report-filter-state';

describe('lead-source ranking filters (spec: dashboards 3, 9; issue 15 Breakdown)', () => {
  it('reaches back to the range start with the fewest months up to today', () => {
    // The ranking covers the day after today's date n months ago, up to today.
    expect(monthsReaching('2026-11-17', '2026-11-23')).toBe(1);
    expect(monthsReaching('2026-10-24', '2026-11-23')).toBe(1);
    expect(monthsReaching('2026-10-23', '2026-11-23')).toBe(2);
    expect(monthsReaching('2026-01-01', '2026-11-23')).toBe(11);
    expect(monthsReaching('2020-01-01', '2026-11-23')).toBe(36);
  });

  it('carries the status and a single practice area from the report filters', () => {
    const base = defaultReportFilters(new Date(2026, 10, 23));
    expect(rankingFiltersFromReport(base, '2026-11-23')).toEqual({
      months: 1,
      status: 'Active',
      practiceArea: 'all',
    });
    expect(
      rankingFiltersFromReport(
        { ...base, campaignStatus: ['inactive'], caseTypes: ['ct_1'] },
        '2026-11-23',
      ),
    ).toEqual({ months: 1, status: 'Inactive', practiceArea: 'ct_1' });
    // Both statuses (or neither) is every source; two areas or 'Unknown' is every area.
    expect(
      rankingFiltersFromReport(
        { ...base, campaignStatus: ['active', 'inactive'], caseTypes: ['ct_1', 'ct_2'] },
        '2026-11-23',
      ),
    ).toMatchObject({ status: 'All', practiceArea: 'all' });
    expect(
      rankingFiltersFromReport(
        { ...base, campaignStatus: [], caseTypes: ['unknown'] },
        '2026-11-23',
      ),
    ).toMatchObject({ status: 'All', practiceArea: 'all' });
  });

  it('builds the Breakdown link, leaving the last-year metric as the ranking stored it', () => {
    const filters = {
      ...defaultReportFilters(new Date(2026, 10, 23)),
      startDate: '2026-09-01',
      caseTypes: ['ct_1'],
    };
    const path = breakdownPath(filters, '2026-11-23');
    expect(path).toBe(
      '/app/marketing/lead-source-ranking-v2?months=3&status=Active&practiceArea=ct_1',
    );
    const stored = { ...DEFAULT_RANKING_FILTERS, lastYearMetric: 'hires' as const };
    expect(rankingFiltersFromSearch(path.slice(path.indexOf('?')), stored)).toEqual({
      months: 3,
      status: 'Active',
      practiceArea: 'ct_1',
      lastYearMetric: 'hires',
    });
    expect(breakdownPath(null, '2026-11-23')).toBe('/app/marketing/lead-source-ranking-v2');
  });

  it('ignores an address without filters and keeps the stored value for an invalid one', () => {
    expect(rankingFiltersFromSearch('', DEFAULT_RANKING_FILTERS)).toBeNull();
    expect(rankingFiltersFromSearch('?months=99&status=Bogus', DEFAULT_RANKING_FILTERS)).toEqual(
      DEFAULT_RANKING_FILTERS,
    );
    expect(parseStoredRankingFilters('{not json')).toEqual(DEFAULT_RANKING_FILTERS);
    expect(parseStoredRankingFilters(JSON.stringify({ months: 6, status: 'All' }))).toEqual({
      ...DEFAULT_RANKING_FILTERS,
      months: 6,
      status: 'All',
    });
  });
});
