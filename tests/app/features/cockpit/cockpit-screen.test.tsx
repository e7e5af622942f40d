import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CockpitScreen } from '@/app/features/cockpit/cockpit-screen';
import { communicationsData, salesPerformanceData } from '../../../shared/domain/cockpit-fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { makeUser } from '../../../shared/domain/fixtures';
import { deferred, fakeApi } from '../../fake-api';
import {
  cockpitHost,
  cockpitWorkspace,
  healthyRoutes,
  LEADS_ROWS,
  TODAY,
} from './cockpit-test-kit';

// Failed loads are logged (spec: dashboards 8); keep the test output quiet.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

function renderCockpit(routes = healthyRoutes(cockpitWorkspace()), workspace = cockpitWorkspace()) {
  const api = fakeApi(routes);
  const host = cockpitHost(workspace, api);
  const result = renderWithHost(<CockpitScreen today={TODAY} />, { host });
  return { ...result, api };
}

async function settle() {
  await screen.findByText('All warnings have been acknowledged.', {}, { timeout: 3000 });
}

describe('the cockpit screen (spec: dashboards 2.3)', () => {
  it('opens the first card by itself after about 700 ms and shows its data', async () => {
    renderCockpit();
    expect(toggle('Lead Flow').getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(toggle('Lead Flow').getAttribute('aria-expanded')).toBe('true'), {
      timeout: 2000,
    });
    const region = screen.getByRole('region', { name: /Lead Flow/ });
    expect(within(region).getByText('Selected lead source').textContent).toBe(
      'Selected lead source',
    );
  });

  it('opens one card at a time: opening one closes the others', async () => {
    renderCockpit();
    await settle();
    fireEvent.click(toggle('Sales Performance'));
    expect(toggle('Sales Performance').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle('Communications'));
    expect(toggle('Communications').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('Sales Performance').getAttribute('aria-expanded')).toBe('false');
    const cardRegions = () =>
      screen
        .queryAllByRole('region')
        .filter((region) => region.getAttribute('aria-label') !== 'System status');
    expect(cardRegions()).toHaveLength(1);
    // A second click closes it again.
    fireEvent.click(toggle('Communications'));
    expect(cardRegions()).toHaveLength(0);
  });

  it('does not open the first card by itself once the user has opened another', async () => {
    renderCockpit();
    fireEvent.click(toggle('Cash Flow'));
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(toggle('Lead Flow').getAttribute('aria-expanded')).toBe('false');
    expect(toggle('Cash Flow').getAttribute('aria-expanded')).toBe('true');
  });

  it('asks each card with the default range, the last 7 days', async () => {
    const { api } = renderCockpit();
    await settle();
    const salesCall = api.requests.find((call) => call.path.endsWith('cid/salesperformance'));
    expect(salesCall?.method).toBe('POST');
    expect(salesCall?.body).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      leadSources: [],
    });
    const cashCall = api.requests.find((call) => call.path.endsWith('quickbooks'));
    expect(cashCall?.query).toEqual({ startDate: '2026-03-01', endDate: '2026-03-07' });
    const leadsCall = api.requests.find((call) => call.path.endsWith('leadsByLeadSource'));
    expect(leadsCall?.query).toEqual({ startDate: '2026-03-01', endDate: '2026-03-07' });
  });

  it('shows a status light in words on every card', async () => {
    renderCockpit(undefined, cockpitWorkspace({ cashFlow: false }));
    await settle();
    expect(toggle('Lead Flow').textContent).toContain('Status: Operational');
    expect(toggle('Cash Flow').textContent).toContain('Status: Locked');
  });
});

describe('locked modules (spec: dashboards 2.3, 6)', () => {
  it('shows the upgrade texts and never asks for their data', async () => {
    const workspace = cockpitWorkspace({ salesPerformance: false, cashFlow: false });
    const { api } = renderCockpit(healthyRoutes(workspace), workspace);
    fireEvent.click(toggle('Sales Performance'));
    const sales = screen.getByRole('region', { name: /Sales Performance/ });
    expect(within(sales).getByText('Upgrade your CRM to unlock this feature!').textContent).toBe(
      'Upgrade your CRM to unlock this feature!',
    );
    expect(within(sales).getByText('Ask your sales rep for more information.').textContent).toBe(
      'Ask your sales rep for more information.',
    );
    fireEvent.click(toggle('Cash Flow'));
    const cash = screen.getByRole('region', { name: /Cash Flow/ });
    expect(within(cash).getByText('QuickBooks helps to monitor your cash flow!').textContent).toBe(
      'QuickBooks helps to monitor your cash flow!',
    );
    expect(within(cash).getByText('Ask your sales rep for more information.').textContent).toBe(
      'Ask your sales rep for more information.',
    );
    await settle();
    expect(api.requests.some((call) => call.path.endsWith('cid/salesperformance'))).toBe(false);
    expect(api.requests.some((call) => call.path.endsWith('quickbooks'))).toBe(false);
    expect(toggle('Sales Performance').textContent).toContain('Locked');
  });
});

