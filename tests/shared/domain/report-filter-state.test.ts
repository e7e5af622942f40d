import { describe, expect, it } from 'vitest';
import {
  defaultReportFilters,
  parseStoredReportFilters,
  reportFiltersBody,
  reportFiltersKey,
  reportFiltersQuery,
  sameReportFilters,
  serializeReportFilters,
  subCaseTypesFor,
  visibleCampaigns,
  withoutUnknownIds,
} from '@/shared/domain/report-filter-state';

const today = new Date(2026, 10, 22, 12); // 11/22/2026

describe('report filter state (spec: dashboards 2.9, 3, 4)', () => {
  it('defaults to the last 7 days, the snapshot perspective, no list filter, active campaigns', () => {
    expect(defaultReportFilters(today)).toEqual({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      type: 'rjPclc',
      leadSources: [],
      offices: [],
      caseTypes: [],
      subCaseTypes: [],
      campaigns: [],
      campaignStatus: ['active'],
    });
  });

  it('sends only the chosen lists, and the one chosen campaign status', () => {
    const state = defaultReportFilters(today, { leadSources: ['ls_1'], campaigns: ['c_1'] });
    expect(reportFiltersBody(state)).toEqual({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      type: 'rjPclc',
      leadSources: ['ls_1'],
      campaigns: ['c_1'],
      campaignStatus: ['active'],
    });
    expect(reportFiltersQuery(state)).toEqual({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      type: 'rjPclc',
      leadSources: ['ls_1'],
      campaigns: ['c_1'],
      campaignStatus: ['active'],
    });
    const inactive = defaultReportFilters(today, { campaignStatus: ['inactive'] });
    expect(reportFiltersBody(inactive).campaignStatus).toEqual(['inactive']);
  });

  it('sends no campaign status for both or neither (every campaign, spec 4)', () => {
    for (const campaignStatus of [[], ['active', 'inactive']] as const) {
      const state = defaultReportFilters(today, { campaignStatus: [...campaignStatus] });
      expect(reportFiltersBody(state)).not.toHaveProperty('campaignStatus');
      expect(reportFiltersQuery(state)).not.toHaveProperty('campaignStatus');
    }
  });

  it('gives another report key when the campaign status sent changes', () => {
    const active = defaultReportFilters(today);
    const inactive = defaultReportFilters(today, { campaignStatus: ['inactive'] });
    const every = defaultReportFilters(today, { campaignStatus: [] });
    const both = defaultReportFilters(today, { campaignStatus: ['active', 'inactive'] });
    expect(reportFiltersKey(active)).not.toBe(reportFiltersKey(inactive));
    expect(reportFiltersKey(active)).not.toBe(reportFiltersKey(every));
    expect(reportFiltersKey(every)).toBe(reportFiltersKey(both));
  });

  it('refetches only when the filters or range change (order of choices ignored)', () => {
    const a = defaultReportFilters(today, { leadSources: ['1', '2'] });
    const b = defaultReportFilters(today, { leadSources: ['2', '1'] });
    expect(sameReportFilters(a, b)).toBe(true);
    expect(reportFiltersKey(a)).toBe(reportFiltersKey(b));
    const c = { ...a, endDate: '2026-11-21' };
    expect(sameReportFilters(a, c)).toBe(false);
    expect(reportFiltersKey(a)).not.toBe(reportFiltersKey(c));
  });

  it('reads stored filters back, keeping the range only on the day it was saved', () => {
    const fallback = defaultReportFilters(today);
    const saved = {
      ...fallback,
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      offices: ['of_1'],
    };
    const text = serializeReportFilters(saved, today);
    expect(parseStoredReportFilters(text, fallback, today)).toEqual(saved);
    const tomorrow = new Date(2026, 10, 23, 12);
    const next = parseStoredReportFilters(text, defaultReportFilters(tomorrow), tomorrow);
    expect(next.offices).toEqual(['of_1']);
    expect(next.endDate).toBe('2026-11-23');
  });

  it('falls back on unreadable stored filters', () => {
    const fallback = defaultReportFilters(today);
    expect(parseStoredReportFilters('not json', fallback, today)).toBe(fallback);
    expect(parseStoredReportFilters(null, fallback, today)).toBe(fallback);
    const odd = JSON.stringify({
      savedOn: '2026-11-22',
      filters: { type: 'evil', leadSources: [1, 'x'], startDate: '2026-13-01' },
    });
    const parsed = parseStoredReportFilters(odd, fallback, today);
    expect(parsed.type).toBe('rjPclc');
    expect(parsed.leadSources).toEqual(['x']);
    expect(parsed.startDate).toBe(fallback.startDate);
  });

  it('shows active campaigns by default; both or neither status shows all (spec 4)', () => {
    const campaigns = [
      { id: 'a', active: true },
      { id: 'b', active: false },
    ];
    expect(visibleCampaigns(campaigns, ['active']).map((c) => c.id)).toEqual(['a']);
    expect(visibleCampaigns(campaigns, ['inactive']).map((c) => c.id)).toEqual(['b']);
    expect(visibleCampaigns(campaigns, ['active', 'inactive'])).toHaveLength(2);
    expect(visibleCampaigns(campaigns, [])).toHaveLength(2);
  });

  it('filters sub case types by the chosen parents (spec 2.8, 2.9)', () => {
    const subs = [
      { id: 's1', parent: 'ch7' },
      { id: 's2', parent: 'pi' },
    ];
    expect(subCaseTypesFor(subs, [{ id: 'ct_1', key: 'ch7' }]).map((s) => s.id)).toEqual(['s1']);
    expect(subCaseTypesFor(subs, [])).toHaveLength(2);
  });
});

describe('stored filters that name ids the workspace no longer has', () => {
  const stored = {
    ...defaultReportFilters(today),
    leadSources: ['ls_google', 'ls_deleted'],
    offices: ['of_main'],
  };

  it('drops the unknown ids and keeps the rest', () => {
    const cleaned = withoutUnknownIds(stored, {
      leadSources: ['ls_google', 'ls_tv'],
      offices: ['of_main'],
      caseTypes: null,
      subCaseTypes: null,
      campaigns: null,
    });
    expect(cleaned.leadSources).toEqual(['ls_google']);
    expect(cleaned.offices).toEqual(['of_main']);
  });

  it('leaves a filter alone while its list has not loaded, and answers the same object when nothing goes', () => {
    const unknownLists = {
      leadSources: [],
      offices: null,
      caseTypes: null,
      subCaseTypes: null,
      campaigns: null,
    };
    expect(withoutUnknownIds(stored, unknownLists)).toBe(stored);
  });
});
