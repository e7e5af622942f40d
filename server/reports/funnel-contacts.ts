import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcContactRow, PclcStat } from '@/shared/contracts/reports/pclc';
import type { CrmModule, PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import { type Db, engineOf } from '../db/database';
import { dimensionConditions, type StageCounts, stageCounts } from './pipeline-counts';
import {
  type DimensionFilter,
  loose,
  type LooseDb,
  type ReportScope,
  type WorkspaceLookupSet,
} from './report-scope';

/**
 * The contacts behind the funnel's numbers (spec: dashboards 2.5 contacts table, 2.7
 * conversion report, 3 contact rows). Lists are read from pipeline_events with the same
 * scope as the counts, one row per transition, so a list has exactly as many rows as the
 * count it explains. Sorted by name (first, last) then id.
 */

type AnyEb = ExpressionBuilder<Record<string, Record<string, string | number | null>>, string>;

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
  /** Force a plan (tests compare them); by default the cheaper one for the list's size. */
  plan?: 'sorted' | 'byName';
  /** PostgreSQL's agent walk's room to spare (AGENT_WALK_MARGIN; tests make it fall short). */
  agentWalkMargin?: number;
  /** The scope's transitions by stage, when the caller has them (else counted here). */
  counts?: StageCounts;
}

/**
 * A page of a list is read one of two ways, with the same rows in the same order (by
 * name, then contact id, then transition id):
 * - sorted: the list's transitions in the range are read and sorted, which costs the
 *   whole list — fine for a short one;
 * - by name: the contacts are walked in name order (contacts_workspace_name_idx) and each
 *   one's transitions probed, which stops after the page, but reads contacts outside the
 *   list too: about (offset + limit) × contacts / total of them.
 * A year of leads at a million contacts is a few hundred thousand rows to sort (seconds)
 * but a walk of a few thousand contacts; a day of them is the other way round.
 */
const WALK_MIN_ROWS = 2_000;
const WALK_MAX_CONTACTS = 200_000;
/** A list under the agent filter shorter than contacts / this takes its contacts first. */
const AGENT_SET_SHARE = 20;
/** PostgreSQL's walk for such a list reads this many times the contacts it should need. */
const AGENT_WALK_MARGIN = 2;

export function readsByName(
  listRows: number,
  page: { limit: number; offset: number },
  contactsInWorkspace: number,
): boolean {
  if (listRows < WALK_MIN_ROWS) return false;
  return ((page.offset + page.limit) * contactsInWorkspace) / listRows <= WALK_MAX_CONTACTS;
}

