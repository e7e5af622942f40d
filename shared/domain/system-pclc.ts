import type { PclcData, SystemPclcRow } from '@/shared/contracts/reports/pclc';
import { funnelRates, sumRateBases } from './funnel-rates';

type CountField = Exclude<
  keyof PclcData,
  'SETRATE' | 'SHOWRATE' | 'HIRERATE' | 'FILEDRATE' | 'RATEBASES'
>;

/**
 * The PCLC system report's totals row (issue #16; spec: dashboards 2.5 rate rules, 3
 * Funnel data): every workspace's counts summed, and the rates computed again from the
 * summed numerators and denominators (issue #30) — never an average of the workspaces'
 * rates, which would weigh a workspace with 2 leads like one with 2,000.
 */
export function systemPclcTotals(rows: readonly PclcData[]): PclcData {
  const sum = (field: CountField) => rows.reduce((total, row) => total + row[field], 0);
  const bases = sumRateBases(rows.map((row) => row.RATEBASES));
  return {
    LEADS: sum('LEADS'),
    QUALIFIED: sum('QUALIFIED'),
    QUALIFIEDLEADS: sum('QUALIFIEDLEADS'),
    UNQUALIFIED: sum('UNQUALIFIED'),
    UNQUALIFIEDATLEAD: sum('UNQUALIFIEDATLEAD'),
    SETS: sum('SETS'),
    SHOWS: sum('SHOWS'),
    QUALIFIEDSHOWS: sum('QUALIFIEDSHOWS'),
    UNQUALIFIEDATAPPT: sum('UNQUALIFIEDATAPPT'),
    HIRES: sum('HIRES'),
    NOHIRES: sum('NOHIRES'),
    FILED: sum('FILED'),
    ...funnelRates(bases),
    RATEBASES: bases,
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
