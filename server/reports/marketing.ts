import type {
  MarketingIntelligenceResponse,
  MarketingOverviewResponse,
} from '@/shared/contracts/reports/marketing-intelligence';
import { ratePercent } from '@/shared/domain/funnel-rates';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { addMonths, monthOf } from '../records/workspace-days';
import { groupedCounts } from './pipeline-counts';
import { resolveCaseTypes, type ReportScope } from './report-scope';
import { spendBySource } from './sales-reports';
import { channelLabel } from '@/shared/domain/marketing-channels';
import { compareLabels } from '@/shared/domain/sorting';
import { centsToDollars } from '@/shared/domain/money';

/**
 * The practiceArea parameter: 'all', a case type (id, key or label), or n = the
 * workspace's n-th practice area (1-based), matched to the case type of that name.
 */
export function practiceAreaScope(scope: ReportScope, practiceArea: string): ReportScope {
  if (practiceArea.toLowerCase() === 'all') return scope;
  let value = practiceArea;
  if (/^\d+$/.test(practiceArea)) {
    const area = scope.workspace.practiceAreas[Number(practiceArea) - 1];
    if (!area) {
      throw badRequest(
        `practiceArea: there is no practice area ${practiceArea} (this workspace has ${scope.workspace.practiceAreas.length})`,
      );
    }
    value = area.name;
  }
  const caseTypes = resolveCaseTypes('practiceArea', scope.workspace, [value]);
  return { ...scope, dims: { ...scope.dims, caseTypes } };
}

function sourceScope(scope: ReportScope, source: string): ReportScope {
  if (source === 'all' || source === '1') return scope;
  const known = scope.workspace.leadSources.some(
    (s) => s.id === source && !scope.dims.hiddenSourceIds.includes(s.id),
  );
  if (!known) throw badRequest(`source: unknown lead source ${source}`);
  return { ...scope, dims: { ...scope.dims, leadSourceIds: [source] } };
}

