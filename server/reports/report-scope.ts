import type { Kysely } from 'kysely';
import type { ReportFilters } from '@/shared/contracts/reports/report-filters';
import { UNKNOWN_CASE_TYPE } from '@/shared/contracts/reports/report-filters';
import { isTestLeadSource } from '@/shared/domain/lead-sources';
import { compareLabels } from '@/shared/domain/sorting';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { dayInTimezone } from '@/shared/domain/workspace-day';

/**
 * A report's workspace and its filters resolved against the workspace's lookups: unknown
 * ids answer 400 (issue #3 "Bad filters ... answer 400 with a clear message"), case types
 * given by id, key or label become keys, campaign status becomes a campaign list, and the
 * lead sources whose label contains 'Test' are always left out (spec: dashboards 3).
 */

/** Kysely over any table: report queries pick their table (records or rollup) at run time. */
export type LooseDb = Kysely<Record<string, Record<string, string | number | null>>>;
export const loose = (db: Db): LooseDb => db as unknown as LooseDb;

/**
 * The values of an `in` filter for a chosen list: SQL has no empty `in ()`, and an
 * empty choice must match nothing, so it becomes a value no id ever has (a control
 * character: not NUL, which PostgreSQL refuses in text, and not '', the rollups' "none").
 */
export function chosenIds(ids: readonly string[]): string[] {
  return ids.length > 0 ? [...ids] : ['\u0001'];
}

export interface WorkspaceLookupSet {
  id: string;
  name: string;
  timezone: string;
  isZoho: boolean;
  leadSources: {
    id: string;
    label: string;
    medium: string | null;
    active: boolean;
    settings: string | null;
  }[];
  campaigns: { id: string; label: string; active: boolean; leadSourceId: string | null }[];
  offices: { id: string; label: string }[];
  caseTypes: { id: string; key: string; label: string; parentKey: string | null }[];
  agents: {
    id: string;
    name: string;
    active: boolean;
    personId: string | null;
    ctmUserId: string | null;
  }[];
  consultants: { id: string; name: string; active: boolean }[];
  practiceAreas: { id: string; name: string }[];
}

