import { sql } from 'kysely';
import {
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type CrmModule,
  type PipelineStage,
} from '@/shared/contracts/reports/pipeline-stages';
import type {
  NoShowsResponse,
  ObjectionsResponse,
  RoiResponse,
} from '@/shared/contracts/reports/sales';
import type { TotalPipelineResponse } from '@/shared/contracts/reports/pclc';
import { ratePercent } from '@/shared/domain/funnel-rates';
import type { Db } from '../db/database';
import { addDays, daysBetween, daysInMonth, monthOf } from '../records/workspace-days';
import { CONTACT_ROW_COLUMNS, contactLabels } from './funnel-contacts';
import {
  attributedRows,
  countTransitions,
  type DimensionColumn,
  dimensionConditions,
} from './pipeline-counts';
import {
  type DimensionFilter,
  filtersBeyondLeadSource,
  filtersByCampaign,
  loose,
  type ReportScope,
} from './report-scope';
import { compareLabels } from '@/shared/domain/sorting';
import { centsToDollars } from '@/shared/domain/money';

/**
 * Monthly spend of each source prorated to the days of a range, in cents: the source's
 * own spend (marketing_spend) plus its shares of campaigns' spend as Settings > Campaign
 * apportion split them (campaign_spend_shares, issue #16).
 */
export async function spendBySource(
  db: Db,
  scope: ReportScope,
  range: { startDate: string; endDate: string } = scope,
): Promise<Map<string, Map<string, number>>> {
  const [own, apportioned] = await Promise.all([
    db
      .selectFrom('marketing_spend')
      .select(['lead_source_id', 'month', 'amount_cents'])
      .where('workspace_id', '=', scope.workspace.id)
      .where('month', '>=', monthOf(range.startDate))
      .where('month', '<=', monthOf(range.endDate))
      .execute(),
    db
      .selectFrom('campaign_spend_shares')
      .select(['lead_source_id', 'month', 'amount_cents'])
      .where('workspace_id', '=', scope.workspace.id)
      .where('month', '>=', monthOf(range.startDate))
      .where('month', '<=', monthOf(range.endDate))
      .execute(),
  ]);
  const result = new Map<string, Map<string, number>>();
  for (const row of [...own, ...apportioned]) {
    const first = `${row.month}-01`;
    const last = `${row.month}-${String(daysInMonth(row.month)).padStart(2, '0')}`;
    const from = first > range.startDate ? first : range.startDate;
    const to = last < range.endDate ? last : range.endDate;
    const share = (daysBetween(from, to) + 1) / daysInMonth(row.month);
    let months = result.get(row.lead_source_id);
    if (!months) result.set(row.lead_source_id, (months = new Map()));
    months.set(row.month, (months.get(row.month) ?? 0) + row.amount_cents * share);
  }
  return result;
}

/** POST reports/roi: spend, leads, hires and revenue per lead source. */
export async function roi(db: Db, scope: ReportScope): Promise<RoiResponse['data']> {
  const [counts, spend, revenueRows] = await Promise.all([
    countTransitions(db, scope, { groupBy: 'lead_source_id', stages: ['new_lead', 'hire'] }),
    spendBySource(db, scope),
    revenueBySource(db, scope),
  ]);
  const revenue = new Map(revenueRows.map((r) => [String(r.source ?? ''), Number(r.cents)]));
  const hidden = new Set(scope.dims.hiddenSourceIds);
  const row = (spendCents: number, leads: number, hires: number, revenueCents: number) => ({
    spend: centsToDollars(spendCents),
    leads,
    hires,
    revenue: centsToDollars(revenueCents),
    costPerLead: leads > 0 && spendCents > 0 ? centsToDollars(spendCents / leads) : null,
    costPerHire: hires > 0 && spendCents > 0 ? centsToDollars(spendCents / hires) : null,
    roi: spendCents > 0 ? ratePercentSigned(revenueCents - spendCents, spendCents) : null,
  });
  const rows = scope.workspace.leadSources
    .filter((s) => !hidden.has(s.id))
    .filter((s) => !scope.dims.leadSourceIds || scope.dims.leadSourceIds.includes(s.id))
    .map((s) => {
      const spendCents = [...(spend.get(s.id)?.values() ?? [])].reduce((a, b) => a + b, 0);
      const c = counts.get(s.id);
      return {
        id: s.id,
        label: s.label,
        spendCents,
        leads: c?.new_lead ?? 0,
        hires: c?.hire ?? 0,
        revenue: revenue.get(s.id) ?? 0,
      };
    })
    .filter((r) => r.spendCents > 0 || r.leads > 0 || r.revenue > 0);
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    totals: row(
      sum((r) => r.spendCents),
      sum((r) => r.leads),
      sum((r) => r.hires),
      sum((r) => r.revenue),
    ),
    rows: rows.map((r) => ({
      leadSourceId: r.id,
      leadSource: r.label,
      ...row(r.spendCents, r.leads, r.hires, r.revenue),
    })),
  };
}

