import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TotalLeadsCard } from '@/app/reports/cards/total-leads-card';
import { defaultReportFilters } from '@/shared/domain/report-filter-state';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import { makeUser } from '../../../shared/domain/fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type FakeApi } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../filters/fixtures';

const filters = defaultReportFilters(new Date(2026, 10, 22));

const OWNER = makeUser({ role: 'owner', edition: 'enterprise' });

function renderCard(
  api: FakeApi = reportApi(),
  user: LoggedUser = OWNER,
  workspace: Workspace = reportWorkspace(),
) {
  const host = makeHost({ api, session: { user, workspace, agent: null } });
  return renderWithHost(<TotalLeadsCard filters={filters} />, { host });
}

describe('TotalLeadsCard (spec: dashboards 2.6)', () => {
  it("shows 'Loading Total Leads...' and then the top 3 sources plus Other, with the total", async () => {
    const pending = deferred<unknown>();
    const api = reportApi([['/reports/leadsByLeadSource', () => pending.promise]]);
    renderCard(api);
    expect(screen.getByText('Loading Total Leads...').textContent).toBe('Loading Total Leads...');
    await act(async () =>
      pending.resolve({
        data: [
          { LEADSOURCEID: 'ls_1', LEADSOURCE: 'Google', LEADS: '30' },
          { LEADSOURCEID: 'ls_2', LEADSOURCE: 'Avvo', LEADS: '12' },
          { LEADSOURCEID: 'ls_3', LEADSOURCE: 'Referral', LEADS: '10' },
          { LEADSOURCEID: 'ls_4', LEADSOURCE: 'Yelp', LEADS: '4' },
          { LEADSOURCEID: null, LEADSOURCE: 'Unknown', LEADS: '2' },
        ],
      }),
    );
    const legend = await screen.findByRole('list', { name: 'Leads by lead source' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Google30 (52%)', 'Avvo12 (21%)', 'Referral10 (17%)', 'Other6 (10%)']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Total leads 58');
    expect(api.calls('/reports/leadsByLeadSource')[0]!.query).toMatchObject({
      startDate: filters.startDate,
      endDate: filters.endDate,
      campaignStatus: ['active'],
    });
    // The default counts active campaigns only, and says so (Lead Flow counts every one).
    expect(
      screen.getByText('Counting active campaigns and leads without a campaign.'),
    ).toBeInTheDocument();
  });

  it("treats no leads as an error ('No Data') with Try Again?", async () => {
    let rows: unknown[] = [];
    const api = reportApi([['/reports/leadsByLeadSource', () => ({ data: rows })]]);
    renderCard(api);
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    rows = [{ LEADSOURCEID: 'ls_1', LEADSOURCE: 'Google', LEADS: '3' }];
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByText('Google')).textContent).toBe('Google');
  });

  it('shows the error view when the report fails', async () => {
    renderCard(reportApi([['/reports/leadsByLeadSource', serverError]]));
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
  });

  it('goes to the lead-source ranking with Breakdown, through the host, keeping the filters', async () => {
    const { host } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Breakdown' }));
    // The months reach back to the range's start from today (tested with fixed days in
    // tests/shared/domain/lead-source-ranking-filters.test.ts); status and area carry over.
    expect(host.navigate).toHaveBeenCalledWith(
      expect.stringMatching(
        /^\/app\/marketing\/lead-source-ranking-v2\?months=\d+&status=Active&practiceArea=all$/,
      ),
    );
  });

  it('offers Breakdown only where its target may be opened: not to a starter-edition owner (issue #30)', async () => {
    const starter = reportWorkspace();
    starter.attributes.edition = 'starter';
    renderCard(reportApi(), makeUser({ role: 'owner', edition: 'starter' }), starter);
    // The card itself is there and loads; only the button to the upgrade page is not.
    expect((await screen.findByRole('list', { name: 'Leads by lead source' })).tagName).toBe('UL');
    expect(screen.queryByRole('button', { name: 'Breakdown' })).toBeNull();
  });

  it('offers Breakdown to a professional-edition admin', () => {
    const professional = reportWorkspace();
    professional.attributes.edition = 'professional';
    renderCard(reportApi(), makeUser({ role: 'admin', edition: 'professional' }), professional);
    expect(screen.getByRole('button', { name: 'Breakdown' }).textContent).toBe('Breakdown');
  });
});
