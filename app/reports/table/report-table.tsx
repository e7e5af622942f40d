import { useMemo, useState, type ReactNode } from 'react';
import { FIGURE } from '@/app/components/figure/figure';
import { SortableHeader } from '@/app/components/sortable-header/sortable-header';
import {
  TABLE,
  TABLE_CAPTION,
  TABLE_NUMBER,
  TableScroll,
} from '@/app/components/table/table-scroll';
import { sortRows, toggleSort, type SortState, type SortValue } from '@/shared/domain/sorting';
import './report-table.css';

/** One column of a report table: how a row's cell sorts, reads and exports. */
export interface ReportColumn<T> {
  key: string;
  label: string;
  /** The sortable (and exported) value of the cell. */
  value: (row: T) => SortValue;
  /** What the cell shows (default: the value as text, '—' when blank). */
  render?: (row: T) => ReactNode;
  /** Numbers align right (and sort numerically, which the values already do). */
  numeric?: boolean;
}

export interface ReportTableProps<T> {
  /** The table's accessible name (its caption, visually hidden). */
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The sort the table opens with. */
  initialSort: SortState;
  /** A totals row under the body, as the columns show it. */
  totals?: T | null;
  /** Makes the first cell a button that opens the row (a drill-down). */
  onOpen?: (row: T) => void;
  /** The key of the row opened (aria-expanded on its button). */
  openKey?: string | null;
  /** Id of the element the open row shows (aria-controls). */
  detailId?: string;
}

export const blank = (value: SortValue) => value === null || value === undefined || value === '';

function cellText<T>(column: ReportColumn<T>, row: T): ReactNode {
  if (column.render) return column.render(row);
  const value = column.value(row);
  return blank(value) ? '—' : String(value);
}

/**
 * Export rows of a report table: the header, then each row's values as the table lists
 * them (blank cells empty, so a spreadsheet sums the columns).
 */
export function tableExportRows<T>(
  columns: readonly ReportColumn<T>[],
  rows: readonly T[],
): string[][] {
  return [
    columns.map((column) => column.label),
    ...rows.map((row) =>
      columns.map((column) => {
        const value = column.value(row);
        return blank(value) ? '' : String(value);
      }),
    ),
  ];
}

/** The rows in the order a table with this sort lists them. */
export function sortedTableRows<T>(
  columns: readonly ReportColumn<T>[],
  rows: readonly T[],
  sort: SortState,
): T[] {
  return sortRows(rows, sort, (row, key) => columns.find((c) => c.key === key)?.value(row));
}

/** A sort a screen keeps (to export the rows in the order shown). */
export function useTableSort(initial: SortState) {
  const [sort, setSort] = useState<SortState>(initial);
  return { sort, onSort: (key: string) => setSort((current) => toggleSort(current, key)) };
}

/**
 * A sorted table with its export: the export lists the rows in the order the table shows
 * them, then the totals row when one is given (pass it only when the export should carry it).
 */
export function useSortedTableExport<T>(
  columns: readonly ReportColumn<T>[],
  rows: readonly T[],
  initial: SortState,
  totals?: T,
) {
  const { sort, onSort } = useTableSort(initial);
  const exportRows = useMemo(
    () =>
      tableExportRows(columns, [
        ...sortedTableRows(columns, rows, sort),
        ...(totals ? [totals] : []),
      ]),
    [columns, rows, sort, totals],
  );
  return { sort, onSort, exportRows };
}

const NUMBER_CELL = `${FIGURE} ${TABLE_NUMBER}`;

/**
 * A sortable report table (spec: dashboards 4 "Sorting": a new column starts ascending,
 * the same column flips) in the shared table box (app/components/table: every column
 * shows at 1280 px, narrower it scrolls sideways with the first column in view), with an
 * optional totals row and a drill-down button per row. Controlled: pass `sort`/`onSort`
 * from useTableSort when the screen needs the order (exports), else it keeps its own.
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  totals,
  onOpen,
  openKey,
  detailId,
  sort: controlledSort,
  onSort: controlledOnSort,
}: ReportTableProps<T> & { sort?: SortState; onSort?: (key: string) => void }) {
  const own = useTableSort(initialSort);
  const sort = controlledSort ?? own.sort;
  const onSort = controlledOnSort ?? own.onSort;
  const sorted = useMemo(() => sortedTableRows(columns, rows, sort), [columns, rows, sort]);
  const [first, ...rest] = columns;

  return (
    <TableScroll label={caption} className="ic-report-table">
      <table className={`${TABLE} ic-report-table__table`}>
        <caption className={TABLE_CAPTION}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <SortableHeader
                key={column.key}
                column={column.key}
                sort={sort}
                onSort={onSort}
                className={column.numeric ? TABLE_NUMBER : undefined}
              >
                {column.label}
              </SortableHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const key = rowKey(row);
            const open = openKey === key;
            return (
              <tr key={key} className={open ? 'ic-report-table__row--open' : undefined}>
                <th scope="row">
                  {onOpen && first ? (
                    <button
                      type="button"
                      className="ic-report-table__open"
                      aria-expanded={open}
                      aria-controls={open ? detailId : undefined}
                      onClick={() => onOpen(row)}
                    >
                      {cellText(first, row)}
                    </button>
                  ) : first ? (
                    cellText(first, row)
                  ) : null}
                </th>
                {rest.map((column) => (
                  <td key={column.key} className={column.numeric ? NUMBER_CELL : undefined}>
                    {cellText(column, row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {totals ? (
          <tfoot>
            <tr>
              <th scope="row">{first ? cellText(first, totals) : null}</th>
              {rest.map((column) => (
                <td key={column.key} className={column.numeric ? NUMBER_CELL : undefined}>
                  {cellText(column, totals)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </TableScroll>
  );
}
