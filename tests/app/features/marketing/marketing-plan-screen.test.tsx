import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarketingPlanScreen } from '@/app/features/marketing/marketing-plan-screen';
import type {
  MarketingIntelligenceResponse,
  MarketingOverviewResponse,
} from '@/shared/contracts/reports/marketing-intelligence';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';

const OVERVIEW: MarketingOverviewResponse['data'] = {
  practiceArea: '2',
  months: 12,
  leads: 200,
  hires: 20,
  hireRate: 10,
  spend: 5000,
  costPerHire: 250,
  channels: [
    { key: 'search', label: 'Search', leads: 150, hires: 15, share: 75 },
    { key: 'referral', label: 'Referral', leads: 50, hires: 1, share: 25 },
  ],
};

function intelligence(
  category: 'channels' | 'sources' | 'campaigns' = 'channels',
  empty = false,
): MarketingIntelligenceResponse['data'] {
  return {
    category,
    practiceArea: '2',
    months: ['2026-10', '2026-11'],
    rows: empty
      ? []
      : [
          {
            key: 'search',
            label: 'Search',
            leads: [70, 80],
            hires: [7, 8],
            spend: [1000, 2000],
            totalLeads: 150,
            totalHires: 15,
            totalSpend: 3000,
            costPerLead: 20,
            costPerHire: 200,
          },
          {
            key: 'referral',
            label: 'Referral',
            leads: [20, 30],
            hires: [0, 1],
            spend: [0, 0],
            totalLeads: 50,
            totalHires: 1,
            totalSpend: 0,
            costPerLead: null,
            costPerHire: null,
          },
        ],
  };
}

function renderPlan(detail?: Handler, overview: Handler = () => ({ data: OVERVIEW })) {
  const api = reportApi([
    [
      '/reports/marketing-intelligence',
      detail ??
        ((req) => ({
          data: intelligence((req.query as { category: 'channels' | 'sources' }).category),
        })),
    ],
    ['/reports/marketing-intelligence/overview', overview],
  ]);
  const workspace = reportWorkspace();
  workspace.attributes.settings.practiceAreas = [
    { name: 'Bankruptcy' },
    { name: 'Personal Injury' },
  ];
  const host = makeHost({ api, session: { user: null, workspace, agent: null } });
  renderWithHost(<MarketingPlanScreen />, { host });
  return { api };
}

describe('MarketingPlanScreen (spec: dashboards 7 marketing-intelligence, 9 defaults)', () => {
  it('loads the 12-month overview and the channels with the spec defaults', async () => {
    const pending = deferred<unknown>();
    const { api } = renderPlan(() => pending.promise);
    expect((await screen.findByText('Loading Marketing Plan Essentials...')).textContent).toBe(
      'Loading Marketing Plan Essentials...',
    );
    // spec 9: category channels, source 1, months 12; every practice area (issue #30).
    await waitFor(() =>
      expect(api.calls('/reports/marketing-intelligence')[0]!.query).toEqual({
        practiceArea: 'all',
        category: 'channels',
        source: '1',
        months: '12',
      }),
    );
    expect(api.calls('/reports/marketing-intelligence/overview')[0]!.query).toEqual({
      practiceArea: 'all',
    });
    const overview = await screen.findByRole('list', { name: 'Share of leads by channel' });
    expect(within(overview).getAllByRole('listitem')[0]!.textContent).toContain(
      '75.00% · 150 leads, 15 hires',
    );
    expect(screen.getByText('Cost per hire', { selector: 'dt' }).nextSibling!.textContent).toBe(
      '$250.00',
    );
    expect(screen.getByText('The last 12 months, all practice areas')).toBeInTheDocument();
    pending.resolve({ data: intelligence() });
    const table = await screen.findByRole('table', { name: 'Leads, hires and spend by channel' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Search',
      'Referral',
    ]);
    // A group without spend has no cost per lead or hire ('—'), not $0.
    expect(rows[1]!.textContent).toContain('—');
    expect(
      screen.getByRole('img', { name: /Leads per month by channel: 200 leads in 2 months/ }),
    ).toBeInTheDocument();
    // Each rate names its numerator and denominator (issue #30): 15 / 150 is the 10% above.
    expect(screen.getByTestId('marketing-rate-note').textContent).toBe(
      "Hire rate = hires / leads; Share of leads = the channel's leads / all leads; " +
        'Cost per lead = spend / leads; Cost per hire = spend / hires, each counted in the ' +
        'months shown for the practice areas chosen.',
    );
  });

  it('groups by lead source on Filter', async () => {
    const { api } = renderPlan();
    await screen.findByRole('table', { name: 'Leads, hires and spend by channel' });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'sources' } });
    fireEvent.change(screen.getByLabelText('Practice area'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls('/reports/marketing-intelligence').at(-1)!.query).toMatchObject({
        category: 'sources',
        practiceArea: 'all',
      }),
    );
    expect(
      (await screen.findByRole('table', { name: 'Leads, hires and spend by lead source' })).tagName,
    ).toBe('TABLE');
  });

  it("says 'No Data' for a period without a channel, and Try Again? asks again", async () => {
    let empty = true;
    const { api } = renderPlan(() => ({ data: intelligence('channels', empty) }));
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(
      (await screen.findByRole('table', { name: 'Leads, hires and spend by channel' })).tagName,
    ).toBe('TABLE');
    expect(api.calls('/reports/marketing-intelligence')).toHaveLength(2);
  });

  it('shows the error view for each part that fails, the other part still showing', async () => {
    renderPlan(undefined, serverError);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    expect(
      (await screen.findByRole('table', { name: 'Leads, hires and spend by channel' })).tagName,
    ).toBe('TABLE');
  });
});
