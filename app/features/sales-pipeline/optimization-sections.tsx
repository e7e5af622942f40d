import { useId, useMemo, useState, type ReactNode } from 'react';
import type { DataState } from '@/app/query/use-data-query';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportState } from '@/app/reports/report-state';
import { countColumn, moneyColumn, percentColumn } from '@/app/reports/table/report-columns';
import {
  countOf,
  formatCount,
  formatMoney,
  formatPercent,
} from '@/app/reports/table/report-format';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { useReportQuery } from '@/app/reports/use-report-query';
import {
  fetchInboundSales,
  fetchNoShows,
  fetchObjections,
  fetchOutboundSales,
  fetchRoi,
  type ObjectionGroup,
} from '@/shared/api/reports/optimization';
import type {
  InboundSalesResponse,
  NoShowsResponse,
  ObjectionsResponse,
  OutboundSalesResponse,
  RoiResponse,
} from '@/shared/contracts/reports/sales';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import { formatDisplayDay, type DateRange } from '@/shared/domain/date-range';
import type { SortState } from '@/shared/domain/sorting';
import { BarChart } from './bar-chart';
import { FIGURE } from '@/app/components/figure/figure';

interface SectionProps<T> {
  title: string;
  /** One line under the title: what the numbers are. */
  about: string;
  loadingLabel: string;
  state: DataState<T>;
  controls?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One report of the Optimization Chart: its own states, so one failure hides nothing else. */
function Section<T>({ title, about, loadingLabel, state, controls, children }: SectionProps<T>) {
  const headingId = useId();
  return (
    <section
      className="ic-pipeline__section"
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
    >
      <div className="ic-pipeline__section-header">
        <div>
          <h2 className="ic-pipeline__heading" id={headingId}>
            {title}
          </h2>
          <p className="ic-pipeline__about">{about}</p>
        </div>
        {controls}
      </div>
      <ReportState state={state} loadingLabel={loadingLabel}>
        {children}
      </ReportState>
    </section>
  );
}

/** A sortable table with its Excel/CSV of the rows as listed (and a totals row). */
function ExportableTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  totals,
  fileName,
}: {
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  initialSort: SortState;
  totals?: T;
  fileName: string;
}) {
  const { sort, onSort, exportRows } = useSortedTableExport(columns, rows, initialSort, totals);
  return (
    <div className="ic-pipeline__table">
      <TableExportButtons rows={exportRows} fileName={fileName} what={caption} />
      <ReportTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        initialSort={initialSort}
        sort={sort}
        onSort={onSort}
        totals={totals}
      />
    </div>
  );
}

// ---------------------------------------------------------------- ROI

type RoiRow = RoiResponse['data']['rows'][number];
const ROI_COLUMNS: readonly ReportColumn<RoiRow>[] = [
  { key: 'source', label: 'Lead source', value: (r) => r.leadSource },
  moneyColumn('spend', 'Spend', (r) => r.spend),
  countColumn('leads', 'Leads', (r) => r.leads),
  moneyColumn('costPerLead', 'Cost per lead', (r) => r.costPerLead),
  countColumn('hires', 'Hires', (r) => r.hires),
  moneyColumn('costPerHire', 'Cost per hire', (r) => r.costPerHire),
  moneyColumn('revenue', 'Revenue', (r) => r.revenue),
  percentColumn('roi', 'ROI', (r) => r.roi),
];

const moneyAxis = (value: number) =>
  Math.abs(value) >= 1000 ? `$${Math.round(value / 1000)}k` : `$${value}`;

export function RoiSection({ range }: { range: DateRange | null }) {
  const state = useReportQuery(
    'roi',
    range,
    (api, workspaceId, body) => fetchRoi(api, workspaceId, body),
    (data) => data.rows.length === 0,
  );
  return (
    <Section
      title="Return on marketing"
      about="Per lead source: spend in the range (monthly spend by days), new leads and hires, and the payments collected from its clients. ROI = (revenue − spend) / spend; — without spend."
      loadingLabel="Loading ROI..."
      state={state}
    >
      {(data) => <RoiReport data={data} />}
    </Section>
  );
}

function RoiReport({ data }: { data: RoiResponse['data'] }) {
  const rows = data.rows;
  const chartRows = useMemo(
    () => [...rows].sort((a, b) => b.spend + b.revenue - (a.spend + a.revenue)).slice(0, 10),
    [rows],
  );
  const labels = useMemo(() => chartRows.map((r) => r.leadSource), [chartRows]);
  const series = useMemo(
    () => [
      { label: 'Spend', data: chartRows.map((r) => r.spend), colour: CHART_PALETTE.orange },
      { label: 'Revenue', data: chartRows.map((r) => r.revenue), colour: CHART_PALETTE.green },
    ],
    [chartRows],
  );
  const totals: RoiRow = { ...data.totals, leadSourceId: 'total', leadSource: 'All lead sources' };
  return (
    <>
      <p className="ic-pipeline__headline">
        Spent <strong className={FIGURE}>{formatMoney(data.totals.spend)}</strong>, collected{' '}
        <strong className={FIGURE}>{formatMoney(data.totals.revenue)}</strong>
        {data.totals.roi === null ? '' : ` (ROI ${formatPercent(data.totals.roi)})`}
      </p>
      <BarChart
        labels={labels}
        series={series}
        format={moneyAxis}
        label={`Spend and revenue of the ${countOf(chartRows.length, 'lead source')} with the most money in or out. The numbers are in the table.`}
      />
      <ExportableTable
        caption="ROI by lead source"
        columns={ROI_COLUMNS}
        rows={rows}
        rowKey={(r) => r.leadSourceId}
        initialSort={{ key: 'spend', direction: 'desc' }}
        totals={totals}
        fileName="roi_data"
      />
    </>
  );
}

