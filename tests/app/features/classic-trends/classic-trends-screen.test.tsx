import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClassicTrendsScreen } from '@/app/features/classic-trends/classic-trends-screen';
import {
  TREND_PERSPECTIVES,
  TREND_SERIES,
  trendSeriesName,
  type TrendsData,
  type TrendTimeFrame,
} from '@/shared/contracts/reports/trends';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type FakeApi, type Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';

const LABELS: Record<TrendTimeFrame, string[]> = {
  week: ['Mon 11/16', 'Tue 11/17', 'Wed 11/18', 'Thu 11/19', 'Fri 11/20', 'Sat 11/21', 'Sun 11/22'],
  // November 2026 begins on a Sunday and ends on a Monday (the server's buckets).
  month: [
    '11/01 - 11/01',
    '11/02 - 11/08',
    '11/09 - 11/15',
    '11/16 - 11/22',
    '11/23 - 11/29',
    '11/30 - 11/30',
  ],
  year: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const PERIOD_START: Record<TrendTimeFrame, string> = {
  week: '2026-11-16',
  month: '2026-11-01',
  year: '2026-01-01',
};

/** Every series of both perspectives; series i has i + 1 in its first bucket (or nothing). */
function trends(timeFrame: TrendTimeFrame = 'month', empty = false): TrendsData {
  const labels = LABELS[timeFrame];
  const series = TREND_PERSPECTIVES.flatMap((perspective) =>
    TREND_SERIES.map(({ stat, label }) => ({
      name: trendSeriesName(label, perspective),
      stat,
      perspective,
    })),
  );
  const data = Object.fromEntries(
    series.map((item, index) => [
      item.name,
      labels.map((_, bucket) => (empty || bucket > 0 ? 0 : index + 1)),
    ]),
  );
  return {
    timeFrame,
    items: {
      data,
      labels,
      series,
      time: { startTime: PERIOD_START[timeFrame], endTime: '2026-11-30' },
    },
  };
}

function renderTrends(trendsHandler?: Handler, storage = createMemoryStorage()) {
  const api: FakeApi = reportApi([
    [
      '/reports/trends',
      trendsHandler ??
        ((req) => ({ data: trends((req.body as { timeFrame: TrendTimeFrame }).timeFrame) })),
    ],
  ]);
  const host = makeHost({
    api,
    storage,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(<ClassicTrendsScreen />, { host });
  return { api, storage };
}

const table = async () => {
  const toggle = await screen.findByRole('button', { name: 'Show the numbers' });
  fireEvent.click(toggle);
  return screen.getByRole('table');
};
const rowNames = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

// The workspace's today (America/Chicago): Saturday 11/28/2026, in the week 11/23 - 11/29.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T18:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ClassicTrendsScreen (spec: dashboards 2.8)', () => {
  it("shows 'Loading Classic Trends...', then a 500 px chart of every series for this month", async () => {
    const pending = deferred<unknown>();
    const { api } = renderTrends(() => pending.promise);
    expect((await screen.findByText('Loading Classic Trends...')).textContent).toBe(
      'Loading Classic Trends...',
    );
    await act(async () => pending.resolve({ data: trends('month') }));
    const chart = await screen.findByRole('img', { name: /^Classic Trends from 11\/01 - 11\/01/ });
    expect((chart.parentElement as HTMLElement).style.height).toBe('500px');
    // spec 9: the month is the default time frame.
    expect(api.calls('/reports/trends')[0]!.body).toEqual({ timeFrame: 'month' });
    expect((screen.getByLabelText('Time range') as HTMLSelectElement).value).toBe('month');
    const grid = await table();
    // One perspective by default: its eight series (issue #30).
    expect(rowNames(grid)).toEqual(TREND_SERIES.map(({ label }) => label));
    // The cut first week and the week under way are marked partial.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Series',
      '11/01 - 11/01*',
      '11/02 - 11/08',
      '11/09 - 11/15',
      '11/16 - 11/22',
      '11/23 - 11/29*',
      '11/30 - 11/30',
    ]);
  });

  it('leaves the week not begun out (no count, not 0) and says which weeks are partial (issue #30)', async () => {
    renderTrends();
    const grid = await table();
    const newLeads = within(grid).getByRole('rowheader', { name: 'New Leads' }).parentElement!;
    expect(
      within(newLeads)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', '0', '0', '0', '—']);
    expect(screen.getByTestId('trends-bucket-note').textContent).toBe(
      '* Partial, not comparable with a whole week: 11/01 - 11/01: only 1 day of that week is in ' +
        'the month; 11/23 - 11/29: under way, 6 of 7 days so far.11/30 - 11/30 has not begun: not drawn.',
    );
  });

  it('offers This Week, This Month and This Year and sends the chosen filters on Filter', async () => {
    const { api, storage } = renderTrends();
    await screen.findByRole('img', { name: /Classic Trends/ });
    const range = screen.getByLabelText('Time range') as HTMLSelectElement;
    expect([...range.options].map((o) => o.text)).toEqual(['This Week', 'This Month', 'This Year']);
    fireEvent.change(range, { target: { value: 'week' } });
    // A practice area and its sub case type (the list narrows to the chosen parent).
    fireEvent.click(screen.getByRole('button', { name: /Practice areas/ }));
    const areas = screen.getByRole('listbox', { name: 'Practice areas' });
    expect(
      within(areas)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bankruptcy', 'Personal Injury', 'Unknown']);
    fireEvent.click(within(areas).getByRole('option', { name: 'Bankruptcy' }));
    fireEvent.click(within(areas).getByRole('option', { name: 'Unknown' }));
    fireEvent.click(screen.getByRole('button', { name: /Sub case types/ }));
    const subs = screen.getByRole('listbox', { name: 'Sub case types' });
    expect(
      within(subs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Chapter 7']);
    fireEvent.click(within(subs).getByRole('option', { name: 'Chapter 7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls('/reports/trends').at(-1)!.body).toEqual({
        timeFrame: 'week',
        practiceAreas: ['ct_1', 'unknown'],
        subCaseTypes: ['ct_3'],
      }),
    );
    expect(
      (await screen.findByRole('img', { name: /^Classic Trends from Mon 11\/16 to Sun 11\/22/ }))
        .tagName,
    ).toBe('CANVAS');
    // spec 4: the filters are kept for the next visit.
    expect(JSON.parse((await storage.get('report-filters:trends'))!)).toMatchObject({
      timeFrame: 'week',
      caseTypes: ['ct_1', 'unknown'],
    });
  });

  it('opens on the stored filters, without ids the workspace no longer has', async () => {
    const storage = createMemoryStorage({
      'report-filters:trends': JSON.stringify({
        timeFrame: 'year',
        leadSources: ['ls_1', 'ls_gone'],
        campaigns: [],
        offices: [],
        caseTypes: [],
        subCaseTypes: [],
      }),
    });
    const { api } = renderTrends(undefined, storage);
    await waitFor(() =>
      expect(api.calls('/reports/trends').at(-1)!.body).toEqual({
        timeFrame: 'year',
        leadSources: ['ls_1'],
      }),
    );
    expect((await screen.findByRole('img', { name: /from Jan to Dec/ })).tagName).toBe('CANVAS');
  });

  it('shows one perspective’s eight series, the other or both one click away (spec 4, issue #30)', async () => {
    renderTrends();
    const grid = await table();
    const group = screen.getByRole('radiogroup', { name: 'Perspective' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => [
          (r.closest('label') as HTMLElement).textContent,
          (r as HTMLInputElement).checked,
        ]),
    ).toEqual([
      ['Snapshot', true],
      ['Conversion', false],
      ['Both', false],
    ]);
    fireEvent.click(within(group).getByRole('radio', { name: 'Conversion' }));
    // The Conversion series: the same names, their own numbers (series 9 to 16 of the answer).
    const cells = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(rowNames(screen.getByRole('table'))).toEqual(TREND_SERIES.map(({ label }) => label));
    expect(cells()).toEqual(['9', '10', '11', '12', '13', '14', '15', '16']);
    fireEvent.click(within(group).getByRole('radio', { name: 'Both' }));
    expect(rowNames(screen.getByRole('table'))).toEqual([
      ...TREND_SERIES.map(({ label }) => `${label} (Snapshot)`),
      ...TREND_SERIES.map(({ label }) => `${label} (Conversion)`),
    ]);
    expect(grid.isConnected).toBe(true);
  });

  it("treats a period with nothing in it as 'No Data', and Try Again? asks again", async () => {
    let empty = true;
    const { api } = renderTrends(() => ({ data: trends('month', empty) }));
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByRole('img', { name: /Classic Trends/ })).tagName).toBe('CANVAS');
    expect(api.calls('/reports/trends')).toHaveLength(2);
  });

  it('shows the error view when the report fails', async () => {
    renderTrends(serverError);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    expect(screen.getByRole('button', { name: 'Try Again?' }).tagName).toBe('BUTTON');
  });
});