export async function loadLookupSet(db: Db, workspaceId: string): Promise<WorkspaceLookupSet> {
  const ws = await db
    .selectFrom('workspaces')
    .select(['id', 'name', 'timezone', 'is_zoho'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const [leadSources, campaigns, offices, caseTypes, agents, consultants, practiceAreas] =
    await Promise.all([
      db
        .selectFrom('lead_sources')
        .select(['id', 'label', 'medium', 'active', 'settings'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('label')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('campaigns')
        .select(['id', 'label', 'active', 'lead_source_id'])
        .where('workspace_id', '=', workspaceId)
        .execute(),
      db
        .selectFrom('offices')
        .select(['id', 'label'])
        .where('workspace_id', '=', workspaceId)
        .execute(),
      db
        .selectFrom('case_types')
        .select(['id', 'key', 'label', 'parent_key'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('agents')
        .select(['id', 'name', 'active', 'person_id', 'ctm_user_id'])
        .where('workspace_id', '=', workspaceId)
        .execute(),
      db
        .selectFrom('consultants')
        .select(['id', 'name', 'active'])
        .where('workspace_id', '=', workspaceId)
        .execute(),
      db
        .selectFrom('practice_areas')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
    ]);
  const byName =
    <T extends { id: string }>(name: (x: T) => string) =>
    (a: T, b: T) =>
      compareLabels(name(a), name(b)) || (a.id < b.id ? -1 : 1);
  return {
    id: ws.id,
    name: ws.name,
    timezone: ws.timezone,
    isZoho: ws.is_zoho === 1,
    leadSources: leadSources
      .map((s) => ({ ...s, active: s.active === 1 }))
      .sort(byName((s) => s.label)),
    campaigns: campaigns.map((c) => ({
      id: c.id,
      label: c.label,
      active: c.active === 1,
      leadSourceId: c.lead_source_id,
    })),
    offices,
    caseTypes: caseTypes.map((c) => ({
      id: c.id,
      key: c.key,
      label: c.label,
      parentKey: c.parent_key,
    })),
    agents: agents
      .map((a) => ({
        id: a.id,
        name: a.name,
        active: a.active === 1,
        personId: a.person_id,
        ctmUserId: a.ctm_user_id,
      }))
      .sort(byName((a) => a.name)),
    consultants: consultants
      .map((c) => ({ ...c, active: c.active === 1 }))
      .sort(byName((c) => c.name)),
    practiceAreas,
  };
}

/** The dimension filters of a query; null = not filtered. */
export interface DimensionFilter {
  leadSourceIds: string[] | null;
  campaignIds: string[] | null;
  officeIds: string[] | null;
  /**
   * Contacts whose case type or sub case type is one of these keys, or with none
   * (unknown); hasSubTypes says whether any key is a sub case type.
   */
  caseTypes: CaseTypeFilter | null;
  subCaseTypeKeys: string[] | null;
  agentIds: string[] | null;
  /** Always excluded: the workspace's Test lead sources. */
  hiddenSourceIds: string[];
  /**
   * Contacts of these campaigns are left out; contacts without a campaign are kept (a
   * campaign status alone: "Active" leaves out the inactive campaigns, issue #15).
   */
  excludedCampaignIds: string[];
}

/** Whether the contact's campaign filters (the lead-source rollups do not carry it). */
export function filtersByCampaign(dims: DimensionFilter): boolean {
  return dims.campaignIds !== null || dims.excludedCampaignIds.length > 0;
}

/**
 * Whether any filter other than lead source is set: rollups kept by day and lead source
 * (appointments_daily, payments' own lead source) cannot answer it.
 */
export function filtersBeyondLeadSource(dims: DimensionFilter): boolean {
  return (
    filtersByCampaign(dims) ||
    dims.officeIds !== null ||
    dims.caseTypes !== null ||
    dims.subCaseTypeKeys !== null ||
    dims.agentIds !== null
  );
}

export interface CaseTypeFilter {
  keys: string[];
  unknown: boolean;
  hasSubTypes: boolean;
}

export interface ReportScope {
  workspace: WorkspaceLookupSet;
  /** The workspace's today ('YYYY-MM-DD'). */
  today: string;
  startDate: string;
  endDate: string;
  perspective: 'snapshot' | 'conversion';
  dims: DimensionFilter;
}

export function workspaceToday(workspace: { timezone: string }, now: Date): string {
  return dayInTimezone(now, workspace.timezone);
}

/** 400 unless the range ends by the workspace's today (spec: dashboards 5). */
export function assertRangeNotInFuture(endDate: string, today: string): void {
  if (endDate > today) {
    throw badRequest(
      `endDate: the end date must not be after today (${today} in the workspace's timezone)`,
    );
  }
}

export function hiddenSources(workspace: WorkspaceLookupSet): string[] {
  return workspace.leadSources.filter((s) => isTestLeadSource(s)).map((s) => s.id);
}

function resolveIds(
  field: string,
  what: string,
  values: readonly string[],
  known: ReadonlySet<string>,
): string[] | null {
  if (values.length === 0) return null;
  const unknown = values.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    throw badRequest(`${field}: unknown ${what} ${unknown.slice(0, 5).join(', ')}`);
  }
  return [...values];
}

/** Case types given by id, key or label (any case), or 'unknown'. */
export function resolveCaseTypes(
  field: string,
  workspace: WorkspaceLookupSet,
  values: readonly string[],
  onlySubTypes = false,
): CaseTypeFilter | null {
  if (values.length === 0) return null;
  const keys = new Set<string>();
  let unknownType = false;
  let hasSubTypes = false;
  const bad: string[] = [];
  for (const value of values) {
    if (!onlySubTypes && value.toLowerCase() === UNKNOWN_CASE_TYPE) {
      unknownType = true;
      continue;
    }
    const lower = value.toLowerCase();
    const match = workspace.caseTypes.find(
      (c) =>
        (!onlySubTypes || c.parentKey !== null) &&
        (c.id === value || c.key === value || c.label.toLowerCase() === lower),
    );
    if (match) {
      keys.add(match.key);
      if (match.parentKey !== null) hasSubTypes = true;
    } else bad.push(value);
  }
  if (bad.length > 0) {
    throw badRequest(
      `${field}: unknown ${onlySubTypes ? 'sub case type' : 'case type'} ${bad.slice(0, 5).join(', ')}`,
    );
  }
  return { keys: [...keys], unknown: unknownType, hasSubTypes };
}

/** Resolves the report filters of one workspace (400 on anything unknown). */
export function resolveScope(
  workspace: WorkspaceLookupSet,
  filters: ReportFilters,
  now: Date,
): ReportScope {
  const today = workspaceToday(workspace, now);
  assertRangeNotInFuture(filters.endDate, today);
  const hidden = hiddenSources(workspace);
  const visibleSources = new Set(
    workspace.leadSources.filter((s) => !hidden.includes(s.id)).map((s) => s.id),
  );
  const visibleCampaigns = workspace.campaigns.filter(
    (c) => c.leadSourceId === null || !hidden.includes(c.leadSourceId),
  );
  let campaignIds = resolveIds(
    'campaigns',
    'campaign',
    filters.campaigns,
    new Set(visibleCampaigns.map((c) => c.id)),
  );
  // One status chosen: with campaigns chosen, only those of that status; alone, the
  // campaigns of the other status are left out, and contacts without one still count.
  let excludedCampaignIds: string[] = [];
  if (filters.campaignStatus.length === 1) {
    const wanted = filters.campaignStatus[0] === 'active';
    if (campaignIds) {
      const byStatus = new Set(
        visibleCampaigns.filter((c) => c.active === wanted).map((c) => c.id),
      );
      campaignIds = campaignIds.filter((id) => byStatus.has(id));
    } else {
      excludedCampaignIds = workspace.campaigns.filter((c) => c.active !== wanted).map((c) => c.id);
    }
  }
  return {
    workspace,
    today,
    startDate: filters.startDate,
    endDate: filters.endDate,
    perspective: filters.type === 'intakePCLC' ? 'conversion' : 'snapshot',
    dims: {
      leadSourceIds: resolveIds('leadSources', 'lead source', filters.leadSources, visibleSources),
      campaignIds,
      officeIds: resolveIds(
        'offices',
        'office',
        filters.offices,
        new Set(workspace.offices.map((o) => o.id)),
      ),
      caseTypes: resolveCaseTypes('caseTypes', workspace, filters.caseTypes),
      subCaseTypeKeys:
        resolveCaseTypes('subCaseTypes', workspace, filters.subCaseTypes, true)?.keys ?? null,
      agentIds: resolveIds(
        'agents',
        'agent',
        filters.agents,
        new Set(workspace.agents.map((a) => a.id)),
      ),
      hiddenSourceIds: hidden,
      excludedCampaignIds,
    },
  };
}

/** The report filters with nothing chosen: add the range and the type. */
export const NO_FILTERS: Readonly<Omit<ReportFilters, 'startDate' | 'endDate' | 'type'>> =
  Object.freeze({
    leadSources: [],
    campaigns: [],
    campaignStatus: [],
    offices: [],
    caseTypes: [],
    subCaseTypes: [],
    agents: [],
  });

/** A scope of only a date range (reports that take no other filter). */
export function dateScope(
  workspace: WorkspaceLookupSet,
  range: { startDate: string; endDate: string },
  now: Date,
): ReportScope {
  return resolveScope(
    workspace,
    { ...NO_FILTERS, startDate: range.startDate, endDate: range.endDate, type: 'rjPclc' },
    now,
  );
}
