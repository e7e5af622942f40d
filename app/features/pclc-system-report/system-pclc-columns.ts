import { countColumn, percentColumn } from '@/app/reports/table/report-columns';
import type { ReportColumn } from '@/app/reports/table/report-table';
import type { SystemPclcRow } from '@/shared/contracts/reports/pclc';

/**
 * The PCLC system report's columns (issue #16): each workspace's snapshot funnel, rates
 * as the server computed them with the funnel rules (spec: dashboards 2.5 rate tooltips:
 * set rate = sets / qualified leads, show rate = shows / sets, hire rate = hires /
 * qualified shows, filed rate = filed / hires).
 */
export const SYSTEM_PCLC_COLUMNS: readonly ReportColumn<SystemPclcRow>[] = [
  { key: 'workspace', label: 'Workspace', value: (row) => row.WORKSPACENAME },
  countColumn('leads', 'Leads', (row) => row.LEADS),
  countColumn('qualified', 'Qualified', (row) => row.QUALIFIEDLEADS),
  countColumn('sets', 'Sets', (row) => row.SETS),
  percentColumn('setRate', 'Set rate', (row) => row.SETRATE),
  countColumn('shows', 'Shows', (row) => row.SHOWS),
  percentColumn('showRate', 'Show rate', (row) => row.SHOWRATE),
  countColumn('hires', 'Hires', (row) => row.HIRES),
  percentColumn('hireRate', 'Hire rate', (row) => row.HIRERATE),
  countColumn('filed', 'Filed', (row) => row.FILED),
  percentColumn('filedRate', 'Filed rate', (row) => row.FILEDRATE),
];
