import type { ReactNode } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { ariaSortOf, type SortState } from '@/shared/domain/sorting';
import './sortable-header.css';

export interface SortableHeaderProps<K extends string> {
  column: K;
  children: ReactNode;
  /** The table's sort (null: unsorted). */
  sort: SortState<K> | null;
  /** Called with this column when its header is clicked (toggleSort decides the direction). */
  onSort: (column: K) => void;
  /** Extra classes on the <th> (a numeric column's header aligns right). */
  className?: string;
}

/**
 * One column header of a sortable table (spec: dashboards 2.5, 2.6 — a new column starts
 * ascending, the same column flips): a button inside the <th>, aria-sort on the <th>, and
 * an arrow showing the direction (a faded double arrow while unsorted).
 */
export function SortableHeader<K extends string>({
  column,
  children,
  sort,
  onSort,
  className,
}: SortableHeaderProps<K>) {
  const state = ariaSortOf(sort, column);
  return (
    <th
      scope="col"
      aria-sort={state}
      className={className ? `ic-sortable-header ${className}` : 'ic-sortable-header'}
    >
      <button type="button" className="ic-sortable-header__button" onClick={() => onSort(column)}>
        {children}
        <Icon
          name={
            state === 'ascending'
              ? 'arrow-up'
              : state === 'descending'
                ? 'arrow-down'
                : 'arrows-up-down'
          }
          size="sm"
          className={
            state === 'none'
              ? 'ic-sortable-header__icon'
              : 'ic-sortable-header__icon ic-sortable-header__icon--on'
          }
        />
      </button>
    </th>
  );
}