// ---------------------------------------------------------------- objections

type ObjectionRow = ObjectionsResponse['data']['rows'][number];
const GROUP_LABELS: Record<ObjectionGroup, string> = {
  objection: 'Objection',
  agent: 'Agent',
  leadSource: 'Lead source',
};

export function ObjectionsSection({ range }: { range: DateRange | null }) {
  const [by, setBy] = useState<ObjectionGroup>('objection');
  const selectId = useId();
  const input = useMemo(() => (range ? { range, by } : null), [range, by]);
  const state = useReportQuery(
    'objections',
    input,
    (api, workspaceId, { range: dates, by: group }) =>
      fetchObjections(api, workspaceId, dates, group),
    (data) => data.total === 0,
  );
  const columns = useMemo<ReportColumn<ObjectionRow>[]>(
    () => [
      { key: 'name', label: GROUP_LABELS[by], value: (r) => r.name },
      countColumn('count', 'Lost leads', (r) => r.count),
      percentColumn('percent', 'Share', (r) => r.percent),
    ],
    [by],
  );
  return (
    <Section
      title="Objections"
      about="Why leads were unqualified or not hired in the range, most first."
      loadingLabel="Loading Objections..."
      state={state}
      controls={
        <div className="ic-pipeline__control">
          <label htmlFor={selectId}>Group by</label>
          <select
            id={selectId}
            className="ic-pipeline__select"
            value={by}
            onChange={(event) => setBy(event.target.value as ObjectionGroup)}
          >
            {(Object.keys(GROUP_LABELS) as ObjectionGroup[]).map((group) => (
              <option key={group} value={group}>
                {GROUP_LABELS[group]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {(data) => <ObjectionsReport data={data} columns={columns} by={by} />}
    </Section>
  );
}

function ObjectionsReport({
  data,
  columns,
  by,
}: {
  data: ObjectionsResponse['data'];
  columns: readonly ReportColumn<ObjectionRow>[];
  by: ObjectionGroup;
}) {
  const top = data.rows.slice(0, 10);
  const labels = useMemo(() => top.map((r) => r.name), [top]);
  const series = useMemo(
    () => [{ label: 'Lost leads', data: top.map((r) => r.count), colour: CHART_PALETTE.red }],
    [top],
  );
  return (
    <>
      <p className="ic-pipeline__headline">
        <strong className={FIGURE}>{formatCount(data.total)}</strong>{' '}
        {data.total === 1 ? 'lead' : 'leads'} lost
      </p>
      <BarChart
        labels={labels}
        series={series}
        horizontal
        height={Math.max(160, top.length * 34 + 40)}
        label={`Lost leads by ${GROUP_LABELS[by].toLowerCase()}, the ${top.length} largest. Every row is in the table.`}
      />
      <ExportableTable
        caption={`Objections by ${GROUP_LABELS[by].toLowerCase()}`}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.id}
        initialSort={{ key: 'count', direction: 'desc' }}
        fileName={`objections_by_${by}_data`}
      />
    </>
  );
}

// ---------------------------------------------------------------- no-shows

type NoShowContact = NoShowsResponse['data']['contacts'][number];
const NO_SHOW_COLUMNS: readonly ReportColumn<NoShowContact>[] = [
  { key: 'name', label: 'Contact Name', value: (r) => r.name },
  {
    key: 'appointment',
    label: 'Appointment',
    value: (r) => r.appointmentAt,
    render: (r) => formatDisplayDay(r.appointmentAt.slice(0, 10)),
  },
  { key: 'consultant', label: 'Consultant', value: (r) => r.consultant },
  { key: 'leadSource', label: 'Lead Source', value: (r) => r.leadSource },
  { key: 'campaign', label: 'Campaign', value: (r) => r.campaign },
  { key: 'caseType', label: 'Case Type', value: (r) => r.caseType },
];

export function NoShowsSection({ range }: { range: DateRange | null }) {
  const state = useReportQuery(
    'no-shows',
    range,
    (api, workspaceId, dates) => fetchNoShows(api, workspaceId, dates),
    (data) => data.appointments === 0,
  );
  return (
    <Section
      title="No-shows"
      about="Appointments due in the range whose contact did not come. No-show rate = no-shows / (shows + no-shows)."
      loadingLabel="Loading No-shows..."
      state={state}
    >
      {(data) => (
        <>
          <p className="ic-pipeline__headline">
            <strong className={FIGURE}>{formatCount(data.noShows)}</strong> of{' '}
            {countOf(data.appointments, 'appointment')} missed ({formatPercent(data.noShowRate)})
          </p>
          {data.contacts.length > 0 ? (
            <ExportableTable
              caption="Contacts who did not show"
              columns={NO_SHOW_COLUMNS}
              rows={data.contacts}
              rowKey={(r) => `${r.module}:${r.id}:${r.appointmentAt}`}
              initialSort={{ key: 'appointment', direction: 'desc' }}
              fileName="no_shows_data"
            />
          ) : null}
          {data.truncated ? (
            <p className="ic-pipeline__about">
              The latest {formatCount(data.contacts.length)} no-shows are listed.
            </p>
          ) : null}
        </>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------- inbound / outbound

type InboundRow = InboundSalesResponse['data']['agents'][number];
type OutboundRow = OutboundSalesResponse['data']['agents'][number];
const INBOUND_COLUMNS: readonly ReportColumn<InboundRow>[] = [
  { key: 'name', label: 'Agent', value: (r) => r.name },
  countColumn('calls', 'Inbound calls', (r) => r.calls),
  countColumn('connected', 'Connected', (r) => r.connected),
  countColumn('sets', 'Sets', (r) => r.sets),
  percentColumn('setRate', 'Set rate', (r) => r.setRate),
];
type OutboundFigure = 'calls' | 'answers' | 'sets';

/**
 * A figure with the agent's minimum for the range beside it (Settings > Users parameters,
 * weekly minimums scaled to the range; docs/users-parameters.md), red when under it.
 */
function withMinimum(
  key: string,
  label: string,
  figure: OutboundFigure,
  value: (row: OutboundRow) => number,
): ReportColumn<OutboundRow> {
  return {
    ...countColumn(key, label, value),
    render: (row) => {
      const minimum = row.minimums?.[figure] ?? null;
      if (minimum === null) return formatCount(value(row));
      const below = row.belowMinimum?.includes(figure) ?? false;
      return (
        <>
          {formatCount(value(row))}
          <span
            className={
              below ? 'ic-pipeline__minimum ic-pipeline__minimum--below' : 'ic-pipeline__minimum'
            }
          >
            {below ? ` (below min ${formatCount(minimum)})` : ` (min ${formatCount(minimum)})`}
          </span>
        </>
      );
    },
  };
}

const OUTBOUND_COLUMNS: readonly ReportColumn<OutboundRow>[] = [
  {
    key: 'name',
    label: 'Agent',
    value: (r) => r.name,
    render: (r) => (
      <>
        {r.name}
        {r.belowMinimum && r.belowMinimum.length > 0 ? (
          <span className="ic-report-badge">Below minimum</span>
        ) : null}
      </>
    ),
  },
  withMinimum('calls', 'Outbound calls', 'calls', (r) => r.calls),
  withMinimum('answered', 'Answered', 'answers', (r) => r.answered),
  percentColumn('answerRate', 'Answer rate', (r) => r.answerRate),
  withMinimum('sets', 'Sets', 'sets', (r) => r.sets),
  percentColumn('setRate', 'Set rate', (r) => r.setRate),
];

export function InboundSalesSection({ range }: { range: DateRange | null }) {
  const state = useReportQuery(
    'inbound-sales',
    range,
    (api, workspaceId, dates) => fetchInboundSales(api, workspaceId, dates),
    (data) => data.totals.calls === 0,
  );
  return (
    <Section
      title="Inbound sales"
      about="Sales calls each agent was rung for, those connected, and the sets made from them. Set rate = sets / connected."
      loadingLabel="Loading Inbound Sales..."
      state={state}
    >
      {(data) => (
        <ExportableTable
          caption="Inbound sales by agent"
          columns={INBOUND_COLUMNS}
          rows={data.agents}
          rowKey={(r) => r.id}
          initialSort={{ key: 'sets', direction: 'desc' }}
          totals={{ ...data.totals, id: 'total', name: 'All agents' }}
          fileName="inbound_sales_data"
        />
      )}
    </Section>
  );
}

export function OutboundSalesSection({ range }: { range: DateRange | null }) {
  const state = useReportQuery(
    'outbound-sales',
    range,
    (api, workspaceId, dates) => fetchOutboundSales(api, workspaceId, dates),
    (data) => data.totals.calls === 0,
  );
  return (
    <Section
      title="Outbound sales"
      about="Outbound sales calls, those answered, and the sets made from them. Set rate = sets / answered. (min N) is the agent's own minimum for the range."
      loadingLabel="Loading Outbound Sales..."
      state={state}
    >
      {(data) => (
        <ExportableTable
          caption="Outbound sales by agent"
          columns={OUTBOUND_COLUMNS}
          rows={data.agents}
          rowKey={(r) => r.id}
          initialSort={{ key: 'sets', direction: 'desc' }}
          totals={{ ...data.totals, id: 'total', name: 'All agents' }}
          fileName="outbound_sales_data"
        />
      )}
    </Section>
  );
}
