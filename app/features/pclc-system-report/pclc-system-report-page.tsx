import { useMemo } from 'react';
import { Card } from '@/app/components/card/card';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportRangeBar, useReportRange } from '@/app/reports/filters/report-range-bar';
import { ReportState } from '@/app/reports/report-state';
import { countOf } from '@/app/reports/table/report-format';
import { ReportTable, useSortedTableExport } from '@/app/reports/table/report-table';
import { quietly } from '@/shared/api/quiet-api';
import { fetchSystemPclc } from '@/shared/api/reports/system-pclc';
import type { SystemPclcRow } from '@/shared/contracts/reports/pclc';
import { formatDisplayDay, type DateRange } from '@/shared/domain/date-range';
import { systemPclcFileName, systemPclcTotalsRow } from '@/shared/domain/system-pclc';
import { funnelRatesNote } from '@/shared/domain/funnel-cards';
import { latestTodayTimezone } from '@/shared/domain/workspace-day';
import { withSignal } from '@/shared/query/api-with-signal';
import { REPORT_GC_MS, REPORT_STALE_MS } from '@/shared/query/data-query';
import { reportsKey } from '@/shared/query/report-queries';
import { SYSTEM_PCLC_COLUMNS } from './system-pclc-columns';
import '@/app/reports/layout/report-layout.css';
import './pclc-system-report-page.css';

/** spec: dashboards 2.5 — the funnel's loading text. */
export const SYSTEM_PCLC_LOADING_TEXT = 'Loading PCLC...';
const BY_WORKSPACE = { key: 'workspace', direction: 'asc' } as const;

/** GET system/reports/pclc for the range (system role; no workspace in the key). */
function useSystemPclc(range: DateRange | null) {
  const { api } = useHost();
  const scope = useQueryScope();
  return useDataQuery<SystemPclcRow[]>(
    range
      ? {
          queryKey: [...reportsKey(scope), 'system-pclc', range],
          queryFn: ({ signal }) => fetchSystemPclc(withSignal(api, signal), range),
          staleTime: REPORT_STALE_MS,
          gcTime: REPORT_GC_MS,
          retry: false,
        }
      : null,
  );
}

/**
 * The timezone of the report's "today" (issue #30): the workspaces' latest today, as the
 * server counts it, not the browser's (UTC on a server-side browser) day. Undefined
 * until the workspaces have answered; null (the browser's day) if they cannot.
 */
function useAllWorkspacesTimezone(): string | null | undefined {
  const { api } = useHost();
  const scope = useQueryScope();
  // Quiet: without the list the report still works, on the browser's day.
  const quiet = useMemo(() => quietly(api), [api]);
  const workspaces = useDataQuery(workspacesQuery(scope, quiet));
  return useMemo(() => {
    if (workspaces.status === 'loading') return undefined;
    return latestTodayTimezone((workspaces.data ?? []).map((w) => w.attributes.timezone));
  }, [workspaces.status, workspaces.data]);
}

/**
 * System > PCLC System Report (issue #16; spec: dashboards 2.2 pclc-system-report, 7
 * "GET system/reports/pclc"): the snapshot funnel of every workspace for a date range
 * (the last 7 days by default), sortable, with a totals row computed from the summed
 * counts, and Excel / CSV exports of the rows as listed.
 */
export function PclcSystemReportPage() {
  const timezone = useAllWorkspacesTimezone();
  return (
    <Page
      eyebrow="System"
      title="PCLC System Report"
      description="The snapshot funnel of every workspace: leads, sets, shows, hires and filed in the range, with their rates."
    >
      <div className="ic-report-screen">
        {timezone === undefined ? (
          // Nothing is asked, nor shown, on the browser's day while the workspaces' comes.
          <Card className="ic-report-section ic-system-pclc" aria-busy="true">
            <LoadingBlock label={SYSTEM_PCLC_LOADING_TEXT} />
          </Card>
        ) : (
          <SystemPclcReport timezone={timezone} />
        )}
      </div>
    </Page>
  );
}

/** The range and the report, from the first render on the workspaces' today. */
function SystemPclcReport({ timezone }: { timezone: string | null }) {
  const range = useReportRange('report-filters:pclc-system-report', null, timezone);
  const report = useSystemPclc(range.range);
  return (
    <>
      <ReportRangeBar value={range} loading={report.status === 'loading'} />
      <Card className="ic-report-section ic-system-pclc" aria-busy={report.status === 'loading'}>
        <ReportState state={report} loadingLabel={SYSTEM_PCLC_LOADING_TEXT}>
          {(rows) => <SystemPclcTable rows={rows} range={range.range} />}
        </ReportState>
      </Card>
    </>
  );
}

function SystemPclcTable({
  rows,
  range,
}: {
  rows: readonly SystemPclcRow[];
  range: DateRange | null;
}) {
  const totals = useMemo(() => (rows.length > 0 ? systemPclcTotalsRow(rows) : undefined), [rows]);
  // The export carries the totals row too (labelled), after the workspaces in the order listed.
  const { sort, onSort, exportRows } = useSortedTableExport(
    SYSTEM_PCLC_COLUMNS,
    rows,
    BY_WORKSPACE,
    totals,
  );
  return (
    <>
      <div className="ic-report-toolbar">
        <div>
          <h2 className="ic-system-pclc__heading">Workspaces</h2>
          {range ? (
            <p className="ic-report-toolbar__text">
              {formatDisplayDay(range.startDate)} to {formatDisplayDay(range.endDate)} ·{' '}
              {countOf(rows.length, 'workspace')}
            </p>
          ) : null}
        </div>
        <TableExportButtons
          rows={rows.length > 0 ? exportRows : exportRows.slice(0, 1)}
          fileName={range ? systemPclcFileName(range) : 'pclc_system_report_data'}
          what="PCLC system report"
        />
      </div>
      {rows.length === 0 ? (
        <p className="ic-system-pclc__empty">No workspaces to report on yet.</p>
      ) : (
        <ReportTable
          caption="PCLC by workspace"
          columns={SYSTEM_PCLC_COLUMNS}
          rows={rows}
          rowKey={(row) => row.WORKSPACEID}
          initialSort={BY_WORKSPACE}
          sort={sort}
          onSort={onSort}
          totals={totals}
        />
      )}
      {rows.length > 0 ? (
        <p className="ic-system-pclc__note">{funnelRatesNote('rjPclc', false)}</p>
      ) : null}
    </>
  );
}
