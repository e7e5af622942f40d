import type { ChartConfiguration } from 'chart.js';
import { useId, useMemo } from 'react';
import { Card } from '@/app/components/card/card';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { useStoredFilters } from '@/app/reports/filters/use-stored-filters';
import { ReportKpis } from '@/app/reports/layout/report-kpis';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import { ReportState } from '@/app/reports/report-state';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { countOf } from '@/app/reports/table/report-format';
import { formatRate, formatUsd } from '@/shared/domain/cash-flow';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import { toIsoDay } from '@/shared/domain/date-range';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { monthLabel } from '@/app/reports/layout/month-label';
import {
  CASH_FLOW_MONTH_CHOICES,
  DEFAULT_CASH_FLOW_MONTHS,
  type CashFlowMonth,
} from './cash-flow-months';
import { BooksSource } from './books-source';
import { useCashFlowHistory } from './use-cash-flow';
import '@/app/reports/layout/report-layout.css';
import './cash-flow.css';

export const QUICKBOOKS_LOADING_TEXT = 'Loading QuickBooks...';

/* Canvas text cannot read the CSS tokens: a mid grey reads on light and dark alike. */
const AXIS_GREY = '#7d8796';
const GRID_GREY = 'rgba(125, 135, 150, 0.25)';

const money = (value: number) => formatUsd(value);
/** Axis ticks: '$160K' (the exact amounts are in the table and the tooltips). */
const axisMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const COLUMNS: ReportColumn<CashFlowMonth>[] = [
  {
    key: 'month',
    label: 'Month',
    value: (row) => row.month,
    render: (row) => monthLabel(row.month),
  },
  {
    key: 'collected',
    label: 'Collected',
    value: (row) => row.data.collected,
    render: (row) => money(row.data.collected),
    numeric: true,
  },
  {
    key: 'missed',
    label: 'Missed',
    value: (row) => row.data.missedPaymentsTotal,
    render: (row) => money(row.data.missedPaymentsTotal),
    numeric: true,
  },
  {
    key: 'partial',
    label: 'Partial unpaid',
    value: (row) => row.data.partialPaymentTotal,
    render: (row) => money(row.data.partialPaymentTotal),
    numeric: true,
  },
  {
    key: 'operating',
    label: 'Operating',
    value: (row) => row.data.operatingAccount,
    render: (row) => money(row.data.operatingAccount),
    numeric: true,
  },
  {
    key: 'profit',
    label: 'Profit account',
    value: (row) => row.data.profitAccount,
    render: (row) => money(row.data.profitAccount),
    numeric: true,
  },
  {
    key: 'plans',
    label: 'Active plans',
    value: (row) => row.data.activePaymentPlans,
    numeric: true,
  },
  {
    key: 'offPlan',
    label: 'Off plan',
    value: (row) => row.data.offPlanRate,
    render: (row) => formatRate(row.data.offPlanRate),
    numeric: true,
  },
];

const parseMonths = (text: string | null): number => {
  const value = Number(text);
  return (CASH_FLOW_MONTH_CHOICES as readonly number[]).includes(value)
    ? value
    : DEFAULT_CASH_FLOW_MONTHS;
};

export interface QuickBooksScreenProps {
  storageKey?: string;
}

/**
 * QuickBooks (spec: dashboards 2.2 cash-flow-pipeline, 3 Cash flow data): the accounting
 * records over the last months — money collected and missed each month, the operating and
 * profit balances at each month's end, and the payment plans — as charts, a table and an
 * export (docs/cash-flow.md).
 */
export function QuickBooksScreen({
  storageKey = 'report-filters:quickbooks',
}: QuickBooksScreenProps) {
  const timezone = useWorkspaceTimezone();
  const id = useId();
  const months = useStoredFilters(storageKey, parseMonths);
  const today = toIsoDay(todayInTimezone(timezone));
  const input = useMemo(
    () => (months.applied === null ? null : { today, months: months.applied }),
    [today, months.applied],
  );
  const report = useCashFlowHistory(input);
  const loading = report.status === 'loading' || input === null;
  return (
    <div className="ic-report-screen">
      {months.applied !== null ? (
        <div className="ic-report-form ic-cash-flow__months">
          <ReportSelectField
            id={`${id}-months`}
            label="Period"
            value={months.applied}
            disabled={loading}
            onChange={(value) => months.apply(Number(value))}
            choices={CASH_FLOW_MONTH_CHOICES}
            nameOf={(count) => `Last ${countOf(count, 'month')}`}
          />
        </div>
      ) : null}
      <Card className="ic-report-section" aria-busy={loading}>
        <ReportState state={report} loadingLabel={QUICKBOOKS_LOADING_TEXT}>
          {(data) => <QuickBooksBody months={data} />}
        </ReportState>
      </Card>
    </div>
  );
}

