import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PclcSystemReportPage } from '@/app/features/pclc-system-report/pclc-system-report-page';
import type { PclcData, SystemPclcRow } from '@/shared/contracts/reports/pclc';
import { funnelData } from '@/shared/domain/funnel-rates';
import { defaultReportRange, formatDisplayDay } from '@/shared/domain/date-range';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// System > PCLC System Report (issue #16; spec: dashboards 2.5, 7 GET system/reports/pclc).

function row(id: string, name: string, counts: Partial<PclcData>): SystemPclcRow {
  const base = {
    LEADS: 0,
    UNQUALIFIEDATLEAD: 0,
    SETS: 0,
    SHOWS: 0,
    UNQUALIFIEDATAPPT: 0,
    HIRES: 0,
    FILED: 0,
    NOHIRES: 0,
    ...counts,
  };
  // Every lead qualified unless told (QUALIFIED is the qualified transitions, issue #30).
  const QUALIFIED = counts.QUALIFIED ?? base.LEADS - base.UNQUALIFIEDATLEAD;
  return { WORKSPACEID: id, WORKSPACENAME: name, ...funnelData({ ...base, QUALIFIED }) };
}

const ROWS = [
  row('ws_summit', 'Summit Injury', { LEADS: 2, SETS: 2, SHOWS: 2, HIRES: 2, FILED: 2 }),
  row('ws_lakeside', 'Lakeside Law', {
    LEADS: 200,
    SETS: 100,
    SHOWS: 50,
    HIRES: 10,
    FILED: 5,
  }),
];

function renderPage(handler: Handler = () => ({ data: ROWS }), workspaces?: Handler) {
  const api = fakeApi({
    'system/reports/pclc': handler,
    // No workspace list: the report's today is the browser's.
    workspaces: workspaces ?? (() => ({ data: [], meta: { total: 0, limit: 100, offset: 0 } })),
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'system', workspace: null }), workspace: null, agent: null },
  });
  renderWithHost(<PclcSystemReportPage />, { host });
  return { api, host };
}

