import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortableHeader } from '@/app/components/sortable-header/sortable-header';
import { toggleSort, type SortState } from '@/shared/domain/sorting';

type Column = 'name' | 'percent';

function Table({ initial }: { initial: SortState<Column> }) {
  const [sort, setSort] = useState(initial);
  return (
    <table>
      <thead>
        <tr>
          <SortableHeader
            column="name"
            sort={sort}
            onSort={(c) => setSort((s) => toggleSort(s, c))}
          >
            Name
          </SortableHeader>
          <SortableHeader
            column="percent"
            sort={sort}
            onSort={(c) => setSort((s) => toggleSort(s, c))}
          >
            Percent
          </SortableHeader>
        </tr>
      </thead>
    </table>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('SortableHeader', () => {
  it('says which column the table is sorted by, and in which direction, with aria-sort', () => {
    render(<Table initial={{ key: 'name', direction: 'asc' }} />);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Percent').getAttribute('aria-sort')).toBe('none');
  });

  it('sorts a new column ascending and flips the same column on the next click', () => {
    render(<Table initial={{ key: 'name', direction: 'asc' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Percent' }));
    expect(header('Percent').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Percent' }));
    expect(header('Percent').getAttribute('aria-sort')).toBe('descending');
  });

  it('is a column header of its table (scope col)', () => {
    render(<Table initial={{ key: 'name', direction: 'desc' }} />);
    expect(header('Name').getAttribute('scope')).toBe('col');
  });
});
