import type { ExpressionBuilder } from 'kysely';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcContactRow, PclcStat } from '@/shared/contracts/reports/pclc';
import type { CrmModule, PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import type { Db } from '../db/database';
import { dimensionConditions, groupedCounts, stageCounts } from './pipeline-counts';
import { loose, type ReportScope, type WorkspaceLookupSet } from './report-scope';

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
const WALK_MIN_ROWS = 20_000;
const WALK_MAX_CONTACTS = 200_000;

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
  // leave out the workspace: the contact fixes it, and without it the only index that
  // fits is the one on contact_id (SQLite otherwise reads the range for every contact).
  const conditions = (eb: AnyEb, perContact: boolean) =>
    eb.and([
      ...(perContact ? [] : [eb('t.workspace_id', '=', scope.workspace.id)]),
      eb('t.stage', 'in', [...query.stages]),
      eb(day, '>=', scope.startDate),
      eb(day, '<=', scope.endDate),
      ...dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true }),
      ...(query.qualifiedShows === undefined
        ? []
        : [query.qualifiedShows ? eb.not(unqualifiedAtAppt(eb)) : unqualifiedAtAppt(eb)]),
    ]);
  const listConditions = (eb: AnyEb) => conditions(eb, false);

  // Rows of the stages in the range: the total of a plain list, a bound for the others.
  const stageRows = (await groupedCounts(db, scope, { stages: query.stages })).reduce(
    (sum, group) => sum + query.stages.reduce((n, stage) => n + group.counts[stage], 0),
    0,
  );
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

  const byName = query.plan
    ? query.plan === 'byName'
    : readsByName(bound, query, await contactsInWorkspace(db, scope.workspace.id));
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
    // One row per contact with a transition of the list: EXISTS, so no grouping; the
    // new-lead flag is a second EXISTS.
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
      .where('c.workspace_id', '=', scope.workspace.id)
      .where((eb) =>
        byName
          ? listed(eb, query.stages)
          : eb(
              'c.id',
              'in',
              eb.selectFrom('pipeline_events as t').select('t.contact_id').where(listConditions),
            ),
      )
      .select((eb) => [
        ...contactColumns,
        eb
          .case()
          .when(listed(eb, ['new_lead']))
          .then(1)
          .else(0)
          .end()
          .as('new_lead'),
        eb.lit(0).as('unqualified_at_appt'),
      ])
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
          .where('c.workspace_id', '=', scope.workspace.id)
      : loose(db)
          .selectFrom('pipeline_events as t')
          .innerJoin('contacts as c', 'c.id', 't.contact_id');
    rows = await joined
      .where((eb) => conditions(eb, byName))
      .select((eb) => [
        ...contactColumns,
        eb.case().when('t.stage', '=', 'new_lead').then(1).else(0).end().as('new_lead'),
        (withShowFlag ? eb.case().when(unqualifiedAtAppt(eb)).then(1).else(0).end() : eb.lit(0)).as(
          'unqualified_at_appt',
        ),
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
  return {
    total,
    more,
    rows: rows.slice(0, query.limit).map((row) => ({
      id: String(row.id),
      module: String(row.module),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      leadSourceId: (row.lead_source_id as string | null) ?? null,
      campaignId: (row.campaign_id as string | null) ?? null,
      caseTypeKey: (row.case_type_key as string | null) ?? null,
      subCaseTypeKey: (row.sub_case_type_key as string | null) ?? null,
      qualification: String(row.qualification),
      unqualifiedAtAppt: Number(row.unqualified_at_appt) === 1,
      newLead: Number(row.new_lead) === 1,
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
  const page = { limit: contactsLimit, offset: 0 };
  const [leads, shows, hires, noHires, filed, counts] = await Promise.all([
    stageContacts(db, scope, {
      stages: ['new_lead', 'qualified', 'unqualified_at_lead'],
      distinctContacts: true,
      ...page,
    }),
    stageContacts(db, scope, { stages: ['show'], ...page }),
    stageContacts(db, scope, { stages: ['hire'], ...page }),
    stageContacts(db, scope, { stages: ['no_hire'], ...page }),
    stageContacts(db, scope, { stages: ['filed'], ...page }),
    stageCounts(db, scope, { stages: ['new_lead', 'show', 'hire', 'no_hire', 'filed'] }),
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
