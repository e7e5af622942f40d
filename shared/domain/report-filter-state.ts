import type {
  CampaignStatus,
  PclcType,
  ReportFiltersBody,
} from '@/shared/contracts/reports/report-filters';
import { CAMPAIGN_STATUSES, PCLC_TYPES } from '@/shared/contracts/reports/report-filters';
import { defaultReportRange, isValidDateRange, toIsoDay, type DateRange } from './date-range';

/**
 * The shared report filter panel's state (spec: dashboards 2.9, 3 Report filters, 4
 * "Filters are persisted locally; a report is refetched only when filters or date range
 * changed"; "Campaign filter shows active only by default; both or neither shows all").
 */
export interface ReportFilterState extends DateRange {
  /** The perspective: 'rjPclc' snapshot (default) or 'intakePCLC' conversion. */
  type: PclcType;
  leadSources: string[];
  offices: string[];
  caseTypes: string[];
  subCaseTypes: string[];
  campaigns: string[];
  /**
   * Campaign status, active only by default (spec: dashboards 2.9, 4): one status narrows
   * the campaign list and is sent to the reports that take it (their filters contract), so
   * the report counts that status's campaigns; both or neither = every campaign.
   */
  campaignStatus: CampaignStatus[];
}

export function defaultReportFilters(
  today: Date = new Date(),
  overrides: Partial<ReportFilterState> = {},
): ReportFilterState {
  return {
    ...defaultReportRange(today),
    type: 'rjPclc',
    leadSources: [],
    offices: [],
    caseTypes: [],
    subCaseTypes: [],
    campaigns: [],
    campaignStatus: ['active'],
    ...overrides,
  };
}

/** The campaign status a report is asked with: the one chosen, else none (every campaign). */
export function chosenCampaignStatus(state: ReportFilterState): CampaignStatus | null {
  const chosen = new Set(state.campaignStatus);
  return chosen.size === 1 ? [...chosen][0]! : null;
}

/**
 * The POST body of a report call (dates, the list filters — empty lists left out — and one
 * chosen campaign status; both or neither is every campaign, so nothing is sent).
 */
export function reportFiltersBody(state: ReportFilterState): ReportFiltersBody {
  const body: ReportFiltersBody = {
    startDate: state.startDate,
    endDate: state.endDate,
    type: state.type,
  };
  if (state.leadSources.length) body.leadSources = [...state.leadSources];
  if (state.campaigns.length) body.campaigns = [...state.campaigns];
  if (state.offices.length) body.offices = [...state.offices];
  if (state.caseTypes.length) body.caseTypes = [...state.caseTypes];
  if (state.subCaseTypes.length) body.subCaseTypes = [...state.subCaseTypes];
  const status = chosenCampaignStatus(state);
  if (status) body.campaignStatus = [status];
  return body;
}

/** The same filters as a GET query (lists as repeated keys). */
export function reportFiltersQuery(state: ReportFilterState): Record<string, string | string[]> {
  const { startDate, endDate, type, ...lists } = reportFiltersBody(state);
  const query: Record<string, string | string[]> = { startDate, endDate };
  if (type) query.type = type;
  for (const [key, value] of Object.entries(lists)) {
    if (Array.isArray(value) && value.length) query[key] = value as string[];
  }
  return query;
}

const LIST_KEYS = ['leadSources', 'offices', 'caseTypes', 'subCaseTypes', 'campaigns'] as const;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((value) => set.has(value));
}

/** True when a report computed with `a` is the report for `b` (order of choices ignored). */
export function sameReportFilters(a: ReportFilterState, b: ReportFilterState): boolean {
  return (
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.type === b.type &&
    LIST_KEYS.every((key) => sameList(a[key], b[key])) &&
    sameList(a.campaignStatus, b.campaignStatus)
  );
}

/** A stable key of the filters: the report hooks refetch only when it changes. */
export function reportFiltersKey(state: ReportFilterState): string {
  const sorted = (values: readonly string[]) => [...values].sort();
  return JSON.stringify([
    state.startDate,
    state.endDate,
    state.type,
    ...LIST_KEYS.map((key) => sorted(state[key])),
    chosenCampaignStatus(state),
  ]);
}

/** What is stored: the filters and the day they were saved on. */
interface StoredFilters {
  savedOn: string;
  filters: ReportFilterState;
}

export function serializeReportFilters(state: ReportFilterState, today: Date = new Date()): string {
  const stored: StoredFilters = { savedOn: toIsoDay(today), filters: state };
  return JSON.stringify(stored);
}

function stringList(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const list = value.filter((item): item is string => typeof item === 'string' && item.length > 0);
  return [...new Set(list)].slice(0, 500);
}