/**
 * Payments collected in the range per lead source: from the payments_daily rollup when
 * only lead sources filter, else from the payments, which carry their contact's
 * attribution (migration 0015; an index per filter answers it).
 */
async function revenueBySource(db: Db, scope: ReportScope) {
  const { dims } = scope;
  if (!filtersBeyondLeadSource(dims)) {
    return loose(db)
      .selectFrom('payments_daily as t')
      .where('t.workspace_id', '=', scope.workspace.id)
      .where('t.day', '>=', scope.startDate)
      .where('t.day', '<=', scope.endDate)
      .where((eb) => eb.and(dimensionConditions(eb, dims, { sentinel: true, withAgents: false })))
      .select((eb) => [
        't.lead_source_id as source',
        eb.fn.sum<number>('t.amount_paid_cents').as('cents'),
      ])
      .groupBy('t.lead_source_id')
      .execute();
  }
  return attributedRows(db, scope, 'payments', 'paid_day')
    .select((eb) => [
      't.lead_source_id as source',
      eb.fn.sum<number>('t.amount_paid_cents').as('cents'),
    ])
    .groupBy('t.lead_source_id')
    .execute();
}

function ratePercentSigned(numerator: number, denominator: number): number {
  return Math.round((numerator / denominator) * 10_000) / 100;
}

/** GET reports/objections: unqualified and no-hire transitions with their reason. */
export async function objections(
  db: Db,
  scope: ReportScope,
  by: 'objection' | 'agent' | 'leadSource',
  order: 'asc' | 'desc',
): Promise<ObjectionsResponse['data']> {
  const column =
    by === 'objection' ? 't.objection_id' : by === 'agent' ? 't.agent_id' : 't.lead_source_id';
  const [rows, names] = await Promise.all([
    loose(db)
      .selectFrom('pipeline_events as t')
      .where('t.workspace_id', '=', scope.workspace.id)
      .where('t.stage', 'in', ['unqualified_at_lead', 'unqualified_at_appt', 'no_hire'])
      .where('t.day', '>=', scope.startDate)
      .where('t.day', '<=', scope.endDate)
      .where('t.objection_id', 'is not', null)
      .where((eb) =>
        eb.and(dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true })),
      )
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll<number>().as('count')])
      .groupBy(column)
      .execute(),
    db
      .selectFrom('objections')
      .select(['id', 'name'])
      .where('workspace_id', '=', scope.workspace.id)
      .execute(),
  ]);
  const labels = new Map<string, string>([
    ...names.map((o) => [o.id, o.name] as const),
    ...scope.workspace.agents.map((a) => [a.id, a.name] as const),
    ...scope.workspace.leadSources.map((s) => [s.id, s.label] as const),
  ]);
  const total = rows.reduce((t, r) => t + Number(r.count), 0);
  const sign = order === 'asc' ? 1 : -1;
  return {
    total,
    rows: rows
      .map((r) => {
        const id = String(r.key ?? '');
        return {
          id,
          name: id === '' ? 'Unknown' : (labels.get(id) ?? id),
          count: Number(r.count),
          percent: ratePercent(Number(r.count), total),
        };
      })
      .sort((a, b) => sign * (a.count - b.count) || compareLabels(a.name, b.name)),
  };
}

export const NO_SHOW_CONTACTS_LISTED = 1000;

/**
 * GET reports/noShows: appointments in the range whose contact did not come. Appointments
 * carry their contact's attribution (migration 0015), so the filters read them alone. The
 * counts come from the appointments_daily rollup when only lead sources filter, else from
 * the attribution index; the list, newest first, walks the (workspace_id, status,
 * scheduled_at) index from the end of the range, between instants a day wider than the
 * range (a local day is never more than a day away from its UTC instants) and then by the
 * local day itself, and joins only the listed appointments to their contact.
 */
