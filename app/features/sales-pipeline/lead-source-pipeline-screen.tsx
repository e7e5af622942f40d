import { useMemo } from 'react';
import { useHost } from '@/app/host/host';
import { ReportFilterPanel } from '@/app/reports/filters/report-filter-panel';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportState } from '@/app/reports/report-state';
import { countColumn, percentColumn } from '@/app/reports/table/report-columns';
import { countOf } from '@/app/reports/table/report-format';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { useReportQuery } from '@/app/reports/use-report-query';
import { fetchPclcByLeadSource } from '@/shared/api/reports/pipeline';
import type { PclcByLeadSourceRow } from '@/shared/contracts/reports/pclc';
import { isBankruptcyPracticeArea } from '@/shared/domain/collection-filters';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import { funnelRates, sumRateBases } from '@/shared/domain/funnel-rates';
import { funnelRatesNote } from '@/shared/domain/funnel-cards';
import { PERSPECTIVE_LABELS } from '@/shared/domain/report-filter-state';
import { BarChart } from './bar-chart';
import { usePipelineFilters } from './use-pipeline-filters';
import '@/app/reports/layout/report-layout.css';

/** The chart shows the sources with the most leads; the table lists them all. */
export const CHART_SOURCES = 10;

/**
 * A source's rate, or none when there is nothing to divide by: the spec's rate is 0 then,
 * but "2 filed, 0 hires, 0.00%" reads as a mistake; the cell says "—" (sorted last,
 * blank in the export) beside the two counts that explain it.
 */
const rateOf =
  (rate: keyof PclcByLeadSourceRow['RATEBASES']) =>
  (row: PclcByLeadSourceRow): number | null =>
    row.RATEBASES[rate].denominator === 0 ? null : row[rate];

function columns(withFiled: boolean): ReportColumn<PclcByLeadSourceRow>[] {
  return [
    { key: 'source', label: 'Lead source', value: (r) => r.LEADSOURCE },
    countColumn('leads', 'Leads', (r) => r.LEADS),
    countColumn('qualified', 'Qualified', (r) => r.QUALIFIEDLEADS),
    countColumn('sets', 'Sets', (r) => r.SETS),
    percentColumn('setRate', 'Set rate', rateOf('SETRATE')),
    countColumn('shows', 'Shows', (r) => r.SHOWS),
    percentColumn('showRate', 'Show rate', rateOf('SHOWRATE')),
    countColumn('hires', 'Hires', (r) => r.HIRES),
    percentColumn('hireRate', 'Hire rate', rateOf('HIRERATE')),
    ...(withFiled
      ? [
          countColumn<PclcByLeadSourceRow>('filed', 'Filed', (r) => r.FILED),
          percentColumn<PclcByLeadSourceRow>('filedRate', 'Filed rate', rateOf('FILEDRATE')),
        ]
      : []),
  ];
}

/** Every source added up, rates computed from the summed numerators and denominators. */
export function pipelineTotals(rows: readonly PclcByLeadSourceRow[]): PclcByLeadSourceRow {
  const keys = [
    'LEADS',
    'QUALIFIED',
    'QUALIFIEDLEADS',
    'UNQUALIFIED',
    'UNQUALIFIEDATLEAD',
    'SETS',
    'SHOWS',
    'QUALIFIEDSHOWS',
    'UNQUALIFIEDATAPPT',
    'HIRES',
    'NOHIRES',
    'FILED',
  ] as const;
  const sums = Object.fromEntries(
    keys.map((key) => [key, rows.reduce((n, row) => n + row[key], 0)]),
  ) as Record<(typeof keys)[number], number>;
  const bases = sumRateBases(rows.map((row) => row.RATEBASES));
  return {
    ...sums,
    ...funnelRates(bases),
    RATEBASES: bases,
    LEADSOURCEID: null,
    LEADSOURCE: 'All lead sources',
  };
}

const byLeads = { key: 'leads', direction: 'desc' } as const;

