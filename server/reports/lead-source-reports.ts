import { leadGenGoalsSchema } from '@/shared/contracts/goals';
import type {
  LeadSourceRankingV2Row,
  RankingMetric,
} from '@/shared/contracts/reports/lead-source-ranking';
import type { LeadsByLeadSourceRow } from '@/shared/contracts/reports/leads-by-lead-source';
import type { PclcByLeadSourceRow } from '@/shared/contracts/reports/pclc';
import { daysInRange } from '@/shared/domain/date-range';
import { scaleLeadGenGoals } from '@/shared/domain/goals';
import { compareCodes, compareLabels } from '@/shared/domain/sorting';
import type { Db } from '../db/database';
import { addDays, daysInMonth } from '../records/workspace-days';
import { pclcData } from './funnel';
import { countTransitions, type StageCounts } from './pipeline-counts';
import type { ReportScope } from './report-scope';

export const UNKNOWN_SOURCE_LABEL = 'Unknown';

function sourceLabels(scope: ReportScope) {
  const labels = new Map(scope.workspace.leadSources.map((s) => [s.id, s.label]));
  return (id: string) => (id === '' ? UNKNOWN_SOURCE_LABEL : (labels.get(id) ?? id));
}

/** spec: dashboards 3 Leads by lead source — new leads per source, most first. */
export async function leadsByLeadSource(
  db: Db,
  scope: ReportScope,
): Promise<LeadsByLeadSourceRow[]> {
  const counts = await countTransitions(db, scope, {
    groupBy: 'lead_source_id',
    stages: ['new_lead'],
  });
  const label = sourceLabels(scope);
  return [...counts.entries()]
    .filter(([, c]) => c.new_lead > 0)
    .map(([id, c]) => ({ id, label: label(id), leads: c.new_lead }))
    .sort(
      (a, b) => b.leads - a.leads || compareLabels(a.label, b.label) || compareCodes(a.id, b.id),
    )
    .map(({ id, label: name, leads }) => ({
      LEADSOURCEID: id === '' ? null : id,
      LEADSOURCE: name,
      LEADS: String(leads),
    }));
}

const anyCount = (c: StageCounts) => Object.values(c).some((n) => n > 0);

/** One funnel per lead source with anything in the range, by label. */
export async function pclcByLeadSource(db: Db, scope: ReportScope): Promise<PclcByLeadSourceRow[]> {
  const counts = await countTransitions(db, scope, { groupBy: 'lead_source_id' });
  const label = sourceLabels(scope);
  return [...counts.entries()]
    .filter(([, c]) => anyCount(c))
    .map(([id, c]) => ({
      LEADSOURCEID: id === '' ? null : id,
      LEADSOURCE: label(id),
      ...pclcData(c),
    }))
    .sort((a, b) => compareLabels(a.LEADSOURCE, b.LEADSOURCE));
}

/** The same calendar day `months` months earlier (clamped to the month's last day). */
export function shiftMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return `${month}-${String(Math.min(d, daysInMonth(month))).padStart(2, '0')}`;
}

const METRIC_STAGE = { leads: 'new_lead', sets: 'set', shows: 'show', hires: 'hire' } as const;

interface RankingInput {
  months: number;
  status: 'Active' | 'Inactive' | 'All';
  lastYearMetric: RankingMetric;
}

/**
 * Lead-source ranking v2: the last `months` months up to today, each visible source of
 * the chosen status with anything in the period, ranked by leads.
 */
export async function leadSourceRankingV2(
  db: Db,
  scope: ReportScope,
  input: RankingInput,
): Promise<{ startDate: string; endDate: string; months: number; rows: LeadSourceRankingV2Row[] }> {
  const endDate = scope.today;
  const startDate = addDays(shiftMonths(endDate, -input.months), 1);
  const lastYear = { startDate: shiftMonths(startDate, -12), endDate: shiftMonths(endDate, -12) };
  const [now, before] = await Promise.all([
    countTransitions(db, scope, { groupBy: 'lead_source_id', range: { startDate, endDate } }),
    countTransitions(db, scope, {
      groupBy: 'lead_source_id',
      range: lastYear,
      stages: [METRIC_STAGE[input.lastYearMetric]],
    }),
  ]);
  const days = daysInRange({ startDate, endDate });
  const hidden = new Set(scope.dims.hiddenSourceIds);
  const rows = scope.workspace.leadSources
    .filter((s) => !hidden.has(s.id))
    .filter((s) => input.status === 'All' || s.active === (input.status === 'Active'))
    .map((source) => ({ source, counts: now.get(source.id) }))
    .filter(
      (x): x is { source: (typeof x)['source']; counts: StageCounts } =>
        x.counts !== undefined && anyCount(x.counts),
    )
    .map(({ source, counts }) => {
      const funnel = pclcData(counts);
      const metricNow = counts[METRIC_STAGE[input.lastYearMetric]];
      const metricBefore = before.get(source.id)?.[METRIC_STAGE[input.lastYearMetric]] ?? 0;
      const parsedSettings = source.settings ? leadGoal(source.settings) : null;
      const goal = parsedSettings ? scaleLeadGenGoals(parsedSettings, days) : null;
      return {
        rank: 0,
        leadSourceId: source.id,
        leadSource: source.label,
        medium: source.medium,
        active: source.active,
        leads: funnel.LEADS,
        qualifiedLeads: funnel.QUALIFIEDLEADS,
        sets: funnel.SETS,
        shows: funnel.SHOWS,
        hires: funnel.HIRES,
        setRate: funnel.SETRATE,
        showRate: funnel.SHOWRATE,
        hireRate: funnel.HIRERATE,
        lastYear: {
          metric: input.lastYearMetric,
          value: metricBefore,
          change:
            metricBefore > 0
              ? Math.round(((metricNow - metricBefore) / metricBefore) * 10_000) / 100
              : null,
        },
        goal,
        belowMinimum: goal !== null && funnel.LEADS < goal.leadsMin,
      };
    })
    .sort(
      (a, b) => b.leads - a.leads || b.hires - a.hires || compareLabels(a.leadSource, b.leadSource),
    );
  rows.forEach((row, i) => (row.rank = i + 1));
  return { startDate, endDate, months: input.months, rows };
}

function leadGoal(settings: string) {
  try {
    const parsed = JSON.parse(settings) as { leadGen?: unknown };
    const goal = leadGenGoalsSchema.safeParse(parsed.leadGen);
    return goal.success ? goal.data : null;
  } catch {
    return null;
  }
}

/** The older ranking over a date range. */
export async function leadSourceRanking(db: Db, scope: ReportScope) {
  const rows = await pclcByLeadSource(db, scope);
  return rows
    .filter((row) => row.LEADSOURCEID !== null)
    .sort(
      (a, b) => b.LEADS - a.LEADS || b.HIRES - a.HIRES || compareLabels(a.LEADSOURCE, b.LEADSOURCE),
    )
    .map((row, i) => ({
      RANK: i + 1,
      LEADSOURCEID: row.LEADSOURCEID as string,
      LEADSOURCE: row.LEADSOURCE,
      LEADS: row.LEADS,
      SETS: row.SETS,
      SHOWS: row.SHOWS,
      HIRES: row.HIRES,
      HIRERATE: row.HIRERATE,
    }));
}
