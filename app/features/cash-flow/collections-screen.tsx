import { Card } from '@/app/components/card/card';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportRangeBar, useReportRange } from '@/app/reports/filters/report-range-bar';
import { ReportKpis } from '@/app/reports/layout/report-kpis';
import { ReportState } from '@/app/reports/report-state';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { countOf, formatCount } from '@/app/reports/table/report-format';
import type { CashFlowData, MissedPayment } from '@/shared/contracts/reports/cash-flow';
import { formatRate, formatUsd } from '@/shared/domain/cash-flow';
import { cashFlowPlans } from '@/shared/domain/cockpit-metrics';
import { formatDisplayDay, type DateRange } from '@/shared/domain/date-range';
import { BooksSource } from './books-source';
import { useCashFlow } from './use-cash-flow';
import '@/app/reports/layout/report-layout.css';
import './cash-flow.css';

export const COLLECTIONS_LOADING_TEXT = 'Loading Collections...';

const COLUMNS: ReportColumn<MissedPayment>[] = [
  { key: 'name', label: 'Client', value: (row) => row.name },
  {
    key: 'amount',
    label: 'Amount missed',
    value: (row) => row.amount,
    render: (row) => formatUsd(row.amount),
    numeric: true,
  },
  {
    key: 'dueDate',
    label: 'Due',
    value: (row) => row.dueDate,
    render: (row) => formatDisplayDay(row.dueDate),
  },
];

export interface CollectionsScreenProps {
  /** A range a link carried (the Cash Flow card's View All); wins over the stored one. */
  linked?: DateRange | null;
  storageKey?: string;
}

/**
 * Collections (spec: dashboards 2.2 cash-flow-pipeline, 2.3 "View All", 3 Cash flow data):
 * for the chosen range, what came in and what did not — collected, missed and partial
 * payments, the payment plans on and off plan — and every missed payment, largest first,
 * as a sortable table with an export (docs/cash-flow.md).
 */
export function CollectionsScreen({
  linked = null,
  storageKey = 'report-filters:collections',
}: CollectionsScreenProps) {
  const range = useReportRange(storageKey, linked);
  const report = useCashFlow(range.range);
  return (
    <div className="ic-report-screen">
      <ReportRangeBar value={range} loading={report.status === 'loading'} />
      <Card className="ic-report-section" aria-busy={report.status === 'loading'}>
        <ReportState state={report} loadingLabel={COLLECTIONS_LOADING_TEXT}>
          {(data) => <CollectionsBody data={data} />}
        </ReportState>
      </Card>
    </div>
  );
}

function CollectionsBody({ data }: { data: CashFlowData }) {
  const plans = cashFlowPlans(data);
  const { sort, onSort, exportRows } = useSortedTableExport(COLUMNS, data.missedPayments, {
    key: 'amount',
    direction: 'desc',
  });
  const missed = data.missedPayments.length;
  return (
    <>
      <p className="ic-report-toolbar__text">
        {formatDisplayDay(data.startDate)} to {formatDisplayDay(data.endDate)}
      </p>
      <BooksSource books={data.books} />
      <ReportKpis
        label="Payments"
        items={[
          { label: 'Collected', value: formatUsd(data.collected) },
          {
            label: 'Missed payments',
            value: formatUsd(data.missedPaymentsTotal),
            alert: data.missedPaymentsTotal > 0,
            detail: missed > 0 ? countOf(missed, 'payment') + ' missed' : 'None missed',
          },
          {
            label: 'Partial payments',
            value: formatUsd(data.partialPaymentTotal),
            detail: 'Still unpaid on payments made in part',
          },
          { label: 'Future cash flow', value: formatUsd(data.futureCashFlow) },
        ]}
      />
      <ReportKpis
        label="Payment plans"
        items={[
          { label: 'Active payment plans', value: formatCount(plans.activePaymentPlans) },
          {
            label: 'On plan',
            value: formatRate(plans.onPlanRate),
            detail: `${countOf(data.onPlan, 'plan')} paid as scheduled`,
          },
          {
            label: 'Off plan',
            value: formatRate(plans.offPlanRate),
            alert: data.offPlan > 0,
            detail: `${countOf(data.offPlan, 'plan')} with a missed payment`,
          },
        ]}
      />
      <div className="ic-report-toolbar">
        <h2 className="ic-cash-flow__heading">Who missed?</h2>
        <TableExportButtons
          rows={exportRows}
          fileName="missed_payments_data"
          what="missed payments"
        />
      </div>
      {missed === 0 ? (
        <p className="ic-cash-flow__good">No missed payments in this range.</p>
      ) : (
        <ReportTable
          caption="Missed payments"
          columns={COLUMNS}
          rows={data.missedPayments}
          rowKey={(row) => row.id}
          initialSort={{ key: 'amount', direction: 'desc' }}
          sort={sort}
          onSort={onSort}
        />
      )}
    </>
  );
}
