import { z } from 'zod';
import {
  RANKING_METRICS,
  RANKING_STATUSES,
  type LeadSourceRankingV2Request,
  type LeadSourceRankingV2Response,
  type RankingMetric,
} from '@/shared/contracts/reports/lead-source-ranking';
import { UNKNOWN_CASE_TYPE } from '@/shared/contracts/reports/report-filters';
import type { ReportFilterState } from './report-filter-state';

/**
 * The lead-source ranking's filters (spec: dashboards 3 "Lead-source ranking preferences",
 * 9 defaults months 1, status 'Active', practiceArea 'all', lastYearMetric 'leads'), how
 * the Total Leads card's Breakdown carries the chosen report filters to it (spec 2.1, 2.6)
 * and how the screen reads them back from its address.
 */
export interface RankingFilterState {
  months: number;
  status: (typeof RANKING_STATUSES)[number];
  /** 'all' or a case type id. */
  practiceArea: string;
  lastYearMetric: RankingMetric;
}

export const DEFAULT_RANKING_FILTERS: RankingFilterState = {
  months: 1,
  status: 'Active',
  practiceArea: 'all',
  lastYearMetric: 'leads',
};

export const MAX_RANKING_MONTHS = 36;

/** The periods the months list offers; a value carried by a link is added to them. */
export const RANKING_MONTH_CHOICES = [1, 2, 3, 6, 9, 12, 18, 24, 36] as const;

export const RANKING_METRIC_LABELS: Record<RankingMetric, string> = {
  leads: 'Leads',
  sets: 'Sets',
  shows: 'Shows',
  hires: 'Hires',
};

const schema = z.object({
  months: z.coerce.number().int().min(1).max(MAX_RANKING_MONTHS).catch(1),
  status: z.enum(RANKING_STATUSES).catch('Active'),
  practiceArea: z.string().min(1).max(200).catch('all'),
  lastYearMetric: z.enum(RANKING_METRICS).catch('leads'),
});

/** Stored filters read back; anything unreadable falls back to the defaults (spec 4). */
export function parseStoredRankingFilters(text: string | null): RankingFilterState {
  if (!text) return DEFAULT_RANKING_FILTERS;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_RANKING_FILTERS;
  } catch {
    return DEFAULT_RANKING_FILTERS;
  }
}

const SEARCH_KEYS = ['months', 'status', 'practiceArea', 'lastYearMetric'] as const;

/**
 * The filters an address carries (`?months=3&status=All&practiceArea=ct_1`), on top of
 * `base` (the stored ones); null when it carries none. A value that is not valid keeps the
 * base's.
 */
export function rankingFiltersFromSearch(
  search: string,
  base: RankingFilterState,
): RankingFilterState | null {
  const params = new URLSearchParams(search);
  if (!SEARCH_KEYS.some((key) => params.has(key))) return null;
  const merged: Record<string, unknown> = { ...base };
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') merged[key] = value;
  }
  const parsed = z
    .object({
      months: z.coerce.number().int().min(1).max(MAX_RANKING_MONTHS).catch(base.months),
      status: z.enum(RANKING_STATUSES).catch(base.status),
      practiceArea: z.string().min(1).max(200).catch(base.practiceArea),
      lastYearMetric: z.enum(RANKING_METRICS).catch(base.lastYearMetric),
    })
    .parse(merged);
  return parsed;
}

/** The query string of a link to the ranking with these filters (the rest stay as stored). */
export function rankingSearch(state: Partial<RankingFilterState>): string {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = state[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return `?${params.toString()}`;
}

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * The fewest whole months, ending today, that reach back to `startDate` (the ranking
 * counts the last n months up to today: from the day after today's date n months ago).
 * 1 at least, 36 at most.
 */
export function monthsReaching(startDate: string, today: string): number {
  const [sy, sm, sd] = dayParts(startDate);
  const [ty, tm, td] = dayParts(today);
  const whole = (ty - sy) * 12 + (tm - sm);
  const months = whole + (td >= sd ? 1 : 0);
  return Math.min(MAX_RANKING_MONTHS, Math.max(1, months));
}

/**
 * The Breakdown's ranking filters from the report filters it was clicked under:
 * - months: the fewest months up to today that cover the chosen start date;
 * - status: the panel's Active / Inactive choice (active only → 'Active', inactive only →
 *   'Inactive', both or neither → 'All');
 * - practice area: the one chosen case type, else all (the ranking takes one).
 * The last-year metric is the ranking's own choice: the link leaves it as stored.
 */
export function rankingFiltersFromReport(
  filters: ReportFilterState,
  today: string,
): Omit<RankingFilterState, 'lastYearMetric'> {
  const active = filters.campaignStatus.includes('active');
  const inactive = filters.campaignStatus.includes('inactive');
  const caseTypes = filters.caseTypes.filter((id) => id !== UNKNOWN_CASE_TYPE);
  return {
    months: monthsReaching(filters.startDate, today),
    status: active === inactive ? 'All' : active ? 'Active' : 'Inactive',
    practiceArea: caseTypes.length === 1 && filters.caseTypes.length === 1 ? caseTypes[0]! : 'all',
  };
}

export function rankingRequestBody(state: RankingFilterState): LeadSourceRankingV2Request {
  return { ...state };
}

/** spec: dashboards 8 — "Ranking report with no data: throws" ('No Data'). */
export function isRankingEmpty(data: LeadSourceRankingV2Response['data']): boolean {
  return data.rows.length === 0;
}
