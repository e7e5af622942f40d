import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countColumn, moneyColumn, percentColumn } from '@/app/reports/table/report-columns';
import { ReportTable, type ReportColumn } from '@/app/reports/table/report-table';
import { FIGURE } from '@/app/components/figure/figure';
import { TABLE_NUMBER } from '@/app/components/table/table-scroll';

interface Row {
  name: string;
  source: string;
  leads: number;
  rate: number;
  cost: number;
}

const columns: ReportColumn<Row>[] = [
  { key: 'name', label: 'Agent', value: (row) => row.name },
  { key: 'source', label: 'Lead source', value: (row) => row.source },
  countColumn('leads', 'Leads', (row) => row.leads),
  percentColumn('rate', 'Set rate', (row) => row.rate),
  moneyColumn('cost', 'Cost', (row) => row.cost),
];

const rows: Row[] = [
  { name: 'Ada', source: 'Google Ads', leads: 1234, rate: 50, cost: 99.5 },
  { name: 'Bo', source: 'Yelp', leads: 7, rate: 12.5, cost: 1000 },
];

// The shared table's figure column (app/components/table): right-aligned, and every
// figure cell also wears the one-line figure class (issue #30).
const NUMBER = TABLE_NUMBER;

describe('report table number columns (right-aligned, headers too)', () => {
  it('marks the header, every cell and the totals of a numeric column, and no text column', () => {
    render(
      <ReportTable
        caption="Agents"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name}
        initialSort={{ key: 'name', direction: 'asc' }}
        totals={{ name: 'Total', source: '', leads: 1241, rate: 31.25, cost: 1099.5 }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Agents' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => [th.textContent, th.classList.contains(NUMBER)])).toEqual([
      ['Agent', false],
      ['Lead source', false],
      ['Leads', true],
      ['Set rate', true],
      ['Cost', true],
    ]);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const cells = within(row).getAllByRole('cell');
      // Lead source, then the three numbers (the first column is the row header).
      expect(cells.map((cell) => cell.classList.contains(NUMBER))).toEqual([
        false,
        true,
        true,
        true,
      ]);
      expect(cells.map((cell) => cell.classList.contains(FIGURE))).toEqual([
        false,
        true,
        true,
        true,
      ]);
    }
  });
});