function monthsUpTo(today: string, count: number): string[] {
  const last = monthOf(today);
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/** GET reports/marketing-intelligence: leads, hires and spend per month and group. */
export async function marketingIntelligence(
  db: Db,
  base: ReportScope,
  input: {
    practiceArea: string;
    category: 'channels' | 'sources' | 'campaigns';
    source: string;
    months: number;
  },
): Promise<MarketingIntelligenceResponse['data']> {
  const scope = sourceScope(practiceAreaScope(base, input.practiceArea), input.source);
  const months = monthsUpTo(scope.today, input.months);
  const range = { startDate: `${months[0]}-01`, endDate: scope.today };
  const areaScope = scope.dims.caseTypes !== null;
  const [counts, spend, allLeads] = await Promise.all([
    groupedCounts(db, scope, {
      groupBy:
        input.category === 'campaigns'
          ? ['day', 'lead_source_id', 'campaign_id']
          : ['day', 'lead_source_id'],
      stages: ['new_lead', 'hire'],
      range,
      perspective: 'snapshot',
    }),
    spendBySource(db, scope, range),
    // Spend is bought per source, not per practice area: with a practice area, each
    // source's monthly spend is shared in proportion to its leads in that area.
    areaScope
      ? groupedCounts(
          db,
          { ...scope, dims: { ...scope.dims, caseTypes: null } },
          {
            groupBy: ['day', 'lead_source_id'],
            stages: ['new_lead'],
            range,
            perspective: 'snapshot',
          },
        )
      : Promise.resolve([]),
  ]);
  const allSourceMonthLeads = new Map<string, number>();
  for (const { keys, counts: c } of allLeads) {
    const id = `${keys[1]}|${months.indexOf(monthOf(keys[0]))}`;
    allSourceMonthLeads.set(id, (allSourceMonthLeads.get(id) ?? 0) + c.new_lead);
  }
  const sources = new Map(scope.workspace.leadSources.map((s) => [s.id, s]));
  const campaigns = new Map(scope.workspace.campaigns.map((c) => [c.id, c]));
  const groupOf = (sourceId: string, campaignId?: string): { key: string; label: string } => {
    if (input.category === 'campaigns') {
      return campaignId
        ? { key: campaignId, label: campaigns.get(campaignId)?.label ?? campaignId }
        : { key: '', label: 'No campaign' };
    }
    const source = sources.get(sourceId);
    if (input.category === 'sources') return { key: sourceId, label: source?.label ?? 'Unknown' };
    const medium = source?.medium ?? 'unknown';
    return { key: medium, label: channelLabel(medium) };
  };
  interface Row {
    key: string;
    label: string;
    leads: number[];
    hires: number[];
    spend: number[];
  }
  const rows = new Map<string, Row>();
  const rowFor = (group: { key: string; label: string }) => {
    let row = rows.get(group.key);
    if (!row) {
      row = {
        ...group,
        leads: months.map(() => 0),
        hires: months.map(() => 0),
        spend: months.map(() => 0),
      };
      rows.set(group.key, row);
    }
    return row;
  };
  // Leads per source and month, to share a source's spend among its campaigns.
  const sourceMonthLeads = new Map<string, number>();
  for (const { keys, counts: c } of counts) {
    const monthIndex = months.indexOf(monthOf(keys[0]));
    if (monthIndex < 0) continue;
    const row = rowFor(groupOf(keys[1], keys[2]));
    row.leads[monthIndex] += c.new_lead;
    row.hires[monthIndex] += c.hire;
    const id = `${keys[1]}|${monthIndex}`;
    sourceMonthLeads.set(id, (sourceMonthLeads.get(id) ?? 0) + c.new_lead);
  }
  for (const [sourceId, byMonth] of spend) {
    if (scope.dims.hiddenSourceIds.includes(sourceId)) continue;
    if (scope.dims.leadSourceIds && !scope.dims.leadSourceIds.includes(sourceId)) continue;
    for (const [month, sourceCents] of byMonth) {
      const monthIndex = months.indexOf(month);
      if (monthIndex < 0) continue;
      const areaLeads = sourceMonthLeads.get(`${sourceId}|${monthIndex}`) ?? 0;
      const cents = areaScope
        ? (sourceCents * areaLeads) /
          Math.max(1, allSourceMonthLeads.get(`${sourceId}|${monthIndex}`) ?? 0)
        : sourceCents;
      if (cents === 0) continue;
      if (input.category !== 'campaigns') {
        rowFor(groupOf(sourceId)).spend[monthIndex] += cents;
        continue;
      }
      const total = sourceMonthLeads.get(`${sourceId}|${monthIndex}`) ?? 0;
      if (total === 0) continue;
      for (const { keys, counts: c } of counts) {
        if (keys[1] !== sourceId || monthOf(keys[0]) !== month || c.new_lead === 0) continue;
        rowFor(groupOf(sourceId, keys[2])).spend[monthIndex] += (cents * c.new_lead) / total;
      }
    }
  }
  const result = [...rows.values()]
    .map((row) => {
      const totalLeads = row.leads.reduce((a, b) => a + b, 0);
      const totalHires = row.hires.reduce((a, b) => a + b, 0);
      const totalSpend = row.spend.reduce((a, b) => a + b, 0);
      return {
        key: row.key,
        label: row.label,
        leads: row.leads,
        hires: row.hires,
        spend: row.spend.map(centsToDollars),
        totalLeads,
        totalHires,
        totalSpend: centsToDollars(totalSpend),
        costPerLead:
          totalLeads > 0 && totalSpend > 0 ? centsToDollars(totalSpend / totalLeads) : null,
        costPerHire:
          totalHires > 0 && totalSpend > 0 ? centsToDollars(totalSpend / totalHires) : null,
      };
    })
    .sort((a, b) => b.totalLeads - a.totalLeads || compareLabels(a.label, b.label));
  return { category: input.category, practiceArea: input.practiceArea, months, rows: result };
}

/** GET reports/marketing-intelligence/overview: the last 12 months by channel. */
export async function marketingOverview(
  db: Db,
  base: ReportScope,
  practiceArea: string,
): Promise<MarketingOverviewResponse['data']> {
  const detail = await marketingIntelligence(db, base, {
    practiceArea,
    category: 'channels',
    source: 'all',
    months: 12,
  });
  const leads = detail.rows.reduce((t, r) => t + r.totalLeads, 0);
  const hires = detail.rows.reduce((t, r) => t + r.totalHires, 0);
  const spend = Math.round(detail.rows.reduce((t, r) => t + r.totalSpend, 0) * 100) / 100;
  return {
    practiceArea,
    months: 12,
    leads,
    hires,
    hireRate: ratePercent(hires, leads),
    spend,
    costPerHire: hires > 0 && spend > 0 ? Math.round((spend / hires) * 100) / 100 : null,
    channels: detail.rows.map((r) => ({
      key: r.key,
      label: r.label,
      leads: r.totalLeads,
      hires: r.totalHires,
      share: ratePercent(r.totalLeads, leads),
    })),
  };
}
