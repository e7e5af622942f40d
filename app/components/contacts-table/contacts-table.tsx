import { useRef, useState } from 'react';
import { SortableHeader } from '@/app/components/sortable-header/sortable-header';
import { TABLE, TABLE_CAPTION, TableScroll } from '@/app/components/table/table-scroll';
import type { SortState } from '@/shared/domain/sorting';
import './contacts-table.css';

export type ContactColumn = 'name' | 'leadSource' | 'campaign' | 'caseType' | 'status';

/** Column headers as the spec names them (spec: dashboards 2.5, 2.7, 9). */
const CONTACT_COLUMN_LABELS: Record<ContactColumn, string> = {
  name: 'Contact Name',
  leadSource: 'Lead Source',
  campaign: 'Campaign',
  caseType: 'Case Type',
  status: 'Status',
};

export interface ContactTableRow {
  key: string;
  name: string;
  /** The CRM record link (shared/domain/crm-links); '' shows the name as plain text. */
  href: string;
  leadSource: string;
  campaign: string;
  caseType: string;
  status: string;
}

export interface ContactsTableProps {
  /** Rows in display order (already sorted by the caller). */
  rows: readonly ContactTableRow[];
  columns: readonly ContactColumn[];
  sort: SortState<ContactColumn> | null;
  onSort: (column: ContactColumn) => void;
  /** The table's caption (read by screen readers; shown visually by the caller's title). */
  caption: string;
}

const ROW_HEIGHT = 37;
/** Above this many rows only the rows in view (plus a margin) are in the DOM. */
const WINDOW_FROM = 200;
const OVERSCAN = 10;

/**
 * The contacts list under a stat card (spec: dashboards 2.5, 2.7, 9): sortable headers
 * with aria-sort, names linking to the CRM record, a scroll area of about 200 px with the
 * header kept in view. Long lists render only the rows in view, so thousands of contacts
 * stay smooth.
 */
export function ContactsTable({ rows, columns, sort, onSort, caption }: ContactsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const windowed = rows.length > WINDOW_FROM;
  const viewport = 200;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed
    ? Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN)
    : rows.length;
  const visible = rows.slice(first, last);

  return (
    <TableScroll
      ref={scrollRef}
      className="ic-contacts-table"
      label={caption}
      onScroll={windowed ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
    >
      <table className={`${TABLE} ic-contacts-table__table`} aria-rowcount={rows.length + 1}>
        <caption className={TABLE_CAPTION}>{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <SortableHeader key={column} column={column} sort={sort} onSort={onSort}>
                {CONTACT_COLUMN_LABELS[column]}
              </SortableHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 ? <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} /> : null}
          {visible.map((row, index) => (
            <tr key={row.key} aria-rowindex={first + index + 2}>
              {columns.map((column) =>
                column === 'name' ? (
                  <th key={column} scope="row" className="ic-contacts-table__name">
                    {row.href ? (
                      <a href={row.href} target="_blank" rel="noopener noreferrer">
                        {row.name || '(no name)'}
                      </a>
                    ) : (
                      row.name || '(no name)'
                    )}
                  </th>
                ) : (
                  <td key={column} title={row[column] || undefined}>
                    {row[column] || '—'}
                  </td>
                ),
              )}
            </tr>
          ))}
          {last < rows.length ? (
            <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} />
          ) : null}
        </tbody>
      </table>
    </TableScroll>
  );
}
