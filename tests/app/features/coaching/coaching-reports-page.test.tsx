import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CoachingReportsPage,
  RANGE_ORDER_TEXT,
} from '@/app/features/coaching/coaching-reports-page';
import type { CoachingReport } from '@/shared/contracts/coaching';
import { renderWithHost } from '../../helpers';
import { coachingHost } from './coaching-fixtures';

const report: CoachingReport = {
  from: '2026-02-01',
  to: '2026-05-20',
  agents: [
    {
      agentId: 'ag_1',
      agentName: 'Ava Adams',
      count: 3,
      average: 70,
      trend: { direction: 'up', change: 15 },
      months: [
        { month: '2026-03', average: 65, count: 2 },
        { month: '2026-05', average: 80, count: 1 },
      ],
    },
    {
      agentId: 'ag_2',
      agentName: 'Ben Brooks',
      count: 0,
      average: null,
      trend: { direction: 'none', change: null },
      months: [],
    },
  ],
  videosByCategory: [
    { categoryId: 'immigration', name: 'Immigration', videos: 2 },
    { categoryId: 'cc_01', name: 'Intake Basics', videos: 0 },
  ],
};

describe('Coaching → Reports (issue #16)', () => {
  it('shows each agent’s average, trend and monthly averages, and the videos per topic', async () => {
    const { host, api } = coachingHost('owner', { 'coaching-reports': () => ({ data: report }) });
    renderWithHost(<CoachingReportsPage />, { host });
    const ava = (await screen.findByRole('rowheader', { name: 'Ava Adams' })).closest('tr')!;
    expect(within(ava).getByText('70')).toBeInTheDocument();
    expect(within(ava).getByText('Improving (+15 pts)')).toBeInTheDocument();
    expect(ava.querySelectorAll('td')[3]!.textContent).toBe('Mar 2026: 65 · May 2026: 80');
    expect(within(ava).getByText('May 2026: 80')).toBeInTheDocument();
    const ben = screen.getByRole('rowheader', { name: 'Ben Brooks' }).closest('tr')!;
    expect(within(ben).getByText('Not enough data')).toBeInTheDocument();
    const immigration = screen.getByRole('rowheader', { name: 'Immigration' }).closest('tr')!;
    expect(within(immigration).getByText('2')).toBeInTheDocument();
    const query = api.calls('coaching-reports')[0]!.query as { from: string; to: string };
    expect(query.from <= query.to).toBe(true);
  });

  it('refuses a period that ends before it starts, asking nothing', async () => {
    const { host, api } = coachingHost('owner', { 'coaching-reports': () => ({ data: report }) });
    renderWithHost(<CoachingReportsPage />, { host });
    await screen.findByRole('rowheader', { name: 'Ava Adams' });
    const before = api.calls('coaching-reports').length;
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2030-01-01' } });
    expect(await screen.findByText(RANGE_ORDER_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Ava Adams' })).toBeNull();
    expect(api.calls('coaching-reports').length).toBe(before);
  });

  it('shows the error view with Try Again when the report fails', async () => {
    const { host } = coachingHost('owner', { 'coaching-reports': () => ({ fail: 500 }) });
    renderWithHost(<CoachingReportsPage />, { host });
    expect(await screen.findByRole('button', { name: 'Try Again?' })).toBeInTheDocument();
  });
});