const bodyNames = (table: HTMLElement) =>
  within(table.querySelector('tbody')!)
    .getAllByRole('row')
    .map((tr) => within(tr).getAllByRole('rowheader')[0]!.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('System > PCLC System Report', () => {
  it("asks for the last 7 days by default and says 'Loading PCLC...' meanwhile", async () => {
    let answer: (value: unknown) => void = () => {};
    const { api } = renderPage(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByText('Loading PCLC...')).toBeInTheDocument();
    const range = defaultReportRange();
    await waitFor(() => expect(api.calls('system/reports/pclc')).toHaveLength(1));
    expect(api.calls('system/reports/pclc')[0]!.query).toEqual(range);
    answer({ data: ROWS });
    expect(await screen.findByRole('table', { name: 'PCLC by workspace' })).toBeInTheDocument();
    expect(
      screen.getByText(
        `${formatDisplayDay(range.startDate)} to ${formatDisplayDay(range.endDate)} · 2 workspaces`,
      ),
    ).toBeInTheDocument();
  });

  it("ends the default range on the workspaces' latest today, not the browser's UTC day (issue #30)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:00 UTC on 10 March: still the 9th in New York (21:00) and Chicago (20:00).
    vi.setSystemTime(new Date('2026-03-10T02:00:00Z'));
    const east = { ...makeWorkspace(), id: 'ws_east' };
    east.attributes = { ...east.attributes, name: 'East', timezone: 'America/New_York' };
    const west = { ...makeWorkspace(), id: 'ws_west' };
    west.attributes = { ...west.attributes, name: 'West', timezone: 'America/Chicago' };
    const { api } = renderPage(
      () => ({ data: ROWS }),
      () => ({ data: [west, east], meta: { total: 2, limit: 100, offset: 0 } }),
    );
    await waitFor(() => expect(api.calls('system/reports/pclc')).toHaveLength(1));
    expect(api.calls('system/reports/pclc')[0]!.query).toEqual({
      startDate: '2026-03-03',
      endDate: '2026-03-09',
    });
    // The date fields offer no day after it either.
    expect((screen.getByLabelText(/^End date/) as HTMLInputElement).value).toBe('03/09/2026');
    vi.useRealTimers();
  });

  it('lists every workspace by name with its funnel, and a totals row computed from the sums', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'PCLC by workspace' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Workspace',
      'Leads',
      'Qualified',
      'Sets',
      'Set rate',
      'Shows',
      'Show rate',
      'Qualified shows',
      'Hires',
      'Hire rate',
      'Filed',
      'Filed rate',
    ]);
    expect(bodyNames(table)).toEqual(['Lakeside Law', 'Summit Injury']);
    const totals = within(table.querySelector('tfoot')!).getByRole('row');
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '202',
      '202',
      '102',
      '50.50%', // 102 / 202, not the average of 50% and 100%
      '52',
      '50.98%',
      '52',
      '12',
      '23.08%',
      '7',
      '58.33%',
    ]);
    expect(within(totals).getByRole('rowheader').textContent).toBe('All workspaces');
    // Each rate says what it divides, and the table why a rate can pass 100% (issue #30).
    expect(within(totals).getByText('58.33%').getAttribute('title')).toBe('7 filed / 12 hires');
    expect(screen.getByText(/so a rate can pass 100%/)).toBeInTheDocument();
  });

  it('sorts by a column when its header is chosen, flipping on a second choice', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'PCLC by workspace' });
    fireEvent.click(within(table).getByRole('button', { name: /Set rate/ }));
    expect(bodyNames(table)).toEqual(['Lakeside Law', 'Summit Injury']);
    fireEvent.click(within(table).getByRole('button', { name: /Set rate/ }));
    expect(bodyNames(table)).toEqual(['Summit Injury', 'Lakeside Law']);
  });

  it('asks again for the range applied', async () => {
    const { api } = renderPage();
    await screen.findByRole('table', { name: 'PCLC by workspace' });
    const start = screen.getByRole('textbox', { name: /^Start date/ }) as HTMLInputElement;
    const end = screen.getByRole('textbox', { name: /^End date/ }) as HTMLInputElement;
    // One day, the last of the default range: always another range than the default.
    const { endDate } = defaultReportRange();
    fireEvent.change(start, { target: { value: formatDisplayDay(endDate) } });
    fireEvent.change(end, { target: { value: formatDisplayDay(endDate) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('system/reports/pclc')).toHaveLength(2));
    expect(api.calls('system/reports/pclc')[1]!.query).toEqual({ startDate: endDate, endDate });
  });

  it('shows the error view with Try Again? when the report fails, and loads on retry', async () => {
    let fail = true;
    renderPage(() => (fail ? { fail: 500 } : { data: ROWS }));
    expect(
      await screen.findByText("Sorry! We weren't able to retrieve data at this time."),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await screen.findByRole('table', { name: 'PCLC by workspace' })).toBeInTheDocument();
  });

  it("says there is nothing to report with no workspace, and 'Nothing to export!' on export", async () => {
    const { host } = renderPage(() => ({ data: [] }));
    expect(await screen.findByText('No workspaces to report on yet.')).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: 'Export PCLC system report to Excel (.xlsx)' }),
    );
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('info', 'Nothing to export!'));
  });

  it('exports the workspaces as listed, then the totals, to CSV', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:test';
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByRole('table', { name: 'PCLC by workspace' });
    fireEvent.click(
      screen.getByRole('button', { name: 'Export PCLC system report to CSV (.csv)' }),
    );
    const range = defaultReportRange();
    await waitFor(() =>
      expect(names).toEqual([`pclc_system_report_${range.startDate}_${range.endDate}_data.csv`]),
    );
    const lines = (await created[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'Workspace,Leads,Qualified,Sets,Set rate,Shows,Show rate,Qualified shows,Hires,Hire rate,Filed,Filed rate',
      'Lakeside Law,200,200,100,50,50,50,50,10,20,5,50',
      'Summit Injury,2,2,2,100,2,100,2,2,100,2,100',
      'All workspaces,202,202,102,50.5,52,50.98,52,12,23.08,7,58.33',
    ]);
  });
});