function QuickBooksBody({ months }: { months: CashFlowMonth[] }) {
  const { sort, onSort, exportRows } = useSortedTableExport(COLUMNS, months, {
    key: 'month',
    direction: 'asc',
  });
  const latest = months.at(-1)?.data;
  const collected = months.reduce((sum, row) => sum + row.data.collected, 0);
  const missed = months.reduce((sum, row) => sum + row.data.missedPaymentsTotal, 0);
  const labels = months.map((row) => monthLabel(row.month));
  const flowConfig = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            label: 'Collected',
            data: months.map((row) => row.data.collected),
            backgroundColor: CHART_PALETTE.green,
          },
          {
            label: 'Missed',
            data: months.map((row) => row.data.missedPaymentsTotal),
            backgroundColor: CHART_PALETTE.red,
          },
        ],
      },
      options: chartOptions(),
    }),
    // labels derive from months
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [months],
  );
  const balanceConfig = useMemo<ChartConfiguration<'line'>>(
    () => ({
      type: 'line',
      data: {
        labels,
        datasets: [
          {
            label: 'Operating',
            data: months.map((row) => row.data.operatingAccount),
            borderColor: CHART_PALETTE.skyblue,
            backgroundColor: CHART_PALETTE.skyblue,
            pointStyle: 'circle',
            tension: 0.25,
          },
          {
            label: 'Profit account',
            data: months.map((row) => row.data.profitAccount),
            borderColor: CHART_PALETTE.purple,
            backgroundColor: CHART_PALETTE.purple,
            pointStyle: 'rect',
            borderDash: [6, 4],
            tension: 0.25,
          },
        ],
      },
      options: chartOptions(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [months],
  );
  const first = months[0];
  const last = months.at(-1);
  const period = first && last ? `${monthLabel(first.month)} to ${monthLabel(last.month)}` : '';
  return (
    <>
      <BooksSource books={latest?.books} />
      <ReportKpis
        label="Cash flow"
        items={[
          { label: 'Operating', value: money(latest?.operatingAccount ?? 0), detail: 'Today' },
          { label: 'Profit account', value: money(latest?.profitAccount ?? 0), detail: 'Today' },
          { label: 'Collected', value: money(collected), detail: period },
          { label: 'Missed', value: money(missed), detail: period, alert: missed > 0 },
          {
            label: 'Future cash flow',
            value: money(latest?.futureCashFlow ?? 0),
            detail: `Scheduled on ${countOf(latest?.activePaymentPlans ?? 0, 'active plan')}`,
          },
        ]}
      />
      <div className="ic-cash-flow__charts">
        <section aria-labelledby="ic-qb-flow">
          <h2 className="ic-cash-flow__heading" id="ic-qb-flow">
            Collected and missed
          </h2>
          <ChartCanvas
            config={flowConfig}
            height={260}
            label={`Collected and missed payments per month, ${period}: ${money(collected)} collected, ${money(missed)} missed`}
          />
        </section>
        <section aria-labelledby="ic-qb-balances">
          <h2 className="ic-cash-flow__heading" id="ic-qb-balances">
            Cash in the bank
          </h2>
          <ChartCanvas
            config={balanceConfig}
            height={260}
            label={`Operating and profit account balances at each month's end, ${period}`}
          />
        </section>
      </div>
      <div className="ic-report-toolbar">
        <p className="ic-report-toolbar__text">
          {countOf(months.length, 'month')}; balances at each month&rsquo;s end (today for this
          month), {countOf(latest?.activePaymentPlans ?? 0, 'active payment plan')} now
        </p>
        <TableExportButtons rows={exportRows} fileName="quickbooks_cash_flow_data" />
      </div>
      <ReportTable
        caption="Cash flow by month"
        columns={COLUMNS}
        rows={months}
        rowKey={(row) => row.month}
        initialSort={{ key: 'month', direction: 'asc' }}
        sort={sort}
        onSort={onSort}
      />
    </>
  );
}

function chartOptions() {
  return {
    maintainAspectRatio: false,
    animation: { duration: 750 },
    scales: {
      x: { ticks: { color: AXIS_GREY }, grid: { display: false } },
      y: {
        beginAtZero: true,
        ticks: {
          color: AXIS_GREY,
          callback: (value: string | number) => axisMoney.format(Number(value)),
        },
        grid: { color: GRID_GREY },
      },
    },
    plugins: {
      legend: {
        position: 'bottom' as const,
        labels: { color: AXIS_GREY, boxWidth: 12, boxHeight: 12 },
      },
    },
  };
}
