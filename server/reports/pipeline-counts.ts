import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { PIPELINE_STAGES, type PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import type { Db } from '../db/database';
import type { Perspective } from '../records/rollups';
import { type DimensionFilter, filtersByCampaign, loose, type ReportScope } from './report-scope';

/**
 * Counts of pipeline transitions for a report scope, from the cheapest source that can
 * answer it (docs/reporting-engine.md):
 *  1. pipeline_daily_source — rollup by day, stage and lead source: date range, lead
 *     sources and perspective only (the default funnel, Lead Flow, Total Leads, trends);
 *  2. pipeline_daily_office — by office: the office filter;
 *  3. pipeline_daily — by campaign and case type: campaign, campaign-status and case-type
 *     filters;
 *  4. pipeline_daily_case — by case type and sub case type: the sub-case-type filter;
 *  5. pipeline_daily_people — by agent, consultant and set channel: the agent filter,
 *     per-agent and per-consultant numbers;
 *  6. pipeline_events — the records: filters of two of these families at once.
 * All give the same numbers (tests/server/reports/rollups.test.ts).
 */

export type StageCounts = Record<PipelineStage, number>;

/** The records' day column of each perspective (the rollups key each by `day`). */
const RECORD_DAY_COLUMN: Record<Perspective, string> = {
  snapshot: 't.day',
  conversion: 't.entered_day',
  cohort: 't.parent_day',
};

/**
 * The perspective in which a report counts its people's own outcomes (issue #30, Team
 * Reports: "the hires of these consults"): the conversion perspective already follows
 * one population; otherwise each outcome counts on its parent transition's day.
 */
export function outcomePerspective(perspective: ReportScope['perspective']): Perspective {
  return perspective === 'conversion' ? 'conversion' : 'cohort';
}

export function emptyStageCounts(): StageCounts {
  return Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as StageCounts;
}

type AnyEb = ExpressionBuilder<Record<string, Record<string, string | number | null>>, string>;

/** A condition no row meets. */
const nothing = (eb: AnyEb): Expression<SqlBool> => eb(eb.lit(1), '=', 0 as never);

/** `column IN (values)`, or a false condition for an empty list (SQL has no empty IN). */
function inList(eb: AnyEb, column: string, values: readonly string[]): Expression<SqlBool> {
  if (values.length === 0) return nothing(eb);
  return eb(column, 'in', values as string[]);
}

/** The contact attribution columns the filters test. */
export type DimensionColumn =
  | 'lead_source_id'
  | 'campaign_id'
  | 'office_id'
  | 'case_type_key'
  | 'sub_case_type_key'
  | 'agent_id';

/**
 * Where appointments and payments keep their contact's office and agent (migration 0015;
 * their office_id and set_by_agent_id are other things): dimensionConditions' `columns`
 * for them, the other attribution columns having the contact's names.
 */
export const CONTACT_COPY_COLUMNS = {
  office_id: 'contact_office_id',
  agent_id: 'contact_agent_id',
} as const;

/**
 * The appointments or payments (alias t) of the workspace whose `dayColumn` is in the
 * range, under the scope's filters, read from the attribution they copy from their
 * contact (migration 0015): no join to the contacts.
 */
export function attributedRows(
  db: Db,
  scope: ReportScope,
  table: 'appointments' | 'payments',
  dayColumn: 'scheduled_day' | 'paid_day',
  range: { startDate: string; endDate: string } = scope,
) {
  return loose(db)
    .selectFrom(`${table} as t`)
    .where('t.workspace_id', '=', scope.workspace.id)
    .where(`t.${dayColumn}`, '>=', range.startDate)
    .where(`t.${dayColumn}`, '<=', range.endDate)
    .where((eb) =>
      eb.and(
        dimensionConditions(eb, scope.dims, {
          sentinel: false,
          withAgents: true,
          columns: CONTACT_COPY_COLUMNS,
        }),
      ),
    );
}

/**
 * The WHERE conditions of the dimension filters on table alias `t` (or `alias`). Rollups
 * store '' for "none" (sentinel = true); records store NULL. `columns` renames columns
 * (CONTACT_COPY_COLUMNS; contacts_daily keeps each dimension in its `value` column).
 */
export function dimensionConditions(
  eb: AnyEb,
  dims: DimensionFilter,
  options: {
    sentinel: boolean;
    withAgents: boolean;
    alias?: string;
    columns?: Partial<Record<DimensionColumn, string>>;
  },
): Expression<SqlBool>[] {
  const alias = options.alias ?? 't';
  const col = (name: DimensionColumn) => `${alias}.${options.columns?.[name] ?? name}`;
  const none = (column: string) =>
    options.sentinel ? eb(column, '=', '') : eb(column, 'is', null);
  const conditions: Expression<SqlBool>[] = [];
  if (dims.hiddenSourceIds.length > 0) {
    conditions.push(
      eb.or([
        none(col('lead_source_id')),
        eb(col('lead_source_id'), 'not in', dims.hiddenSourceIds),
      ]),
    );
  }
  if (dims.leadSourceIds) conditions.push(inList(eb, col('lead_source_id'), dims.leadSourceIds));
  if (dims.campaignIds) conditions.push(inList(eb, col('campaign_id'), dims.campaignIds));
  if (dims.excludedCampaignIds.length > 0) {
    conditions.push(
      eb.or([none(col('campaign_id')), eb(col('campaign_id'), 'not in', dims.excludedCampaignIds)]),
    );
  }
  if (dims.officeIds) conditions.push(inList(eb, col('office_id'), dims.officeIds));
  if (dims.caseTypes) {
    const { keys, unknown, hasSubTypes } = dims.caseTypes;
    const any: Expression<SqlBool>[] = [];
    if (keys.length > 0) any.push(eb(col('case_type_key'), 'in', keys));
    // A parent key never appears as a sub case type: only look there for sub case types.
    if (hasSubTypes) any.push(eb(col('sub_case_type_key'), 'in', keys));
    if (unknown) any.push(none(col('case_type_key')));
    conditions.push(any.length > 0 ? eb.or(any) : nothing(eb));
  }
  if (dims.subCaseTypeKeys)
    conditions.push(inList(eb, col('sub_case_type_key'), dims.subCaseTypeKeys));
  if (options.withAgents && dims.agentIds)
    conditions.push(inList(eb, col('agent_id'), dims.agentIds));
  return conditions;
}

export type CountGroup =
  'lead_source_id' | 'campaign_id' | 'office_id' | 'day' | 'agent_id' | 'consultant_id';

export interface CountOptions {
  groupBy?: CountGroup | readonly CountGroup[];
  stages?: readonly PipelineStage[];
  /** Another range than the scope's (ranking's last year, trends' periods). */
  range?: { startDate: string; endDate: string };
  /**
   * Another perspective than the scope's; 'cohort' counts the transitions that have a
   * parent by their parent's day (the rates' numerators, shared/domain/funnel-rates.ts).
   */
  perspective?: Perspective;
  /** Only sets made from this kind of call (records only). */
  channel?: 'inbound' | 'outbound';
}

export type CountSource =
  | 'pipeline_daily_source'
  | 'pipeline_daily_office'
  | 'pipeline_daily'
  | 'pipeline_daily_case'
  | 'pipeline_daily_people'
  | 'pipeline_daily_office_people'
  | 'pipeline_events';

/** What each rollup carries besides day, stage and lead source, smallest first. */
const ROLLUP_DIMENSIONS: readonly [CountSource, ReadonlySet<Dimension>][] = [
  ['pipeline_daily_source', new Set()],
  ['pipeline_daily_office', new Set(['office'])],
  ['pipeline_daily', new Set(['campaign', 'caseType'])],
  ['pipeline_daily_case', new Set(['caseType', 'subCaseType'])],
  ['pipeline_daily_people', new Set(['people'])],
  ['pipeline_daily_office_people', new Set(['office', 'people'])],
];

type Dimension = 'office' | 'campaign' | 'caseType' | 'subCaseType' | 'people';

/**
 * Which table answers (exported for the benchmark and tests): the smallest rollup that
 * carries every dimension the filters and groups need; the records when none does (a mix
 * such as office and campaign, or agent and case type).
 */
export function countSource(
  dims: DimensionFilter,
  groups: readonly CountGroup[],
  channel?: string,
): CountSource {
  const needed = new Set<Dimension>();
  if (
    dims.agentIds !== null ||
    channel !== undefined ||
    groups.some((g) => g === 'agent_id' || g === 'consultant_id')
  )
    needed.add('people');
  if (dims.officeIds !== null || groups.includes('office_id')) needed.add('office');
  if (filtersByCampaign(dims) || groups.includes('campaign_id')) needed.add('campaign');
  if (dims.caseTypes !== null) needed.add('caseType');
  if (dims.subCaseTypeKeys !== null || dims.caseTypes?.hasSubTypes === true)
    needed.add('subCaseType');
  for (const [source, carried] of ROLLUP_DIMENSIONS) {
    if ([...needed].every((dimension) => carried.has(dimension))) return source;
  }
  return 'pipeline_events';
}

export interface GroupedCounts {
  /** One value per group column ('' for none). */
  keys: string[];
  counts: StageCounts;
}

/** Transition counts by stage for each combination of the group columns. */
export async function groupedCounts(
  db: Db,
  scope: ReportScope,
  options: CountOptions = {},
  forceSource?: CountSource,
): Promise<GroupedCounts[]> {
  const groups: readonly CountGroup[] =
    options.groupBy === undefined
      ? []
      : typeof options.groupBy === 'string'
        ? [options.groupBy]
        : options.groupBy;
  const perspective = options.perspective ?? scope.perspective;
  const range = options.range ?? { startDate: scope.startDate, endDate: scope.endDate };
  const stages = options.stages ?? PIPELINE_STAGES;
  const source = forceSource ?? countSource(scope.dims, groups, options.channel);
  const raw = source === 'pipeline_events';
  const withAgents =
    raw || source === 'pipeline_daily_people' || source === 'pipeline_daily_office_people';
  const dayColumn = raw ? RECORD_DAY_COLUMN[perspective] : 't.day';

  let query = loose(db)
    .selectFrom(`${source} as t`)
    .where('t.workspace_id', '=', scope.workspace.id)
    .where('t.stage', 'in', [...stages])
    .where(dayColumn, '>=', range.startDate)
    .where(dayColumn, '<=', range.endDate)
    .where((eb) => eb.and(dimensionConditions(eb, scope.dims, { sentinel: !raw, withAgents })));
  if (!raw) query = query.where('t.perspective', '=', perspective);
  if (options.channel) query = query.where('t.channel', '=', options.channel);

  const groupColumns = groups.map((g) => (g === 'day' ? dayColumn : `t.${g}`));
  const rows = await query
    .select((eb) => [
      't.stage as stage',
      (raw ? eb.fn.countAll<number>() : eb.fn.sum<number>('t.count')).as('count'),
      ...groupColumns.map((column, i) => eb.ref(column).as(`g${i}`)),
    ])
    .groupBy(['t.stage', ...groupColumns])
    .execute();

  const result = new Map<string, GroupedCounts>();
  for (const row of rows) {
    const keys = groupColumns.map((_, i) => String(row[`g${i}`] ?? ''));
    const id = keys.join('\u0001');
    let entry = result.get(id);
    if (!entry) {
      entry = { keys, counts: emptyStageCounts() };
      result.set(id, entry);
    }
    entry.counts[row.stage as PipelineStage] += Number(row.count);
  }
  return [...result.values()];
}

/** Counts per value of one group column. */
export async function countTransitions(
  db: Db,
  scope: ReportScope,
  options: CountOptions & { groupBy: CountGroup },
  forceSource?: CountSource,
): Promise<Map<string, StageCounts>> {
  const rows = await groupedCounts(db, scope, options, forceSource);
  return new Map(rows.map((row) => [row.keys[0], row.counts]));
}

/** The ungrouped counts. */
export async function stageCounts(
  db: Db,
  scope: ReportScope,
  options: Omit<CountOptions, 'groupBy'> = {},
  forceSource?: CountSource,
): Promise<StageCounts> {
  const rows = await groupedCounts(db, scope, options, forceSource);
  return rows[0]?.counts ?? emptyStageCounts();
}
