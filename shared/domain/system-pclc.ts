import type { PclcData, SystemPclcRow } from '@/shared/contracts/reports/pclc';
import { computeFunnelRates, qualifiedLeads, qualifiedShows } from './funnel-rates';

/**
 * The PCLC system report's totals row (issue #16; spec: dashboards 2.5 rate rules, 3
 * Funnel data): every workspace's counts summed, and the rates computed again from the
 * sums with the funnel rules — never an average of the workspaces' rates, which would
 * weigh a workspace with 2 leads like one with 2,000.
 */
export function systemPclcTotals(rows: readonly PclcData[]): PclcData {
  const sum = (field: keyof PclcData) => rows.reduce((total, row) => total + row[field], 0);
  const counts = {
    LEADS: sum('LEADS'),
    UNQUALIFIEDATLEAD: sum('UNQUALIFIEDATLEAD'),
    SETS: sum('SETS'),
    SHOWS: sum('SHOWS'),
    UNQUALIFIEDATAPPT: sum('UNQUALIFIEDATAPPT'),
    HIRES: sum('HIRES'),
    FILED: sum('FILED'),
  };
  const qualified = qualifiedLeads(counts);
  return {
    ...counts,
    QUALIFIED: qualified,
    QUALIFIEDLEADS: qualified,
    UNQUALIFIED: counts.UNQUALIFIEDATLEAD + counts.UNQUALIFIEDATAPPT,
    QUALIFIEDSHOWS: qualifiedShows(counts),
    NOHIRES: sum('NOHIRES'),
    ...computeFunnelRates(counts),
  };
}

/** The label of the totals row (its first cell, and in the exports). */
export const SYSTEM_PCLC_TOTALS_LABEL = 'All workspaces';

/** The totals as a row of the table (no workspace id of its own). */
export function systemPclcTotalsRow(rows: readonly SystemPclcRow[]): SystemPclcRow {
  return {
    WORKSPACEID: 'totals',
    WORKSPACENAME: SYSTEM_PCLC_TOTALS_LABEL,
    ...systemPclcTotals(rows),
  };
}

/** Export file name (spec: dashboards 9 "..._data"), with the range it covers. */
export function systemPclcFileName(range: { startDate: string; endDate: string }): string {
  return `pclc_system_report_${range.startDate}_${range.endDate}_data`;
}
