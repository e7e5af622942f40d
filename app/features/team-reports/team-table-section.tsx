import { useId, useMemo, useState, type ReactNode } from 'react';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportState } from '@/app/reports/report-state';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import type { DataState } from '@/app/query/use-data-query';
import type { DateRange } from '@/shared/domain/date-range';
import type { SortState } from '@/shared/domain/sorting';
import { AgentDetail } from './agent-detail';

export interface TeamTableSectionProps<T> {
  /** The section's heading (and the table's name). */
  title: string;
  loadingLabel: string;
  state: DataState<readonly T[]>;
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T) => string;
  initialSort: SortState;
  fileName: string;
  /** A line above the table from the rows shown (how many agents, the team's rate). */
  summary?: (rows: readonly T[]) => ReactNode;
  /** Rows the table lists (the inactive-users switch); default all. */
  filter?: (row: T) => boolean;
  /** The agent a row opens (drill-down); none: rows do not open. */
  agentOf?: (row: T) => { id: string; name: string } | null;
  range: DateRange | null;
  totals?: T | null;
  /** A line under the table: what its counts and rates hold (issue #30). */
  note?: ReactNode;
}

/**
 * A Team report's table: its states, a summary line, Excel/CSV of the rows in the order
 * listed, and the drill-down of one agent under the table.
 */
export function TeamTableSection<T>({
  title,
  loadingLabel,
  state,
  columns,
  rowKey,
  initialSort,
  fileName,
  summary,
  filter,
  agentOf,
  range,
  totals,
  note,
}: TeamTableSectionProps<T>) {
  const [open, setOpen] = useState<{ key: string; id: string; name: string } | null>(null);
  const detailId = useId();
  const headingId = useId();
  const rows = useMemo(
    () => (state.data ? (filter ? state.data.filter(filter) : [...state.data]) : []),
    [state.data, filter],
  );
  // The totals row stays on screen only: the export lists the agents.
  const { sort, onSort, exportRows } = useSortedTableExport(columns, rows, initialSort);
  const openRow = agentOf && open && rows.some((row) => rowKey(row) === open.key) ? open : null;

  return (
    <section className="ic-team__section" aria-labelledby={headingId}>
      <div className="ic-team__toolbar">
        <h2 className="ic-team__heading" id={headingId}>
          {title}
        </h2>
        <TableExportButtons
          rows={exportRows}
          fileName={fileName}
          what={title}
          disabled={state.status !== 'loaded'}
        />
      </div>
      <ReportState state={state} loadingLabel={loadingLabel}>
        {() => (
          <>
            {summary ? <p className="ic-team__summary">{summary(rows)}</p> : null}
            {rows.length === 0 ? (
              <p className="ic-team__empty">
                Nobody to list: every agent with numbers in this range is inactive. Turn on “Show
                inactive users” to see them.
              </p>
            ) : (
              <ReportTable
                caption={title}
                columns={columns}
                rows={rows}
                rowKey={rowKey}
                initialSort={initialSort}
                sort={sort}
                onSort={onSort}
                totals={totals}
                openKey={openRow?.key ?? null}
                detailId={detailId}
                onOpen={
                  agentOf
                    ? (row) => {
                        const agent = agentOf(row);
                        const key = rowKey(row);
                        if (!agent) return;
                        setOpen((current) =>
                          current?.key === key ? null : { key, id: agent.id, name: agent.name },
                        );
                      }
                    : undefined
                }
              />
            )}
            {note && rows.length > 0 ? <p className="ic-team__note">{note}</p> : null}
          </>
        )}
      </ReportState>
      {openRow && range && state.status === 'loaded' ? (
        <AgentDetail
          id={detailId}
          agentId={openRow.id}
          agentName={openRow.name}
          range={range}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
