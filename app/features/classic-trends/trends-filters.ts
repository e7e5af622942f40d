import { z } from 'zod';
import {
  TREND_PERSPECTIVES,
  TREND_SERIES,
  TREND_TIME_FRAMES,
  type TrendPerspective,
  type TrendsData,
  type TrendsRequest,
  type TrendTimeFrame,
} from '@/shared/contracts/reports/trends';
import { UNKNOWN_CASE_TYPE } from '@/shared/contracts/reports/report-filters';
import { PERSPECTIVE_LABELS } from '@/shared/domain/report-filter-state';
import { trendPoints, type TrendBucketStatus } from '@/shared/domain/trend-buckets';

/**
 * Classic Trends' filters (spec: dashboards 2.8): the time frame and the lead source,
 * campaign, office, case type (with 'Unknown') and sub case type lists. Nothing chosen
 * in a list means all of it.
 */
export interface TrendsFilterState {
  timeFrame: TrendTimeFrame;
  leadSources: string[];
  campaigns: string[];
  offices: string[];
  caseTypes: string[];
  subCaseTypes: string[];
}

const LIST_KEYS = ['leadSources', 'campaigns', 'offices', 'caseTypes', 'subCaseTypes'] as const;

/** spec: dashboards 9 Trends — the time frame defaults to the month. */
export const DEFAULT_TRENDS_FILTERS: TrendsFilterState = {
  timeFrame: 'month',
  leadSources: [],
  campaigns: [],
  offices: [],
  caseTypes: [],
  subCaseTypes: [],
};

export const TIME_FRAME_LABELS: Record<TrendTimeFrame, string> = {
  week: 'This Week',
  month: 'This Month',
  year: 'This Year',
};

/**
 * One name per perspective across the product (issue #30: the filter panel said
 * "Conversion" where Trends said "Intake"): the spec names the product's perspective
 * "Conversion" where it says what it counts (dashboards 2.7: only those who entered the
 * pipeline within the range); its wire id stays 'intake' ('{product}', dashboards 4, 7).
 */
export const TREND_PERSPECTIVE_LABELS: Record<TrendPerspective, string> = {
  snapshot: PERSPECTIVE_LABELS.rjPclc,
  intake: PERSPECTIVE_LABELS.intakePCLC,
};

/**
 * What the chart shows: one perspective's eight series (the default: eight lines, each in
 * a colour of its own), or both perspectives' sixteen, one click away (issue #30).
 */
export type TrendsView = TrendPerspective | 'both';
export const TRENDS_VIEWS: readonly TrendsView[] = ['snapshot', 'intake', 'both'];
export const DEFAULT_TRENDS_VIEW: TrendsView = 'snapshot';
export const TRENDS_VIEW_LABELS: Record<TrendsView, string> = {
  ...TREND_PERSPECTIVE_LABELS,
  both: 'Both',
};

/** The perspectives a view shows, as spec 4's control chooses them (both = every series). */
export function viewPerspectives(view: TrendsView): TrendPerspective[] {
  return view === 'both' ? [...TREND_PERSPECTIVES] : [view];
}

/**
 * A series as the screen names it: its stat ("New Leads") when one perspective is shown,
 * with the perspective after it when both are ("New Leads (Conversion)").
 */
export function trendSeriesLabel(
  item: TrendsData['items']['series'][number],
  both: boolean,
): string {
  const label = TREND_SERIES.find((s) => s.stat === item.stat)?.label ?? item.name;
  return both ? `${label} (${TREND_PERSPECTIVE_LABELS[item.perspective]})` : label;
}

/** The case type list's extra entry for contacts with none (spec: dashboards 2.8). */
export const UNKNOWN_CASE_TYPE_OPTION = { value: UNKNOWN_CASE_TYPE, label: 'Unknown' } as const;

const idList = z.array(z.string().min(1).max(64)).max(500);
const storedSchema = z.object({
  timeFrame: z.enum(TREND_TIME_FRAMES).catch('month'),
  leadSources: idList.catch([]),
  campaigns: idList.catch([]),
  offices: idList.catch([]),
  caseTypes: idList.catch([]),
  subCaseTypes: idList.catch([]),
});

/** Stored filters read back; anything unreadable falls back to the defaults (spec 4). */
export function parseStoredTrendsFilters(text: string | null): TrendsFilterState {
  if (!text) return DEFAULT_TRENDS_FILTERS;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_TRENDS_FILTERS;
  } catch {
    return DEFAULT_TRENDS_FILTERS;
  }
}

/** The POST reports/trends body (spec: dashboards 7): empty lists left out. */
export function trendsRequestBody(state: TrendsFilterState): TrendsRequest {
  const body: TrendsRequest = { timeFrame: state.timeFrame };
  if (state.leadSources.length) body.leadSources = [...state.leadSources];
  if (state.campaigns.length) body.campaigns = [...state.campaigns];
  if (state.offices.length) body.offices = [...state.offices];
  if (state.caseTypes.length) body.practiceAreas = [...state.caseTypes];
  if (state.subCaseTypes.length) body.subCaseTypes = [...state.subCaseTypes];
  return body;
}

/** Ids each list can name; null = the list has not loaded (its choices are kept). */
export type KnownTrendsIds = Record<(typeof LIST_KEYS)[number], readonly string[] | null>;

/**
 * Drops ids the workspace no longer has (the server answers 400 for them, and a stored
 * filter must not lock the screen in its error view). 'Unknown' is always a case type.
 * Answers the same object when nothing had to go.
 */
export function withoutUnknownTrendsIds(
  state: TrendsFilterState,
  known: KnownTrendsIds,
): TrendsFilterState {
  let changed = false;
  const next = { ...state };
  for (const key of LIST_KEYS) {
    const ids = known[key];
    if (!ids || ids.length === 0) continue;
    const allowed = new Set(key === 'caseTypes' ? [...ids, UNKNOWN_CASE_TYPE] : ids);
    const kept = state[key].filter((id) => allowed.has(id));
    if (kept.length !== state[key].length) {
      next[key] = kept;
      changed = true;
    }
  }
  return changed ? next : state;
}

/**
 * spec: dashboards 4 Trends perspective — with none or both perspectives chosen every
 * series shows; with one, only that perspective's.
 */
export function visibleTrendSeries(
  series: TrendsData['items']['series'],
  chosen: readonly TrendPerspective[],
): TrendsData['items']['series'] {
  const only = new Set(chosen);
  if (only.size === 0 || only.size === TREND_PERSPECTIVES.length) return [...series];
  return series.filter((item) => only.has(item.perspective));
}

/** No series has a lead, set, show, hire or filing in any bucket: 'No Data' (spec 5). */
export function isTrendsEmpty(data: TrendsData): boolean {
  return Object.values(data.items.data).every((values) => values.every((value) => value === 0));
}

/**
 * The export: a header of the bucket labels, then one row per visible series, named as
 * the screen names it; a bucket that has not begun is blank (it has no count yet).
 */
export function trendsExportRows(
  data: TrendsData,
  series: TrendsData['items']['series'],
  states: readonly TrendBucketStatus[] | null = null,
): string[][] {
  const both = new Set(series.map((item) => item.perspective)).size > 1;
  return [
    ['Series', ...data.items.labels],
    ...series.map((item) => [
      trendSeriesLabel(item, both),
      ...trendPoints(data.items.data[item.name] ?? [], states).map((value) =>
        value === null ? '' : String(value),
      ),
    ]),
  ];
}

export function trendsExportFileName(timeFrame: TrendTimeFrame): string {
  return `classic_trends_${timeFrame}_data`;
}