/**
 * Stored filters read back, anything unreadable replaced by the fallback's value. The
 * date range is kept only on the day it was saved: on a new day the report opens on the
 * default range again (spec: dashboards 4 "daily caches expire on a new day").
 */
export function parseStoredReportFilters(
  text: string | null,
  fallback: ReportFilterState,
  today: Date = new Date(),
): ReportFilterState {
  if (!text) return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (!raw || typeof raw !== 'object') return fallback;
  const { savedOn, filters } = raw as Partial<StoredFilters>;
  if (!filters || typeof filters !== 'object') return fallback;
  const result: ReportFilterState = { ...fallback };
  for (const key of LIST_KEYS) result[key] = stringList(filters[key]) ?? fallback[key];
  const statuses = stringList(filters.campaignStatus);
  if (statuses) {
    result.campaignStatus = statuses.filter((s): s is CampaignStatus =>
      (CAMPAIGN_STATUSES as readonly string[]).includes(s),
    );
  }
  if ((PCLC_TYPES as readonly string[]).includes(filters.type as string))
    result.type = filters.type!;
  const range = {
    startDate: String(filters.startDate ?? ''),
    endDate: String(filters.endDate ?? ''),
  };
  if (savedOn === toIsoDay(today) && isValidDateRange(range, today)) {
    result.startDate = range.startDate;
    result.endDate = range.endDate;
  }
  return result;
}

/** spec: dashboards 4 — active only by default; both or neither = every campaign. */
export function visibleCampaigns<T extends { active: boolean }>(
  campaigns: readonly T[],
  statuses: readonly CampaignStatus[],
): T[] {
  const chosen = new Set(statuses);
  if (chosen.size !== 1) return [...campaigns];
  const wantActive = chosen.has('active');
  return campaigns.filter((campaign) => campaign.active === wantActive);
}

/**
 * spec: dashboards 2.8 / 2.9 — sub case types are filtered by the chosen parent case
 * types (a sub case type names its parent's key); with no parent chosen, all of them.
 */
export function subCaseTypesFor<T extends { parent: string | null }>(
  subCaseTypes: readonly T[],
  chosenParents: readonly { key: string; id: string }[],
): T[] {
  if (chosenParents.length === 0) return [...subCaseTypes];
  const parents = new Set(chosenParents.flatMap((parent) => [parent.key, parent.id]));
  return subCaseTypes.filter((sub) => sub.parent !== null && parents.has(sub.parent));
}

/** The perspective names of spec 2.7 / 7. */
export const PERSPECTIVE_LABELS: Record<PclcType, string> = {
  rjPclc: 'Snapshot',
  intakePCLC: 'Conversion',
};

/** The ids each list filter can name, from lists that loaded (null: unknown yet or failed). */
export interface KnownFilterIds {
  leadSources: readonly string[] | null;
  offices: readonly string[] | null;
  caseTypes: readonly string[] | null;
  subCaseTypes: readonly string[] | null;
  campaigns: readonly string[] | null;
}

/**
 * Drops ids the workspace no longer has (a lead source deleted since the filters were
 * saved): the server refuses unknown ids with a 400, and a stored filter must not lock a
 * screen in its error view. A list that did not load (null or empty) is left alone.
 * Answers the same object when nothing had to go, so nothing refetches.
 */
export function withoutUnknownIds(
  state: ReportFilterState,
  known: KnownFilterIds,
): ReportFilterState {
  let changed = false;
  const next = { ...state };
  for (const field of [
    'leadSources',
    'offices',
    'caseTypes',
    'subCaseTypes',
    'campaigns',
  ] as const) {
    const ids = known[field];
    if (!ids || ids.length === 0) continue;
    const kept = state[field].filter((id) => ids.includes(id));
    if (kept.length !== state[field].length) {
      next[field] = kept;
      changed = true;
    }
  }
  return changed ? next : state;
}

/** The cockpit's filter (spec: dashboards 2.3): its date range and lead sources (empty = all). */
export interface CockpitFilterState extends DateRange {
  leadSources: string[];
}

/**
 * The cockpit's filter as stored: the report panel's format, so the cockpit's filters
 * follow the same rules as the funnel's (spec: dashboards 4 "Filters are persisted
 * locally"; the range kept only on the day it was saved).
 */
export function serializeCockpitFilter(
  filter: CockpitFilterState,
  today: Date = new Date(),
): string {
  return serializeReportFilters(defaultReportFilters(today, filter), today);
}

/** The stored cockpit filter read back; anything unreadable or expired is the fallback's. */
export function parseStoredCockpitFilter(
  text: string | null,
  fallback: CockpitFilterState,
  today: Date = new Date(),
): CockpitFilterState {
  const { startDate, endDate, leadSources } = parseStoredReportFilters(
    text,
    defaultReportFilters(today, fallback),
    today,
  );
  return { startDate, endDate, leadSources };
}