describe('cards load independently (spec: dashboards 4)', () => {
  it("shows each card's own loading text while it loads", async () => {
    const never = () => new Promise(() => {});
    renderCockpit({
      ...healthyRoutes(cockpitWorkspace()),
      leadsByLeadSource: never,
      'cid/salesperformance': never,
      'cid/communications': never,
      quickbooks: never,
    });
    expect(screen.getByText('Checking system status...').textContent).toBe(
      'Checking system status...',
    );
    const expectations: [string, string][] = [
      ['Lead Flow', 'Loading Lead Flow...'],
      // spec 2.3 gives Sales Performance the Lead Flow card's words.
      ['Sales Performance', 'Loading Lead Flow...'],
      ['Communications', 'Loading Communications...'],
      ['Cash Flow', 'Loading Cash Flow...'],
    ];
    for (const [card, text] of expectations) {
      fireEvent.click(toggle(card));
      expect(
        within(screen.getByRole('region', { name: new RegExp(card) })).getByText(text).textContent,
      ).toBe(text);
    }
    // The form shows once the stored filters are read (async storage); Save waits while loading.
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it("shows one card's failure in that card only, with Try Again that reloads it", async () => {
    let communicationsAnswer: unknown = { fail: 500 };
    renderCockpit({
      ...healthyRoutes(cockpitWorkspace()),
      'cid/communications': () => communicationsAnswer,
    });
    await settle();
    fireEvent.click(toggle('Communications'));
    const region = screen.getByRole('region', { name: /Communications/ });
    expect(
      within(region).getByText("Sorry! We weren't able to retrieve data at this time.").textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    expect(toggle('Communications').textContent).toContain('Needs attention');
    expect(toggle('Sales Performance').textContent).toContain('Operational');

    fireEvent.click(toggle('Sales Performance'));
    expect(
      within(screen.getByRole('region', { name: /Sales Performance/ })).getByText('Outbound Sales')
        .textContent,
    ).toBe('Outbound Sales');

    communicationsAnswer = { data: communicationsData() };
    fireEvent.click(toggle('Communications'));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByText('Inbound Coverage')).textContent).toBe('Inbound Coverage');
    expect(toggle('Communications').textContent).toContain('Operational');
  });

  it("treats an empty Lead Flow as an error ('No Data')", async () => {
    renderCockpit({
      ...healthyRoutes(cockpitWorkspace()),
      leadsByLeadSource: () => ({ data: [] }),
    });
    await settle();
    fireEvent.click(toggle('Lead Flow'));
    expect(screen.getByText('No Data').textContent).toBe('No Data');
  });
});

describe('warnings (spec: dashboards 2.4, 5)', () => {
  function lowRoutes() {
    return {
      ...healthyRoutes(cockpitWorkspace()),
      'cid/salesperformance': () => ({
        data: salesPerformanceData({
          setRate: 30,
          outbound: [{ id: 'a', name: 'Ana', outboundSales: 100, answered: 95, sets: 30 }],
        }),
      }),
      'cid/communications': () => ({ data: communicationsData({ abandonedCalls: 9 }) }),
    };
  }

  it('stacks the warnings, the newest two visible, each dismissable until none remain', async () => {
    renderCockpit(lowRoutes());
    const banner = screen.getByRole('region', { name: 'System status' });
    await waitFor(() => expect(within(banner).getAllByRole('listitem')).toHaveLength(2));
    // Lead Flow: Yelp 12 ≥ 10 and Google 42 ≥ 20: none. Sales: set rate, calls. Comms: abandoned.
    expect(within(banner).getByText(/^\+1 more warning/).textContent).toMatch(/^\+1 more warning/);
    const dismissButtons = () =>
      within(banner).queryAllByRole('button', { name: /^Dismiss warning/ });
    expect(dismissButtons()[0].getAttribute('aria-label')).toMatch(
      /^Dismiss warning: .+ is below minimum of .+\.$/,
    );
    expect(within(banner).getAllByText('Warning:')).toHaveLength(2);

    let guard = 0;
    while (dismissButtons().length > 0 && guard++ < 10) fireEvent.click(dismissButtons()[0]);
    expect(within(banner).getByText('All warnings have been acknowledged.').textContent).toBe(
      'All warnings have been acknowledged.',
    );
    expect(guard).toBe(3);
  });

  it('marks the cards whose metrics are under their limits', async () => {
    renderCockpit(lowRoutes());
    await waitFor(() =>
      expect(toggle('Sales Performance').textContent).toContain('Needs attention'),
    );
    expect(toggle('Communications').textContent).toContain('Needs attention');
    expect(toggle('Lead Flow').textContent).toContain('Operational');
    expect(toggle('Cash Flow').textContent).toContain('Operational');
  });

  it('says a CallTrackingMetrics outage in the system status, on the Communications card, until dismissed (issue #32)', async () => {
    const workspace = cockpitWorkspace();
    const { api } = renderCockpit({
      ...healthyRoutes(workspace),
      'call-tracking/connection': () => ({
        data: {
          workspaceId: workspace.id,
          provider: 'ctm',
          ctm: {
            accountId: '4242',
            accountName: 'Harbor Law',
            accessKey: 'AK1',
            connectedAt: '2026-03-01T10:00:00.000Z',
            status: 'failing',
            checkedAt: '2026-03-07T11:00:00.000Z',
            lastError: 'Service Unavailable',
            lastWebhookAt: null,
            webhookPaths: { start: '/api/ctm/webhooks/x/start', end: '/api/ctm/webhooks/x/end' },
          },
        },
      }),
    });
    const banner = screen.getByRole('region', { name: 'System status' });
    const item = await within(banner).findByText(/^CallTrackingMetrics cannot be reached\./);
    expect(item.closest('li')?.textContent).toMatch(/^Communications\s*Warning:/);
    await waitFor(() => expect(toggle('Communications').textContent).toContain('Needs attention'));
    expect(toggle('Sales Performance').textContent).toContain('Operational');
    expect(
      api.requests.some((r) =>
        r.path.endsWith(`workspaces/${workspace.id}/call-tracking/connection`),
      ),
    ).toBe(true);

    fireEvent.click(
      within(banner).getByRole('button', { name: /^Dismiss warning: CallTrackingMetrics/ }),
    );
    expect(within(banner).queryByText(/^CallTrackingMetrics cannot be reached/)).toBeNull();
  });

  it('asks nothing about call tracking for a role that cannot see the connection', async () => {
    const workspace = cockpitWorkspace();
    const api = fakeApi(healthyRoutes(workspace));
    const host = makeHost({
      api,
      session: { user: makeUser({ role: 'operator' }), workspace, agent: null },
    });
    renderWithHost(<CockpitScreen today={TODAY} />, { host });
    await settle();
    expect(api.requests.some((r) => r.path.endsWith('call-tracking/connection'))).toBe(false);
  });
});

describe('Lead Flow shows every active lead source (spec: dashboards 2.3, 5)', () => {
  it('adds an active source without leads with 0, its red bar and its warning', async () => {
    // The report only has rows for sources with leads: Yelp (min 10) had none this week.
    renderCockpit({
      ...healthyRoutes(cockpitWorkspace()),
      leadsByLeadSource: () => ({
        data: LEADS_ROWS.filter((row) => row.LEADSOURCEID !== 'ls_yelp'),
      }),
    });
    await waitFor(() => expect(toggle('Lead Flow').textContent).toContain('Needs attention'));
    const region = await screen.findByRole('region', { name: /Lead Flow/ }, { timeout: 2000 });
    const legend = within(region).getByRole('list', { name: 'Lead sources' });
    const yelp = within(legend).getByRole('button', { name: /^Yelp/ });
    expect(yelp.textContent).toBe('Yelp0');
    const banner = screen.getByRole('region', { name: 'System status' });
    expect(
      within(banner).getByRole('button', {
        name: 'Dismiss warning: Lead Source Yelp is below minimum of 10',
      }),
    ).toBeInTheDocument();
    // An inactive source keeps the row the report gave it.
    expect(within(legend).queryByRole('button', { name: /^TV/ })).not.toBeNull();
  });
});

describe('the filter (spec: dashboards 2.3, 4, 5)', () => {
  it('reloads every active card when the dates change', async () => {
    const { api } = renderCockpit();
    await settle();
    const before = api.requests.length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '02/20/2026' } });
    await settle();
    const reloaded = api.requests.slice(before);
    expect(
      reloaded
        .map((call) => call.path.split('/reports/')[1])
        .filter(Boolean)
        .sort(),
    ).toEqual(['cid/communications', 'cid/salesperformance', 'leadsByLeadSource', 'quickbooks']);
    expect(reloaded.find((call) => call.path.endsWith('quickbooks'))?.query).toEqual({
      startDate: '2026-02-20',
      endDate: '2026-03-07',
    });
  });

  it('does not load an end date after today, and disables Save', async () => {
    const { api } = renderCockpit();
    await settle();
    const before = api.requests.length;
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '03/08/2026' } });
    expect(screen.getByText('End date cannot be after today.').textContent).toBe(
      'End date cannot be after today.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(api.requests.length).toBe(before);
  });

  it('reloads every active card on Save with unchanged filters, showing them loading again', async () => {
    const { api } = renderCockpit();
    await settle();
    // Save waits until nothing loads (the goal settings included).
    const saveButton = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false));
    const before = api.requests.length;
    const leads = deferred<unknown>();
    api.on('leadsByLeadSource', () => leads.promise);
    await act(async () => {
      fireEvent.click(saveButton);
    });
    // A loading card shows a spinner in its header, open or closed.
    expect(toggle('Lead Flow').querySelector('.ic-cockpit-card__mini-spinner')).toBeInstanceOf(
      HTMLElement,
    );
    await act(async () => leads.resolve({ data: LEADS_ROWS }));
    // Every card asked once again (waited for: on a loaded machine the last reloads are
    // still on their way when the warnings line, already shown before Save, is found).
    await waitFor(() => {
      const after = api.requests.slice(before).map((call) => call.path.split('/').pop());
      for (const path of [
        'leadsByLeadSource',
        'salesperformance',
        'communications',
        'quickbooks',
      ]) {
        expect(after.filter((last) => last === path)).toHaveLength(1);
      }
      expect(after).toContain('leadSources');
    });
  });

  it('applies the lead sources on Save: reloads the cards, then refetches the goal settings', async () => {
    const { api } = renderCockpit();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Lead sources/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Google Ads/ }));
    const before = api.requests.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await settle();
    const after = api.requests.slice(before);
    expect(after.find((call) => call.path.endsWith('cid/communications'))?.body).toMatchObject({
      leadSources: ['ls_google'],
    });
    expect(after.find((call) => call.path.endsWith('leadsByLeadSource'))?.query).toMatchObject({
      leadSources: ['ls_google'],
    });
    expect(after.some((call) => call.path === 'workspaces/ws_lakeside')).toBe(true);
    expect(after.some((call) => call.path.endsWith('leadSources'))).toBe(true);
  });
});

