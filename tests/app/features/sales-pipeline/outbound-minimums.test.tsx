import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OutboundSalesSection } from '@/app/features/sales-pipeline/optimization-sections';
import { makeHost, renderWithHost } from '../../helpers';
import { fakeApi } from '../../fake-api';
import { reportWorkspace } from '../../reports/filters/fixtures';

// Outbound sales by agent with each agent's weekly minimums (Settings > Users parameters,
// scaled by the server to the range; docs/users-parameters.md).

const ROW = { answerRate: 50, setRate: 25 };

function renderSection() {
  const api = fakeApi({
    '/reports/outbound': () => ({
      data: {
        totals: { calls: 60, answered: 30, sets: 8, answerRate: 50, setRate: 26.67 },
        agents: [
          {
            id: 'ag_1',
            name: 'Dana Diaz',
            calls: 40,
            answered: 20,
            sets: 5,
            ...ROW,
            minimums: { calls: 50, answers: 10, sets: null },
            belowMinimum: ['calls'],
          },
          {
            id: 'ag_2',
            name: 'Ari Amos',
            calls: 20,
            answered: 10,
            sets: 3,
            ...ROW,
            minimums: { calls: 10, answers: null, sets: 2 },
            belowMinimum: [],
          },
          // An answer without minimums (none set, or an older server).
          { id: 'ag_3', name: 'Lee Park', calls: 0, answered: 0, sets: 0, ...ROW },
        ],
      },
    }),
  });
  const host = makeHost({
    api,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(
    <OutboundSalesSection range={{ startDate: '2026-11-20', endDate: '2026-11-26' }} />,
    { host },
  );
}

const cellsOf = (table: HTMLElement, name: string) => {
  const row = within(table)
    .getByRole('rowheader', { name: new RegExp(`^${name}`) })
    .closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

describe('Outbound sales by agent, with the agents’ minimums', () => {
  it('shows each minimum beside its figure and marks the agents under one', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Outbound sales by agent' });
    const dana = within(table).getByRole('rowheader', { name: /^Dana Diaz/ });
    expect(dana.textContent).toBe('Dana DiazBelow minimum');
    // Outbound calls, Answered, Answer rate, Sets, Set rate.
    expect(cellsOf(table, 'Dana Diaz')).toEqual([
      '40 (below min 50)',
      '20 (min 10)',
      '50.00%',
      '5',
      '25.00%',
    ]);
    const ari = within(table).getByRole('rowheader', { name: /^Ari Amos/ });
    expect(within(ari).queryByText('Below minimum')).toBeNull();
    expect(cellsOf(table, 'Ari Amos')).toEqual([
      '20 (min 10)',
      '10',
      '50.00%',
      '3 (min 2)',
      '25.00%',
    ]);
    expect(cellsOf(table, 'Lee Park')).toEqual(['0', '0', '50.00%', '0', '25.00%']);
  });
});
