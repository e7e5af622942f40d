import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcContactRow, PclcStat } from '@/shared/contracts/reports/pclc';
import type { CrmModule, PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import { type Db, engineOf } from '../db/database';
import { dimensionConditions, type StageCounts, stageCounts } from './pipeline-counts';
import { loose, type ReportScope, type WorkspaceLookupSet } from './report-scope';

/**
 * The contacts behind the funnel's numbers (spec: dashboards 2.5 contacts table, 2.7
 * conversion report, 3 contact rows). Lists are read from pipeline_events with the same
 * scope as the counts, one row per transition, so a list has exactly as many rows as the
 * count it explains. Sorted by name (first, last) then id.
 */

type AnyEb = ExpressionBuilder<Record<string, Record<string, string | number | null>>, string>;

/** What a report's list of contacts reads of each (`contacts as c`): who, and its attribution. */
export const CONTACT_ROW_COLUMNS = [
  'c.id',
  'c.module',
  'c.first_name',
  'c.last_name',
  'c.lead_source_id',
  'c.campaign_id',
  'c.case_type_key',
  'c.sub_case_type_key',
] as const;

export interface StageContact {
  id: string;
  module: string;
  firstName: string;
  lastName: string;
  leadSourceId: string | null;
  campaignId: string | null;
  caseTypeKey: string | null;
  subCaseTypeKey: string | null;
  qualification: string;
  /** The contact was unqualified at an appointment in the scope. */
  unqualifiedAtAppt: boolean;
  /** The contact has a new-lead transition in the scope (conversion lead rows). */
  newLead: boolean;
}

export interface StageQuery {
  stages: readonly PipelineStage[];
  /** Shows only: keep shows without (true) or with (false) an unqualified-at-appt. */
  qualifiedShows?: boolean;
  /** One row per contact instead of one per transition. */
  distinctContacts?: boolean;
  limit: number;
  offset: number;
  /** Force a plan (tests compare them); by default the cheaper one for the list. */
  plan?: ListPlan;
  /** The scope's transitions by stage, when the caller has them (else counted here). */
  counts?: StageCounts;
}

/**
 * A page of a list is read one of two ways, with the same rows in the same order (by
 * name, then contact id, then transition id):
 * - sorted: the list's transitions in the range are read and sorted, which costs the
 *   whole list — fine for a short one;
 * - by name: each stage's transitions are read in name order from the names they copy
 *   (pipeline_events_stage_name_idx, migration 0020), which holds the range and every
 *   filter, so a read passes the stage's transitions outside the list (other days, other
 *   filters) without reading their rows and stops after the page: about (offset + limit)
 *   × the stage's transitions / the list's of them.
 * A year of leads at a million contacts is a few hundred thousand rows to sort (seconds)
 * but a read of a few thousand index entries; a day of them is the other way round.
 */
export type ListPlan = 'sorted' | 'byName';
const BY_NAME_MIN_ROWS = 2_000;
/** Index entries a read by name may pass before sorting the list is the cheaper way. */
const BY_NAME_MAX_ENTRIES = 200_000;

/**
 * Whether a list of `listRows` rows is read by name. A stage has about one transition per
 * contact at most (leads exactly one), so the contacts of the workspace bound the entries
 * a read passes.
 */
export function readsByName(
  listRows: number,
  page: { limit: number; offset: number },
  contactsInWorkspace: number,
): boolean {
  if (listRows < BY_NAME_MIN_ROWS) return false;
  return ((page.offset + page.limit) * contactsInWorkspace) / listRows <= BY_NAME_MAX_ENTRIES;
}

async function choosePlan(
  db: Db,
  workspaceId: string,
  page: { limit: number; offset: number },
  listRows: number,
): Promise<ListPlan> {
  if (listRows < BY_NAME_MIN_ROWS) return 'sorted';
  const contacts = await contactsInWorkspace(db, workspaceId);
  return readsByName(listRows, page, contacts) ? 'byName' : 'sorted';
}

/**
 * Contacts per workspace, summed from contacts_daily (a count of the contacts read 800k
 * index entries at a million, 40 ms on SQLite) at most once a minute: it only picks a
 * query plan.
 */
const contactCounts = new Map<string, { count: number; at: number }>();
async function contactsInWorkspace(db: Db, workspaceId: string): Promise<number> {
  const cached = contactCounts.get(workspaceId);
  if (cached && Date.now() - cached.at < 60_000) return cached.count;
  const row = await db
    .selectFrom('contacts_daily')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('dimension', '=', 'all')
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  contactCounts.set(workspaceId, { count, at: Date.now() });
  return count;
}

/** The columns of a listed contact. */
const LIST_COLUMNS = [...CONTACT_ROW_COLUMNS, 'c.qualification'] as const;

/** A stage list's conditions on its transitions (alias t): see stageContacts. */
type StageConditions = (
  eb: AnyEb,
  stages?: readonly PipelineStage[],
  dayOf?: Expression<string>,
) => Expression<SqlBool>;

/**
 * Each stage's transitions in name order (pipeline_events_stage_name_idx), each read
 * cut after the page (a distinct list's read gives each contact once, so the cut is
 * enough there too) and merged; then the page's contacts. SQLite's planner, knowing
 * no statistics, takes the range for the way in (a stage-and-day index) and sorts a
 * year of the stage: written `day || ''` the range is tested in the name order
 * index instead. PostgreSQL's statistics choose the name order by themselves.
 */
async function pageByName(
  db: Db,
  query: StageQuery,
  day: string,
  conditions: StageConditions,
  limit: number,
): Promise<Record<string, string | number | null>[]> {
  const distinct = Boolean(query.distinctContacts);
  const readDay =
    engineOf(db) === 'sqlite' ? sql<string>`${sql.ref(day)} || ''` : sql.ref<string>(day);
  const reads = query.stages.map((stage, i) => {
    const read = loose(db)
      .selectFrom('pipeline_events as t')
      .where((eb) => conditions(eb, [stage], readDay))
      .select(['t.first_name', 't.last_name', 't.contact_id'])
      .$if(distinct, (qb) => qb.distinct())
      .$if(!distinct, (qb) => qb.select(['t.id', 't.stage']))
      .orderBy('t.first_name')
      .orderBy('t.last_name')
      .orderBy('t.contact_id')
      .$if(!distinct, (qb) => qb.orderBy('t.id'))
      .limit(query.offset + limit);
    return loose(db)
      .selectFrom(read.as(`r${i}`))
      .selectAll();
  });
  const page = await loose(db)
    .selectFrom(reads.reduce((merged, read) => merged.unionAll(read)).as('m'))
    .$if(distinct, (qb) => qb.select(['m.first_name', 'm.last_name', 'm.contact_id']).distinct())
    .$if(!distinct, (qb) => qb.selectAll())
    .orderBy('m.first_name')
    .orderBy('m.last_name')
    .orderBy('m.contact_id')
    .$if(!distinct, (qb) => qb.orderBy('m.id'))
    .limit(limit)
    .offset(query.offset)
    .execute();
  const pageIds = [...new Set(page.map((row) => String(row.contact_id)))];
  const listed = new Map(
    (pageIds.length === 0
      ? []
      : await loose(db)
          .selectFrom('contacts as c')
          .select(LIST_COLUMNS)
          .where('c.id', 'in', pageIds)
          .execute()
    ).map((contact) => [String(contact.id), contact]),
  );
  return page.map((row) => ({
    ...listed.get(String(row.contact_id))!,
    new_lead: row.stage === 'new_lead' ? 1 : 0,
  }));
}

/**
 * Rows (one page) and the total for a stage query. The total of a plain stage list comes
 * from the rollups (the same numbers as the records, tests/server/reports/rollups.test.ts);
 * a distinct-contact list answers no total, only whether rows follow the page (`more`).
 */
export async function stageContacts(
  db: Db,
  scope: ReportScope,
  query: StageQuery,
): Promise<{ rows: StageContact[]; total: number | null; more: boolean }> {
  const conversion = scope.perspective === 'conversion';
  const day = conversion ? 't.entered_day' : 't.day';
  const uDay = conversion ? 'u.entered_day' : 'u.day';
  const unqualifiedAtAppt = (eb: AnyEb) =>
    eb.exists(
      eb
        .selectFrom('pipeline_events as u')
        .select('u.id')
        .whereRef('u.contact_id', '=', 't.contact_id')
        .where('u.stage', '=', 'unqualified_at_appt')
        .where(uDay, '>=', scope.startDate)
        .where(uDay, '<=', scope.endDate),
    );
  // The list's transitions (alias t) of `stages`: every filter is tested on them, as they
  // copy their contact's attribution (tests/server/reports/rollups.test.ts).
  const conditions: StageConditions = (eb, stages = query.stages, dayOf = sql.ref<string>(day)) =>
    eb.and([
      eb('t.workspace_id', '=', scope.workspace.id),
      eb('t.stage', 'in', [...stages]),
      eb(dayOf, '>=', scope.startDate),
      eb(dayOf, '<=', scope.endDate),
      ...dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true }),
      ...(query.qualifiedShows === undefined
        ? []
        : [query.qualifiedShows ? eb.not(unqualifiedAtAppt(eb)) : unqualifiedAtAppt(eb)]),
    ]);

  // Rows of the stages in the range: the total of a plain list, a bound for the others.
  const counts = query.counts ?? (await stageCounts(db, scope, { stages: query.stages }));
  const stageRows = query.stages.reduce((n, stage) => n + counts[stage], 0);
  let total: number | null = stageRows;
  if (query.qualifiedShows !== undefined) {
    const row = await loose(db)
      .selectFrom('pipeline_events as t')
      .where((eb) => conditions(eb))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    total = Number(row?.total ?? 0);
  } else if (query.distinctContacts) {
    total = null;
  }
  const bound = total ?? stageRows;
  if (bound === 0 || query.offset >= bound) return { rows: [], total, more: false };

  const byName =
    (query.plan ?? (await choosePlan(db, scope.workspace.id, query, bound))) === 'byName';
  const distinct = Boolean(query.distinctContacts);
  // A distinct list reads a row past the page to tell whether more follow (no total).
  const limit = distinct ? query.limit + 1 : query.limit;
  let rows: Record<string, string | number | null>[];
  if (byName) {
    rows = await pageByName(db, query, day, conditions, limit);
  } else if (distinct) {
    // The list's contacts (IN), sorted.
    rows = await loose(db)
      .selectFrom('contacts as c')
      .where('c.workspace_id', '=', scope.workspace.id)
      .where((eb) =>
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('pipeline_events as t')
            .select('t.contact_id')
            .where((inner) => conditions(inner)),
        ),
      )
      .select(LIST_COLUMNS)
      .orderBy('c.first_name')
      .orderBy('c.last_name')
      .orderBy('c.id')
      .limit(limit)
      .offset(query.offset)
      .execute();
  } else {
    // The list's transitions with their contacts, sorted.
    rows = await loose(db)
      .selectFrom('pipeline_events as t')
      .innerJoin('contacts as c', 'c.id', 't.contact_id')
      .where((eb) => conditions(eb))
      .select((eb) => [
        ...LIST_COLUMNS,
        eb.case().when('t.stage', '=', 'new_lead').then(1).else(0).end().as('new_lead'),
      ])
      .orderBy('c.first_name')
      .orderBy('c.last_name')
      .orderBy('c.id')
      .orderBy('t.id')
      .limit(limit)
      .offset(query.offset)
      .execute();
  }
  const more = rows.length > query.limit || (total !== null && query.offset + rows.length < total);
  const page = rows.slice(0, query.limit);
  // The flags, asked for the page's contacts in one query each (a subquery per row was
  // planned by PostgreSQL as a hash of every such transition of the range).
  const ids = [...new Set(page.map((row) => String(row.id)))];
  const having = async (
    stage: PipelineStage,
    where: (eb: AnyEb) => Expression<SqlBool>,
  ): Promise<Set<string>> => {
    if (ids.length === 0) return new Set();
    const found = await loose(db)
      .selectFrom('pipeline_events as t')
      .select('t.contact_id')
      .where('t.contact_id', 'in', ids)
      .where('t.stage', '=', stage)
      .where(where)
      .execute();
    return new Set(found.map((row) => String(row.contact_id)));
  };
  // In the range: an unqualified-at-appointment (shows only), and for the distinct leads
  // list a new-lead transition, by the chosen agents (a transition row says it itself).
  // The page's contacts pass the attribution filters already; testing only the range and
  // the agent keeps both engines on pipeline_events_contact_stage_idx.
  const inRange = (eb: AnyEb) => [eb(day, '>=', scope.startDate), eb(day, '<=', scope.endDate)];
  const unqualified = query.stages.includes('show')
    ? await having('unqualified_at_appt', (eb) => eb.and(inRange(eb)))
    : new Set<string>();
  const newLeads = distinct
    ? await having('new_lead', (eb) =>
        eb.and([
          ...inRange(eb),
          ...(scope.dims.agentIds ? [eb('t.agent_id', 'in', scope.dims.agentIds)] : []),
        ]),
      )
    : null;
  return {
    total,
    more,
    rows: page.map((row) => ({
      id: String(row.id),
      module: String(row.module),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      leadSourceId: (row.lead_source_id as string | null) ?? null,
      campaignId: (row.campaign_id as string | null) ?? null,
      caseTypeKey: (row.case_type_key as string | null) ?? null,
      subCaseTypeKey: (row.sub_case_type_key as string | null) ?? null,
      qualification: String(row.qualification),
      unqualifiedAtAppt: unqualified.has(String(row.id)),
      newLead: newLeads ? newLeads.has(String(row.id)) : Number(row.new_lead) === 1,
    })),
  };
}

