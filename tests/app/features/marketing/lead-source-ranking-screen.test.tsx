import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadSourceRankingScreen } from '@/app/features/marketing/lead-source-ranking-screen';
import type {
  LeadSourceRankingV2Response,
  LeadSourceRankingV2Row,
} from '@/shared/contracts/reports/lead-source-ranking';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';

function row(
  rank: number,
  id: string,
  name: string,
  leads: number,
  extra: Partial<LeadSourceRankingV2Row> = {},
): LeadSourceRankingV2Row {
  return {
    rank,
    leadSourceId: id,
    leadSource: name,
    medium: 'search',
    active: true,
    leads,
    qualifiedLeads: leads,
    sets: Math.floor(leads / 2),
    shows: Math.floor(leads / 4),
    hires: Math.floor(leads / 10),
    setRate: 50,
    showRate: 50,
    hireRate: 40,
    lastYear: { metric: 'leads', value: 10, change: 20 },
    goal: null,
    belowMinimum: false,
    ...extra,
  };
}

const RANKING: LeadSourceRankingV2Response['data'] = {
  startDate: '2026-10-24',
  endDate: '2026-11-23',
  months: 1,
  rows: [
    row(1, 'ls_1', 'Google', 30),
    row(2, 'ls_2', 'Avvo', 12, {
      goal: { leadsMin: 20, leadsMax: 40 },
      belowMinimum: true,
      lastYear: { metric: 'leads', value: 0, change: null },
    }),
    row(3, 'ls_3', 'Referral', 10, { active: false }),
  ],
};

function renderRanking(
  handler: Handler = () => ({ data: RANKING }),
  options: { search?: string; storage?: ReturnType<typeof createMemoryStorage> } = {},
) {
  const api = reportApi([['/reports/leadsource-ranking-v2', handler]]);
  const storage = options.storage ?? createMemoryStorage();
  const host = makeHost({
    api,
    storage,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(<LeadSourceRankingScreen search={options.search} />, { host });
  return { api, storage, host };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Lead sources ranked by leads' }))
    .getAllByRole('row')
    .slice(1) as HTMLTableRowElement[];

describe('LeadSourceRankingScreen (spec: dashboards 2.1, 3, 8, 9)', () => {
  it('loads with the spec defaults, then ranks every source with its numbers', async () => {
    const pending = deferred<unknown>();
    const { api } = renderRanking(() => pending.promise);
    expect((await screen.findByText('Loading Lead Source Ranking...')).textContent).toBe(
      'Loading Lead Source Ranking...',
    );
    // spec 9: months 1, status 'Active', practiceArea 'all', lastYearMetric 'leads'.
    await waitFor(() =>
      expect(api.calls('/reports/leadsource-ranking-v2')[0]!.body).toEqual({
        months: 1,
        status: 'Active',
        practiceArea: 'all',
        lastYearMetric: 'leads',
      }),
    );
    await act(async () => pending.resolve({ data: RANKING }));
    const rows = await waitFor(bodyRows);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['1', '2', '3']);
    expect(rows[1]!.textContent).toContain('Below minimum');
    expect(rows[1]!.textContent).toContain('new');
    expect(rows[2]!.textContent).toContain('(inactive)');
    // The channel by its name, never the raw medium code (issue #30).
    expect(rows[0]!.textContent).toContain('Search');
    expect(rows[0]!.textContent).not.toContain('search');
    expect(
      screen.getByText(
        '10/24/2026 to 11/23/2026 (last 1 month), leads compared with the same months a year earlier',
      ).tagName,
    ).toBe('P');
    const below = screen.getByText('Below minimum', { selector: 'dt' }).parentElement!;
    expect(below.textContent).toContain('Avvo');
  });

  it('names the numerator and the denominator of each rate under the table (issue #30)', async () => {
    renderRanking();
    await waitFor(bodyRows);
    expect(screen.getByTestId('ranking-rate-note').textContent).toContain(
      'Set rate = sets / qualified leads; Show rate = shows (all) / sets; Hire rate = hires / qualified shows',
    );
  });

  it('sorts by a column: a new column starts ascending, the same one flips', async () => {
    renderRanking();
    await waitFor(bodyRows);
    const leads = screen.getByRole('button', { name: 'Leads' });
    fireEvent.click(leads);
    expect(bodyRows().map((r) => r.cells[1]!.textContent)).toEqual([
      expect.stringContaining('Referral'),
      expect.stringContaining('Avvo'),
      expect.stringContaining('Google'),
    ]);
    fireEvent.click(leads);
    expect(bodyRows()[0]!.cells[1]!.textContent).toContain('Google');
    expect(leads.closest('th')!.getAttribute('aria-sort')).toBe('descending');
  });

  it('opens on the filters a Breakdown link carries, keeps them, and sends the changed ones on Filter', async () => {
    const { api, storage } = renderRanking(undefined, {
      search: '?months=3&status=All&practiceArea=ct_1',
    });
    await waitFor(() =>
      expect(api.calls('/reports/leadsource-ranking-v2')[0]!.body).toEqual({
        months: 3,
        status: 'All',
        practiceArea: 'ct_1',
        lastYearMetric: 'leads',
      }),
    );
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('3');
    expect(JSON.parse((await storage.get('report-filters:lead-source-ranking'))!)).toMatchObject({
      months: 3,
      practiceArea: 'ct_1',
    });
    await waitFor(bodyRows);
    fireEvent.change(screen.getByLabelText('Compare with last year'), {
      target: { value: 'hires' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls('/reports/leadsource-ranking-v2').at(-1)!.body).toMatchObject({
        months: 3,
        lastYearMetric: 'hires',
      }),
    );
  });

  it("says 'No Data' when nothing ranks (spec 8: the ranking throws), and Try Again? asks again", async () => {
    let empty = true;
    const { api } = renderRanking(() => ({
      data: { ...RANKING, rows: empty ? [] : RANKING.rows },
    }));
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await waitFor(bodyRows)).toHaveLength(3);
    expect(api.calls('/reports/leadsource-ranking-v2')).toHaveLength(2);
  });

  it('shows the error view when the report fails', async () => {
    renderRanking(serverError);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    expect(screen.getByRole('button', { name: 'Try Again?' }).tagName).toBe('BUTTON');
  });
});