describe('the filter is kept between visits (spec: dashboards 4, like the funnel)', () => {
  it('opens on the lead sources and dates chosen before leaving the screen', async () => {
    const workspace = cockpitWorkspace();
    const host = cockpitHost(workspace, fakeApi(healthyRoutes(workspace)));
    const first = renderWithHost(<CockpitScreen today={TODAY} />, { host });
    await settle();
    // A shorter range (goals scale down with it), so no warning keeps the banner open.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '03/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: /Lead sources/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Google Ads/ }));
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await settle();
    first.unmount();

    // Same storage, a new visit: the cards are asked with the kept filter, not the default.
    const api = fakeApi(healthyRoutes(workspace));
    renderWithHost(<CockpitScreen today={TODAY} />, { host: { ...host, api } });
    await settle();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('03/03/2026');
    expect(screen.getByRole('button', { name: /Lead sources/ }).textContent).toContain(
      'Google Ads',
    );
    expect(api.requests.find((call) => call.path.endsWith('cid/salesperformance'))?.body).toEqual({
      startDate: '2026-03-03',
      endDate: '2026-03-07',
      leadSources: ['ls_google'],
    });
  });

  it("keeps each workspace's filter apart", async () => {
    const lakeside = cockpitWorkspace();
    const host = cockpitHost(lakeside, fakeApi(healthyRoutes(lakeside)));
    const first = renderWithHost(<CockpitScreen today={TODAY} />, { host });
    await settle();
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '02/20/2026' } });
    await settle();
    first.unmount();

    const harbor = { ...cockpitWorkspace(), id: 'ws_harbor' };
    const api = fakeApi(healthyRoutes(harbor));
    // The same storage as the first visit: only the key keeps the workspaces apart.
    renderWithHost(<CockpitScreen today={TODAY} />, {
      host: { ...cockpitHost(harbor, api), storage: host.storage },
    });
    await settle();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('03/01/2026');
  });

  it('opens on the default range on a later day (a stored range lasts the day it was chosen)', async () => {
    const workspace = cockpitWorkspace();
    const host = cockpitHost(workspace, fakeApi(healthyRoutes(workspace)));
    const first = renderWithHost(<CockpitScreen today={TODAY} />, { host });
    await settle();
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '02/20/2026' } });
    await settle();
    first.unmount();

    const nextDay = new Date(2026, 2, 8, 12);
    renderWithHost(<CockpitScreen today={nextDay} />, { host });
    await settle();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('03/02/2026');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('03/08/2026');
  });
});
