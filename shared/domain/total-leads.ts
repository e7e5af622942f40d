import { compareLabels } from './sorting';

/**
 * The Total Leads card's doughnut (spec: dashboards 2.6, 9): the top 3 lead sources plus
 * 'Other', with the total in the centre. Rows come from the leads-by-lead-source report
 * (LEADSOURCE, LEADS as numeric text, spec 3).
 */
const TOTAL_LEADS_TOP = 3;
const OTHER_LABEL = 'Other';
/** spec: dashboards 9 — cutout 65%, rotation 110. */
export const TOTAL_LEADS_CUTOUT = '65%';
export const TOTAL_LEADS_ROTATION = 110;

export interface TotalLeadsSlice {
  label: string;
  count: number;
}

export interface TotalLeadsChart {
  slices: TotalLeadsSlice[];
  total: number;
}

/**
 * Most leads first (ties by label); the fourth and later sources summed into 'Other',
 * which is left out when it would be 0 (three sources or fewer).
 */
export function totalLeadsChart(
  rows: readonly { LEADSOURCE: string; LEADS: string | number }[],
  top: number = TOTAL_LEADS_TOP,
): TotalLeadsChart {
  const counted = rows
    .map((row) => ({ label: row.LEADSOURCE, count: Number(row.LEADS) || 0 }))
    .filter((slice) => slice.count > 0)
    .sort((a, b) => b.count - a.count || compareLabels(a.label, b.label));
  const slices = counted.slice(0, top);
  const other = counted.slice(top).reduce((sum, slice) => sum + slice.count, 0);
  if (other > 0) slices.push({ label: OTHER_LABEL, count: other });
  return { slices, total: counted.reduce((sum, slice) => sum + slice.count, 0) };
}

/** spec: dashboards 5 / 8 — empty lead-source data is an error ('No Data'). */
export function isTotalLeadsEmpty(chart: TotalLeadsChart): boolean {
  return chart.total === 0;
}

/** A slice's share of the total as a whole percent, for the legend. */
export function sliceShare(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/**
 * Which campaigns a lead total counts, said under it (issue #30): the Classic dashboard's
 * Total Leads follows the report filters' campaign status (active by default, spec 4),
 * the cockpit's Lead Flow has no such filter and counts every campaign, so the two totals
 * of one range differ by the leads of the other status's campaigns, and each says which.
 */
export function leadCampaignScope(
  filters: { campaigns: readonly string[]; campaignStatus: readonly string[] } | null,
): string {
  const statuses = new Set(filters?.campaignStatus ?? []);
  const status = statuses.size === 1 ? [...statuses][0] : null;
  if (filters && filters.campaigns.length > 0) {
    return status
      ? `Counting the chosen campaigns that are ${status}.`
      : 'Counting the chosen campaigns.';
  }
  if (status) return `Counting ${status} campaigns and leads without a campaign.`;
  return 'Counting every campaign, active and inactive.';
}
