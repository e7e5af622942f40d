import type { ExpressionBuilder } from 'kysely';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcContactRow, PclcStat } from '@/shared/contracts/reports/pclc';
import type { CrmModule, PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import type { Db } from '../db/database';
import { dimensionConditions } from './pipeline-counts';
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
}

/** Rows (one page) and the total for a stage query. */
export async function stageContacts(
  db: Db,
  scope: ReportScope,
  query: StageQuery,
): Promise<{ rows: StageContact[]; total: number }> {
  const day = scope.perspective === 'conversion' ? 't.entered_day' : 't.day';
  const uDay = scope.perspective === 'conversion' ? 'u.entered_day' : 'u.day';
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
  const base = loose(db)
    .selectFrom('pipeline_events as t')
    .where('t.workspace_id', '=', scope.workspace.id)
    .where('t.stage', 'in', [...query.stages])
    .where(day, '>=', scope.startDate)
    .where(day, '<=', scope.endDate)
    .where((eb) =>
      eb.and([
        ...dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true }),
        ...(query.qualifiedShows === undefined
          ? []
          : [query.qualifiedShows ? eb.not(unqualifiedAtAppt(eb)) : unqualifiedAtAppt(eb)]),
      ]),
    );

  const totalRow = await base
    .select((eb) =>
      (query.distinctContacts
        ? eb.fn.count<number>('t.contact_id').distinct()
        : eb.fn.countAll<number>()
      ).as('total'),
    )
    .executeTakeFirst();
  const total = Number(totalRow?.total ?? 0);
  if (total === 0 || query.offset >= total) return { rows: [], total };

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
  // Only shows need the unqualified-at-appointment flag (an EXISTS per row), and only the
  // distinct lead list groups (by the contact's key, so PostgreSQL accepts its columns).
  const withShowFlag = query.stages.includes('show');
  const joined = base.innerJoin('contacts as c', 'c.id', 't.contact_id');
  const page = query.distinctContacts
    ? joined
        .select((eb) => [
          ...contactColumns,
          eb.fn
            .max(eb.case().when('t.stage', '=', 'new_lead').then(1).else(0).end())
            .as('new_lead'),
          eb.lit(0).as('unqualified_at_appt'),
        ])
        .groupBy('c.id')
    : joined.select((eb) => [
        ...contactColumns,
        eb.case().when('t.stage', '=', 'new_lead').then(1).else(0).end().as('new_lead'),
        (withShowFlag ? eb.case().when(unqualifiedAtAppt(eb)).then(1).else(0).end() : eb.lit(0)).as(
          'unqualified_at_appt',
        ),
      ]);
  const rows = await page
    .orderBy('c.first_name')
    .orderBy('c.last_name')
    .orderBy('c.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return {
    total,
    rows: rows.map((row) => ({
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
    total,
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
  const [leads, newLeads, shows, hires, noHires, filed] = await Promise.all([
    stageContacts(db, scope, {
      stages: ['new_lead', 'qualified', 'unqualified_at_lead'],
      distinctContacts: true,
      ...page,
    }),
    stageContacts(db, scope, { stages: ['new_lead'], limit: 1, offset: 0 }),
    stageContacts(db, scope, { stages: ['show'], ...page }),
    stageContacts(db, scope, { stages: ['hire'], ...page }),
    stageContacts(db, scope, { stages: ['no_hire'], ...page }),
    stageContacts(db, scope, { stages: ['filed'], ...page }),
  ]);
  return {
    LEADS: newLeads.total,
    SHOWS: shows.total,
    HIRES: hires.total,
    FILED: filed.total,
    NOHIRES: noHires.total,
    LEADSCONTACTS: leads.rows.map((c) => positional(c, qualificationLabel(c.qualification))),
    SHOWSCONTACTS: shows.rows.map((c) =>
      positional(c, c.unqualifiedAtAppt ? 'Unqualified' : 'Qualified'),
    ),
    HIRESCONTACTS: hires.rows.map((c) => positional(c, 'Hired')),
    FILEDCONTACTS: filed.rows.map((c) => positional(c, 'Filed')),
    NOHIRESCONTACTS: noHires.rows.map((c) => positional(c, 'Not Hired')),
    TRUNCATED: [leads, shows, hires, noHires, filed].some((list) => list.total > list.rows.length),
  };
}
