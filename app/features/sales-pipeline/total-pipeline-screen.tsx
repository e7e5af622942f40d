import { useMemo } from 'react';
import { ReportFilterPanel } from '@/app/reports/filters/report-filter-panel';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportState } from '@/app/reports/report-state';
import { countOf, formatCount, formatPercent } from '@/app/reports/table/report-format';
import {
  ReportTable,
  sortedTableRows,
  tableExportRows,
  useTableSort,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { useReportQuery } from '@/app/reports/use-report-query';
import { fetchTotalPipeline } from '@/shared/api/reports/pipeline';
import type { TotalPipelineResponse } from '@/shared/contracts/reports/pclc';
import type { PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import { ratePercent } from '@/shared/domain/funnel-rates';
import { BarChart } from './bar-chart';
import { usePipelineFilters } from './use-pipeline-filters';
import '@/app/reports/layout/report-layout.css';
import { FIGURE } from '@/app/components/figure/figure';

type PipelineData = TotalPipelineResponse['data'];
interface StageRow {
  stage: PipelineStage;
  order: number;
  label: string;
  count: number;
  share: number;
}

/** Lost at a stage reads red, won reads green, still moving reads blue (spec 9 colours). */
const LOST: readonly PipelineStage[] = ['unqualified_at_lead', 'unqualified_at_appt', 'no_hire'];
const WON: readonly PipelineStage[] = ['hire', 'filed'];
const stageColour = (stage: PipelineStage) =>
  LOST.includes(stage)
    ? CHART_PALETTE.red
    : WON.includes(stage)
      ? CHART_PALETTE.green
      : CHART_PALETTE.skyblue;

const COLUMNS: readonly ReportColumn<StageRow>[] = [
  { key: 'order', label: 'Stage', value: (r) => r.order, render: (r) => r.label },
  {
    key: 'count',
    label: 'Contacts',
    value: (r) => r.count,
    numeric: true,
    render: (r) => formatCount(r.count),
  },
  {
    key: 'share',
    label: 'Share of pipeline',
    value: (r) => r.share,
    numeric: true,
    render: (r) => formatPercent(r.share),
  },
];

/** The export names the stage, not its position. */
const EXPORT_COLUMNS: readonly ReportColumn<StageRow>[] = [
  { key: 'order', label: 'Stage', value: (r) => r.label },
  ...COLUMNS.slice(1),
];

const byStage = { key: 'order', direction: 'asc' } as const;

/**
 * Total Pipeline (/app/sales-pipeline/total-pipeline): the contacts that entered the
 * pipeline in the range, by the stage each is in now — where the open work sits.
 */
export function TotalPipelineScreen() {
  const { filters, lookups, query } = usePipelineFilters('report-filters:total-pipeline');
  const state = useReportQuery(
    'total-pipeline',
    query,
    (api, workspaceId, input) => fetchTotalPipeline(api, workspaceId, input),
    (data) => data.total === 0,
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
          // Where a contact is now does not depend on the perspective.
          disabledFields={['perspective']}
        />
      ) : null}
      <section
        className="ic-pipeline__section"
        aria-label="Total Pipeline"
        aria-busy={state.status === 'loading'}
      >
        <ReportState state={state} loadingLabel="Loading Total Pipeline...">
          {(data) => <TotalPipelineReport data={data} />}
        </ReportState>
      </section>
    </div>
  );
}

function TotalPipelineReport({ data }: { data: PipelineData }) {
  const { sort, onSort } = useTableSort(byStage);
  const rows = useMemo<StageRow[]>(
    () =>
      data.stages.map((s, order) => ({
        stage: s.stage,
        order,
        label: s.label,
        count: s.count,
        share: ratePercent(s.count, data.total),
      })),
    [data],
  );
  const exportRows = useMemo(
    () => tableExportRows(EXPORT_COLUMNS, sortedTableRows(COLUMNS, rows, sort)),
    [rows, sort],
  );
  const series = useMemo(
    () => [
      {
        label: 'Contacts',
        data: rows.map((r) => r.count),
        colour: rows.map((r) => stageColour(r.stage)),
      },
    ],
    [rows],
  );
  const labels = useMemo(() => rows.map((r) => r.label), [rows]);
  return (
    <>
      <div className="ic-pipeline__toolbar">
        <p className="ic-pipeline__headline">
          <strong className={FIGURE}>{formatCount(data.total)}</strong>{' '}
          {data.total === 1 ? 'contact' : 'contacts'} entered the pipeline in this range
        </p>
        <TableExportButtons rows={exportRows} fileName="total_pipeline_data" />
      </div>
      <div className="ic-pipeline__split">
        <BarChart
          labels={labels}
          series={series}
          horizontal
          height={320}
          label={`Total pipeline: ${countOf(data.total, 'contact')} by the stage they are in now. The numbers are in the table.`}
        />
        <ReportTable
          caption="Contacts by current stage"
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => r.stage}
          initialSort={byStage}
          sort={sort}
          onSort={onSort}
          totals={{ stage: 'new_lead', order: -1, label: 'Total', count: data.total, share: 100 }}
        />
      </div>
    </>
  );
}