/** Labels of a contact's lead source, campaign and case type, from the lookups. */
export function contactLabels(workspace: WorkspaceLookupSet) {
  const sources = new Map(workspace.leadSources.map((s) => [s.id, s.label]));
  const campaigns = new Map(workspace.campaigns.map((c) => [c.id, c.label]));
  const caseTypes = new Map(workspace.caseTypes.map((c) => [c.key, c.label]));
  return (
    contact: Pick<StageContact, 'leadSourceId' | 'campaignId' | 'caseTypeKey' | 'subCaseTypeKey'>,
  ) => ({
    leadSource: contact.leadSourceId ? (sources.get(contact.leadSourceId) ?? null) : null,
    campaign: contact.campaignId ? (campaigns.get(contact.campaignId) ?? null) : null,
    // The most specific case type the contact has.
    caseType:
      (contact.subCaseTypeKey ? caseTypes.get(contact.subCaseTypeKey) : undefined) ??
      (contact.caseTypeKey ? (caseTypes.get(contact.caseTypeKey) ?? null) : null),
  });
}

const qualificationLabel = (q: string) =>
  q === 'qualified' ? 'Qualified' : q === 'unqualified' ? 'Unqualified' : 'New Lead';

/** What the pclc contacts call lists for a stat and collection. */
export function statQuery(
  stat: PclcStat,
  collection: string | undefined,
): { stages: PipelineStage[]; qualifiedShows?: boolean; status: (c: StageContact) => string } {
  switch (stat) {
    case 'LEADS':
      if (collection === 'QUALIFIED') return { stages: ['qualified'], status: () => 'Qualified' };
      if (collection === 'UNQUALIFIED')
        return { stages: ['unqualified_at_lead'], status: () => 'Unqualified' };
      return { stages: ['new_lead'], status: (c) => qualificationLabel(c.qualification) };
    case 'SETS':
      return { stages: ['set'], status: () => 'Set' };
    case 'SHOWS':
      if (collection === 'QUALIFIED')
        return { stages: ['show'], qualifiedShows: true, status: () => 'Qualified' };
      if (collection === 'UNQUALIFIED')
        return { stages: ['unqualified_at_appt'], status: () => 'Unqualified' };
      return {
        stages: ['show'],
        status: (c) => (c.unqualifiedAtAppt ? 'Unqualified' : 'Qualified'),
      };
    case 'HIRES':
      if (collection === 'NOHIRES') return { stages: ['no_hire'], status: () => 'Not Hired' };
      return { stages: ['hire'], status: () => 'Hired' };
    case 'FILED':
      return { stages: ['filed'], status: () => 'Filed' };
  }
}

