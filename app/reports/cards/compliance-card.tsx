import { useId, useMemo, useState } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Icon } from '@/app/components/icon/icon';
import { SortableHeader } from '@/app/components/sortable-header/sortable-header';
import { FIGURE } from '@/app/components/figure/figure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_NUMBER, TableScroll } from '@/app/components/table/table-scroll';
import type { AgentComplianceRow } from '@/shared/contracts/reports/call-compliance';
import { complianceBar, COMPLIANCE_BAR, type ComplianceSortKey } from '@/shared/domain/compliance';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { sortRows, toggleSort, type SortState } from '@/shared/domain/sorting';
import type { ComplianceReport } from '@/shared/query/report-queries';
import { useCallCompliance } from './use-call-compliance';
import './compliance-card.css';

export interface ComplianceCardProps {
  filters: ReportFilterState | null;
  /** Start with the per-agent view open. */
  initiallyExpanded?: boolean;
}

/**
 * The call-compliance card (spec: dashboards 2.6, 9): inbound and outbound compliance
 * bars (minimum marker 10, goal 100, height 20, rounded whole percents) and a per-agent
 * list sortable by agent name, inbound or outbound percent (default AGENT_NAME ascending;
 * a new column starts ascending, the same column flips). Clicking the card toggles the
 * per-agent view. The caller shows it only when call tracking is enabled.
 */
export function ComplianceCard({ filters, initiallyExpanded = false }: ComplianceCardProps) {
  const report = useCallCompliance(filters);
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const agentsId = useId();
  const loaded = report.status === 'loaded' && report.data;

  return (
    <Card className="ic-compliance" aria-busy={report.status === 'loading'}>
      <div className="ic-compliance__header">
        <h2 className="ic-compliance__title">Call Compliance</h2>
        {loaded ? (
          <button
            type="button"
            className="ic-compliance__toggle"
            aria-expanded={expanded}
            aria-controls={agentsId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Hide agents' : 'Show agents'}
            <Icon name={expanded ? 'chevron-down' : 'chevron-right'} size="sm" />
          </button>
        ) : null}
      </div>
      {report.status === 'error' ? (
        <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
      ) : loaded ? (
        <>
          {/* A click anywhere on the bars toggles the agents too (the button above is the
              keyboard and screen-reader way). */}
          <div className="ic-compliance__bars" onClick={() => setExpanded((value) => !value)}>
            <ComplianceBarRow
              label="Inbound"
              percent={report.data!.totals.INBOUND_PERCENT}
              connected={report.data!.totals.INBOUND_CONNECTED}
              total={report.data!.totals.INBOUND_TOTAL}
            />
            <ComplianceBarRow
              label="Outbound"
              percent={report.data!.totals.OUTBOUND_PERCENT}
              connected={report.data!.totals.OUTBOUND_CONNECTED}
              total={report.data!.totals.OUTBOUND_TOTAL}
            />
            <p className="ic-compliance__key">
              <span className="ic-compliance__key-marker" aria-hidden="true" />
              Minimum {COMPLIANCE_BAR.min}% · goal {COMPLIANCE_BAR.goal}% of calls connected
            </p>
          </div>
          <div id={agentsId} hidden={!expanded}>
            {expanded ? <AgentList report={report.data!} /> : null}
          </div>
        </>
      ) : (
        <LoadingBlock label="Loading Agents Compliance..." />
      )}
    </Card>
  );
}

interface BarRowProps {
  label: string;
  percent: number;
  connected: number;
  total: number;
}

function ComplianceBarRow({ label, percent, connected, total }: BarRowProps) {
  const bar = complianceBar(percent);
  return (
    <div className="ic-compliance__bar-row">
      <div className="ic-compliance__bar-head">
        <span className="ic-compliance__bar-label">{label}</span>
        <span className={`ic-compliance__bar-value ${FIGURE}`}>
          {bar.percent}%
          <span className="ic-compliance__bar-detail">
            {' '}
            · {connected} of {total} calls connected
          </span>
        </span>
      </div>
      <div
        className="ic-compliance__track"
        style={{ height: COMPLIANCE_BAR.height }}
        role="progressbar"
        aria-label={`${label} compliance`}
        aria-valuemin={0}
        aria-valuemax={bar.goal}
        aria-valuenow={bar.percent}
        aria-valuetext={`${bar.percent}% (${connected} of ${total} calls), minimum ${bar.min}%, goal ${bar.goal}%`}
      >
        <div
          className={`ic-compliance__fill ic-compliance__fill--${bar.colour}`}
          style={{ width: `${bar.percent}%` }}
        />
        <div
          className="ic-compliance__marker"
          style={{ left: `${bar.min}%` }}
          title={`Minimum ${bar.min}%`}
        />
      </div>
    </div>
  );
}

const AGENT_COLUMNS: { key: ComplianceSortKey; label: string; numeric?: boolean }[] = [
  { key: 'AGENT_NAME', label: 'Agent' },
  { key: 'INBOUND_PERCENT', label: 'Inbound', numeric: true },
  { key: 'OUTBOUND_PERCENT', label: 'Outbound', numeric: true },
];

function AgentList({ report }: { report: ComplianceReport }) {
  const [sort, setSort] = useState<SortState<ComplianceSortKey>>({
    key: 'AGENT_NAME',
    direction: 'asc',
  });
  const rows = useMemo(
    () => sortRows(report.agents, sort, (row: AgentComplianceRow, key) => row[key]),
    [report.agents, sort],
  );
  if (rows.length === 0) {
    return (
      <p className="ic-compliance__empty">No agent took or was rung for a call in this range.</p>
    );
  }
  return (
    <TableScroll className="ic-compliance__agents" label="Compliance by agent">
      <table className={`${TABLE} ic-compliance__table`}>
        <thead>
          <tr>
            {AGENT_COLUMNS.map((column) => (
              <SortableHeader
                key={column.key}
                column={column.key}
                sort={sort}
                onSort={(key) => setSort((current) => toggleSort(current, key))}
                className={column.numeric ? TABLE_NUMBER : undefined}
              >
                {column.label}
              </SortableHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.AGENT_ID ?? row.AGENT_NAME}>
              <th scope="row">{row.AGENT_NAME}</th>
              <td
                className={`${FIGURE} ${TABLE_NUMBER}`}
                title={`${row.INBOUND_CONNECTED} of ${row.INBOUND_TOTAL} inbound calls`}
              >
                {row.INBOUND_PERCENT}%
              </td>
              <td
                className={`${FIGURE} ${TABLE_NUMBER}`}
                title={`${row.OUTBOUND_CONNECTED} of ${row.OUTBOUND_TOTAL} outbound calls`}
              >
                {row.OUTBOUND_PERCENT}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