export async function noShows(db: Db, scope: ReportScope): Promise<NoShowsResponse['data']> {
  const base = attributedRows(db, scope, 'appointments', 'scheduled_day');
  const totalsQuery = filtersBeyondLeadSource(scope.dims)
    ? base
        .where('t.status', 'in', ['showed', 'no_show'])
        .select((eb) => [
          eb.fn.countAll<number>().as('due'),
          eb.fn
            .sum<number>(eb.case().when('t.status', '=', 'no_show').then(1).else(0).end())
            .as('missed'),
        ])
    : loose(db)
        .selectFrom('appointments_daily as t')
        .where('t.workspace_id', '=', scope.workspace.id)
        .where('t.day', '>=', scope.startDate)
        .where('t.day', '<=', scope.endDate)
        .where('t.status', 'in', ['showed', 'no_show'])
        .where((eb) =>
          eb.and(dimensionConditions(eb, scope.dims, { sentinel: true, withAgents: false })),
        )
        .select((eb) => [
          eb.fn.sum<number>('t.count').as('due'),
          eb.fn
            .sum<number>(
              eb.case().when('t.status', '=', 'no_show').then(eb.ref('t.count')).else(0).end(),
            )
            .as('missed'),
        ]);
  const [totals, rows] = await Promise.all([
    totalsQuery.executeTakeFirst(),
    base
      .innerJoin('contacts as c', 'c.id', 't.contact_id')
      .where('t.status', '=', 'no_show')
      .where('t.scheduled_at', '>=', addDays(scope.startDate, -1))
      .where('t.scheduled_at', '<', addDays(scope.endDate, 2))
      .select([...CONTACT_ROW_COLUMNS, 't.scheduled_at', 't.consultant_id'])
      .orderBy('t.scheduled_at', 'desc')
      .orderBy('t.id')
      // A literal, not a parameter: knowing the limit, SQLite's planner walks the status-time
      // index in order and stops after it, instead of sorting a year of appointments.
      .limit(sql.lit(NO_SHOW_CONTACTS_LISTED))
      .execute(),
  ]);
  const labels = contactLabels(scope.workspace);
  const consultants = new Map(scope.workspace.consultants.map((c) => [c.id, c.name]));
  const due = Number(totals?.due ?? 0);
  const missed = Number(totals?.missed ?? 0);
  return {
    appointments: due,
    noShows: missed,
    noShowRate: ratePercent(missed, due),
    truncated: missed > rows.length,
    contacts: rows.map((r) => ({
      id: String(r.id),
      module: String(r.module) as CrmModule,
      name: `${r.first_name} ${r.last_name}`,
      ...labels({
        leadSourceId: (r.lead_source_id as string | null) ?? null,
        campaignId: (r.campaign_id as string | null) ?? null,
        caseTypeKey: (r.case_type_key as string | null) ?? null,
        subCaseTypeKey: (r.sub_case_type_key as string | null) ?? null,
      }),
      appointmentAt: String(r.scheduled_at),
      consultant: r.consultant_id ? (consultants.get(String(r.consultant_id)) ?? null) : null,
    })),
  };
}

/** Where Total Pipeline's counts come from: a contacts_daily dimension, or the contacts. */
export type ContactCountSource =
  | {
      dimension: 'all' | 'office' | 'campaign' | 'case' | 'sub_case' | 'agent';
      columns: Partial<Record<DimensionColumn, string>>;
    }
  | 'contacts';

/**
 * contacts_daily answers the filters of one family (office, campaign, case types, agent)
 * with lead sources; two families at once read the contacts (their covering index of
 * migration 0013).
 */
export function contactCountSource(dims: DimensionFilter): ContactCountSource {
  const families: ContactCountSource[] = [];
  if (dims.officeIds !== null)
    families.push({ dimension: 'office', columns: { office_id: 'value' } });
  if (filtersByCampaign(dims))
    families.push({ dimension: 'campaign', columns: { campaign_id: 'value' } });
  if (dims.caseTypes !== null)
    families.push({
      dimension: 'case',
      columns: { case_type_key: 'value', sub_case_type_key: 'detail' },
    });
  else if (dims.subCaseTypeKeys !== null)
    families.push({ dimension: 'sub_case', columns: { sub_case_type_key: 'value' } });
  if (dims.agentIds !== null) families.push({ dimension: 'agent', columns: { agent_id: 'value' } });
  if (families.length > 1) return 'contacts';
  return families[0] ?? { dimension: 'all', columns: {} };
}

/** GET reports/total-pipeline: contacts that entered in the range, by their stage now. */
export async function totalPipeline(
  db: Db,
  scope: ReportScope,
  forceSource?: ContactCountSource,
): Promise<TotalPipelineResponse['data']> {
  const source = forceSource ?? contactCountSource(scope.dims);
  const rows =
    source === 'contacts'
      ? await loose(db)
          .selectFrom('contacts as t')
          .where('t.workspace_id', '=', scope.workspace.id)
          .where('t.entered_day', '>=', scope.startDate)
          .where('t.entered_day', '<=', scope.endDate)
          .where((eb) =>
            eb.and(dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true })),
          )
          .select((eb) => ['t.status as status', eb.fn.countAll<number>().as('count')])
          .groupBy('t.status')
          .execute()
      : await loose(db)
          .selectFrom('contacts_daily as t')
          .where('t.workspace_id', '=', scope.workspace.id)
          .where('t.dimension', '=', source.dimension)
          .where('t.day', '>=', scope.startDate)
          .where('t.day', '<=', scope.endDate)
          .where((eb) =>
            eb.and(
              dimensionConditions(eb, scope.dims, {
                sentinel: true,
                withAgents: true,
                columns: source.columns,
              }),
            ),
          )
          .select((eb) => ['t.status as status', eb.fn.sum<number>('t.count').as('count')])
          .groupBy('t.status')
          .execute();
  const counts = new Map(rows.map((r) => [String(r.status), Number(r.count)]));
  const stages = PIPELINE_STAGES.map((stage: PipelineStage) => ({
    stage,
    label: PIPELINE_STAGE_LABELS[stage],
    count: counts.get(stage) ?? 0,
  }));
  return { total: stages.reduce((t, s) => t + s.count, 0), stages };
}