export async function pclcContacts(
  db: Db,
  scope: ReportScope,
  request: { stat: PclcStat; collection?: string; limit: number; offset: number },
): Promise<{ rows: PclcContactRow[]; total: number }> {
  const plan = statQuery(request.stat, request.collection || undefined);
  const { rows, total } = await stageContacts(db, scope, {
    stages: plan.stages,
    qualifiedShows: plan.qualifiedShows,
    limit: request.limit,
    offset: request.offset,
  });
  const labels = contactLabels(scope.workspace);
  return {
    total: total ?? 0,
    rows: rows.map((contact) => ({
      id: contact.id,
      module: contact.module as CrmModule,
      name: `${contact.firstName} ${contact.lastName}`,
      ...labels(contact),
      status: plan.status(contact),
    })),
  };
}

/** The conversion report: counts and positional contact lists (spec: dashboards 2.7, 3). */
export async function conversionReport(
  db: Db,
  scope: ReportScope,
  contactsLimit: number,
): Promise<ConversionData> {
  const labels = contactLabels(scope.workspace);
  const positional = (contact: StageContact, status: string): ConversionContactRow => {
    const l = labels(contact);
    return [
      l.caseType ?? '',
      l.leadSource ?? '',
      `${contact.firstName} ${contact.lastName}`,
      contact.newLead ? 'true' : 'false',
      status,
      l.campaign ?? '',
      contact.id,
      contact.module as CrmModule,
    ];
  };
  // One count of the stages for the figures and for every list's size.
  const counts = await stageCounts(db, scope, {
    stages: ['new_lead', 'qualified', 'unqualified_at_lead', 'show', 'hire', 'no_hire', 'filed'],
  });
  const page = { limit: contactsLimit, offset: 0, counts };
  const [leads, shows, hires, noHires, filed] = await Promise.all([
    stageContacts(db, scope, {
      stages: ['new_lead', 'qualified', 'unqualified_at_lead'],
      distinctContacts: true,
      ...page,
    }),
    stageContacts(db, scope, { stages: ['show'], ...page }),
    stageContacts(db, scope, { stages: ['hire'], ...page }),
    stageContacts(db, scope, { stages: ['no_hire'], ...page }),
    stageContacts(db, scope, { stages: ['filed'], ...page }),
  ]);
  return {
    LEADS: counts.new_lead,
    SHOWS: counts.show,
    HIRES: counts.hire,
    FILED: counts.filed,
    NOHIRES: counts.no_hire,
    LEADSCONTACTS: leads.rows.map((c) => positional(c, qualificationLabel(c.qualification))),
    SHOWSCONTACTS: shows.rows.map((c) =>
      positional(c, c.unqualifiedAtAppt ? 'Unqualified' : 'Qualified'),
    ),
    HIRESCONTACTS: hires.rows.map((c) => positional(c, 'Hired')),
    FILEDCONTACTS: filed.rows.map((c) => positional(c, 'Filed')),
    NOHIRESCONTACTS: noHires.rows.map((c) => positional(c, 'Not Hired')),
    TRUNCATED: [leads, shows, hires, noHires, filed].some((list) => list.more),
  };
}
