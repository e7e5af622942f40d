import { countColumn } from '@/app/reports/table/report-columns';
import { rateColumn } from '@/app/reports/table/rate-column';
import type { ReportColumn } from '@/app/reports/table/report-table';
import type { SystemPclcRow } from '@/shared/contracts/reports/pclc';
import type { FunnelRateName } from '@/shared/domain/funnel-rates';

/** A rate column whose cells name what it divides (issue #30). */
const rate = (
  key: string,
  label: string,
  name: FunnelRateName,
  words: { numerator: string; denominator: string },
) =>
  rateColumn<SystemPclcRow>(
    key,
    label,
    (row) => row[name],
    (row) => row.RATEBASES[name],
    words,
  );

/**
 * The PCLC system report's columns (issue #16): each workspace's snapshot funnel, rates
 * as the server computed them with the funnel rules (spec: dashboards 2.5 rate tooltips:
 * set rate = sets / qualified leads, show rate = shows / sets, hire rate = hires /
 * qualified shows, filed rate = filed / hires). Qualified shows has its own column, so
 * each rate's two counts are on the row (issue #30); a rate's cell names them on hover.
 */
export const SYSTEM_PCLC_COLUMNS: readonly ReportColumn<SystemPclcRow>[] = [
  { key: 'workspace', label: 'Workspace', value: (row) => row.WORKSPACENAME },
  countColumn('leads', 'Leads', (row) => row.LEADS),
  countColumn('qualified', 'Qualified', (row) => row.QUALIFIEDLEADS),
  countColumn('sets', 'Sets', (row) => row.SETS),
  rate('setRate', 'Set rate', 'SETRATE', { numerator: 'sets', denominator: 'qualified leads' }),
  countColumn('shows', 'Shows', (row) => row.SHOWS),
  rate('showRate', 'Show rate', 'SHOWRATE', { numerator: 'shows', denominator: 'sets' }),
  countColumn('qualifiedShows', 'Qualified shows', (row) => row.QUALIFIEDSHOWS),
  countColumn('hires', 'Hires', (row) => row.HIRES),
  rate('hireRate', 'Hire rate', 'HIRERATE', { numerator: 'hires', denominator: 'qualified shows' }),
  countColumn('filed', 'Filed', (row) => row.FILED),
  rate('filedRate', 'Filed rate', 'FILEDRATE', { numerator: 'filed', denominator: 'hires' }),
];