/** Contacts per workspace, counted at most once a minute (it only picks a query plan). */
const contactCounts = new Map<string, { count: number; at: number }>();
async function contactsInWorkspace(db: Db, workspaceId: string): Promise<number> {
  const cached = contactCounts.get(workspaceId);
  if (cached && Date.now() - cached.at < 60_000) return cached.count;
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  contactCounts.set(workspaceId, { count, at: Date.now() });
  return count;
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
  // The transitions of the list, on alias t. Probed per contact (a walk by name), they
  // leave out the workspace and the contact's attribution: the contact fixes them (its
  // transitions copy its attribution, tests/server/reports/rollups.test.ts) and they are
  // tested on it first (contactConditions), so that the probe reads
  // pipeline_events_contact_stage_idx alone (migration 0014).
  const agentsOnly: DimensionFilter = {
    ...scope.dims,
    leadSourceIds: null,
    campaignIds: null,
    officeIds: null,
    caseTypes: null,
    subCaseTypeKeys: null,
    hiddenSourceIds: [],
    excludedCampaignIds: [],
  };
  const conditions = (eb: AnyEb, perContact: boolean) =>
    eb.and([
      ...(perContact ? [] : [eb('t.workspace_id', '=', scope.workspace.id)]),
      eb('t.stage', 'in', [...query.stages]),
      eb(day, '>=', scope.startDate),
      eb(day, '<=', scope.endDate),
      ...dimensionConditions(eb, perContact ? agentsOnly : scope.dims, {
        sentinel: false,
        withAgents: true,
      }),
      ...(query.qualifiedShows === undefined
        ? []
        : [query.qualifiedShows ? eb.not(unqualifiedAtAppt(eb)) : unqualifiedAtAppt(eb)]),
    ]);
  const listConditions = (eb: AnyEb) => conditions(eb, false);
  // What a walk by name tests on each contact before probing its transitions, from
  // contacts_workspace_name_cover_idx (migration 0014): the attribution filters and, in
  // the conversion perspective, the range (every transition of a contact has its entered
  // day). On SQLite the range is written `entered_day || ''`, or its planner takes it for
  // the way into contacts (an entered-day index) and sorts a year of them: the walk in
  // name order is the point. PostgreSQL needs the plain column, whose statistics tell it
  // how much of the walk the range keeps (given an expression, it guesses 0.5% and
  // probes every contact of the range instead).
  // The agent filter is the transition's, not the contact's: under it, a short list's
  // contacts are taken first (agentSet, from pipeline_events_stage_agent_idx
  // alone, migration 0014), and the walk probes only those instead of every contact it
  // passes; a long list (the leads) is walked as it is.
  const enteredDay =
    engineOf(db) === 'sqlite'
      ? sql<string>`${sql.ref('c.entered_day')} || ''`
      : sql.ref<string>('c.entered_day');
  // The agent's contacts for the list: its transitions of the stages in the range, from
  // pipeline_events_stage_agent_idx alone (migration 0014).
  const agentContacts = (from: Pick<LooseDb, 'selectFrom'>) =>
    from
      .selectFrom('pipeline_events as a')
      .select('a.contact_id')
      .where('a.workspace_id', '=', scope.workspace.id)
      .where('a.stage', 'in', [...query.stages])
      .where('a.entered_day', '>=', scope.startDate)
      .where('a.entered_day', '<=', scope.endDate)
      .where((eb) =>
        eb.and(
          dimensionConditions(eb, agentsOnly, { sentinel: false, withAgents: true, alias: 'a' }),
        ),
      );
  let agentSet: ((eb: AnyEb) => Expression<SqlBool>) | null = null;
  const contactConditions = (eb: AnyEb): Expression<SqlBool> =>
    eb.and([
      eb('c.workspace_id', '=', scope.workspace.id),
      ...dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: false, alias: 'c' }),
      ...(conversion
        ? [eb(enteredDay, '>=', scope.startDate), eb(enteredDay, '<=', scope.endDate)]
        : []),
      ...(agentSet ? [agentSet(eb)] : []),
    ]);
  /**
   * How a walk keeps to the agent's contacts. SQLite takes the subquery as a set it
   * builds once and tests on each contact it walks by. PostgreSQL plans the same
   * condition (a subquery or an array) as a scan of every contact of the range and a
   * sort, some ten times slower. There the walk is first a bounded read of the name index
   * (LIMIT inside, enough contacts for the page with room to spare, read again with more
   * if it falls short) hash-joined with the agent's contacts, which gives the page's
   * contacts in name order; the list's query then reads those contacts' rows only. Each
   * contact of the set has a row of the list (shows kept by qualification excepted: those
   * take no set).
   */
  const readAgentSet = async (
    bound: number,
    contacts: number,
  ): Promise<(eb: AnyEb) => Expression<SqlBool>> => {
    if (engineOf(db) === 'sqlite') return (eb) => eb('c.id', 'in', agentContacts(eb));
    const wanted = query.offset + query.limit + 1;
    let walk = Math.ceil(
      ((wanted * contacts) / Math.max(bound, 1)) * (query.agentWalkMargin ?? AGENT_WALK_MARGIN),
    );
    for (;;) {
      // The contact count is cached for a minute: the last pass reads the whole name
      // order, so contacts added since are never missed at the end of the list.
      const whole = walk >= contacts;
      const chosen = await loose(db)
        .selectFrom((eb) =>
          eb
            .selectFrom('contacts as c')
            .select(['c.id', 'c.first_name', 'c.last_name'])
            .where(contactConditions)
            .orderBy('c.first_name')
            .orderBy('c.last_name')
            .orderBy('c.id')
            .$if(!whole, (qb) => qb.limit(walk))
            .as('w'),
        )
        .select('w.id')
        .where((eb) => eb('w.id', 'in', agentContacts(eb)))
        .orderBy('w.first_name')
        .orderBy('w.last_name')
        .orderBy('w.id')
        .limit(wanted)
        .execute();
      if (chosen.length >= wanted || whole) {
        const ids = chosen.map((row) => String(row.id));
        return (eb) => (ids.length > 0 ? eb('c.id', 'in', ids) : sql<SqlBool>`false`);
      }
      walk *= 4;
    }
  };

  // Rows of the stages in the range: the total of a plain list, a bound for the others.
  const counts = query.counts ?? (await stageCounts(db, scope, { stages: query.stages }));
  const stageRows = query.stages.reduce((n, stage) => n + counts[stage], 0);
  let total: number | null = stageRows;
  if (query.qualifiedShows !== undefined) {
    const row = await loose(db)
      .selectFrom('pipeline_events as t')
      .where(listConditions)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    total = Number(row?.total ?? 0);
  } else if (query.distinctContacts) {
    total = null;
  }
  const bound = total ?? stageRows;
  if (bound === 0 || query.offset >= bound) return { rows: [], total, more: false };

  const contacts = await contactsInWorkspace(db, scope.workspace.id);
  const byName = query.plan ? query.plan === 'byName' : readsByName(bound, query, contacts);
  if (
    byName &&
    conversion &&
    (engineOf(db) === 'sqlite' || query.qualifiedShows === undefined) &&
    scope.dims.agentIds !== null &&
    bound * AGENT_SET_SHARE < contacts
  ) {
    agentSet = await readAgentSet(bound, contacts);
  }
  const contactColumns = [
    'c.id',
    'c.module',
    'c.first_name',
    'c.last_name',
    'c.lead_source_id',
    'c.campaign_id',
    'c.case_type_key',
    'c.sub_case_type_key',
    'c.qualification',
  ] as const;
  // Only shows need the unqualified-at-appointment flag (an EXISTS per row).
  const withShowFlag = query.stages.includes('show');
  const limit = query.distinctContacts ? query.limit + 1 : query.limit;
  let rows: Record<string, string | number | null>[];
  if (query.distinctContacts) {
    // One row per contact with a transition of the list: EXISTS, so no grouping.
    const listed = (eb: AnyEb, stages: readonly PipelineStage[]) =>
      eb.exists(
        eb
          .selectFrom('pipeline_events as t')
          .select('t.id')
          .whereRef('t.contact_id', '=', 'c.id')
          .where((inner) => conditions(inner, true))
          .where('t.stage', 'in', [...stages]),
      );
    // By name: walk the contacts in name order, probing each (EXISTS); sorted: the list's
    // contacts first (IN), then sorted.
    rows = await loose(db)
      .selectFrom('contacts as c')
      .where((eb) =>
        byName ? contactConditions(eb) : eb('c.workspace_id', '=', scope.workspace.id),
      )
      .where((eb) =>
        byName
          ? listed(eb, query.stages)
          : eb(
              'c.id',
              'in',
              eb.selectFrom('pipeline_events as t').select('t.contact_id').where(listConditions),
            ),
      )
      .select(contactColumns)
      .orderBy('c.first_name')
      .orderBy('c.last_name')
      .orderBy('c.id')
      .limit(limit)
      .offset(query.offset)
      .execute();
  } else {
    // By name: contacts first (a cross join keeps SQLite's loop order; the condition
    // joins them), so the name index gives the order; sorted: transitions first.
    const joined = byName
      ? loose(db)
          .selectFrom('contacts as c')
          .crossJoin('pipeline_events as t')
          .whereRef('t.contact_id', '=', 'c.id')
          .where(contactConditions)
      : loose(db)
          .selectFrom('pipeline_events as t')
          .innerJoin('contacts as c', 'c.id', 't.contact_id');
    rows = await joined
      .where((eb) => conditions(eb, byName))
      .select((eb) => [
        ...contactColumns,
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
  // Unqualified at an appointment in the range (shows); a new-lead transition of the list
  // (the distinct leads list; a transition row says it itself).
  const unqualified = withShowFlag
    ? await having('unqualified_at_appt', (eb) =>
        eb.and([eb(day, '>=', scope.startDate), eb(day, '<=', scope.endDate)]),
      )
    : new Set<string>();
  const newLeads = query.distinctContacts
    ? await having('new_lead', (eb) => conditions(eb, true))
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