/**
 * Lead Source Pipeline (/app/sales-pipeline/lead-source-pipeline): the funnel of each
 * lead source side by side, so a manager sees which sources turn leads into hires.
 */
export function LeadSourcePipelineScreen() {
  const { session } = useHost();
  const { filters, lookups, query } = usePipelineFilters('report-filters:lead-source-pipeline');
  const state = useReportQuery(
    'pclc-by-leadsource',
    query,
    (api, workspaceId, input) => fetchPclcByLeadSource(api, workspaceId, input),
    (rows) => rows.length === 0,
  );
  const withFiled = isBankruptcyPracticeArea(
    session.workspace?.attributes.settings.primaryPracticeArea,
  );
  return (
    <div className="ic-report-screen ic-pipeline">
      {filters.applied ? (
        <ReportFilterPanel
          value={filters.applied}
          defaults={filters.defaults}
          onApply={filters.apply}
          lookups={lookups}
          loading={state.status === 'loading'}
          today={filters.today}
        />
      ) : null}
      <section
        className="ic-pipeline__section"
        aria-label="Lead Source Pipeline"
        aria-busy={state.status === 'loading'}
      >
        <ReportState state={state} loadingLabel="Loading Lead Source Pipeline...">
          {(rows) => (
            <LeadSourceReport
              rows={rows}
              withFiled={withFiled}
              snapshot={filters.applied?.type === 'rjPclc'}
              perspective={filters.applied ? PERSPECTIVE_LABELS[filters.applied.type] : ''}
            />
          )}
        </ReportState>
      </section>
    </div>
  );
}

function LeadSourceReport({
  rows,
  withFiled,
  snapshot,
  perspective,
}: {
  rows: readonly PclcByLeadSourceRow[];
  withFiled: boolean;
  snapshot: boolean;
  perspective: string;
}) {
  const cols = useMemo(() => columns(withFiled), [withFiled]);
  const totals = useMemo(() => pipelineTotals(rows), [rows]);
  const { sort, onSort, exportRows } = useSortedTableExport(cols, rows, byLeads, totals);
  const top = useMemo(
    () => [...rows].sort((a, b) => b.LEADS - a.LEADS).slice(0, CHART_SOURCES),
    [rows],
  );
  const labels = useMemo(() => top.map((r) => r.LEADSOURCE), [top]);
  const series = useMemo(
    () => [
      { label: 'Leads', data: top.map((r) => r.LEADS), colour: CHART_PALETTE.skyblue },
      { label: 'Sets', data: top.map((r) => r.SETS), colour: CHART_PALETTE.purple },
      { label: 'Shows', data: top.map((r) => r.SHOWS), colour: CHART_PALETTE.orange },
      { label: 'Hires', data: top.map((r) => r.HIRES), colour: CHART_PALETTE.green },
    ],
    [top],
  );
  return (
    <>
      <div className="ic-pipeline__toolbar">
        <p className="ic-pipeline__headline">
          {perspective ? `${perspective}: ` : ''}
          {countOf(rows.length, 'lead source')}, {countOf(totals.LEADS, 'lead')},{' '}
          {countOf(totals.HIRES, 'hire')}
        </p>
        <TableExportButtons rows={exportRows} fileName="lead_source_pipeline_data" />
      </div>
      <BarChart
        labels={labels}
        series={series}
        height={300}
        label={`Leads, sets, shows and hires of the ${countOf(top.length, 'lead source')} with the most leads. Every source is in the table.`}
      />
      <ReportTable
        caption="Funnel by lead source"
        columns={cols}
        rows={rows}
        rowKey={(r) => r.LEADSOURCEID ?? `none:${r.LEADSOURCE}`}
        initialSort={byLeads}
        sort={sort}
        onSort={onSort}
        totals={totals}
      />
      <p className="ic-pipeline__about">
        {funnelRatesNote(snapshot ? 'rjPclc' : 'intakePCLC', true)}
      </p>
    </>
  );
}
