import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FunnelReportScreen } from '@/app/features/funnel/funnel-report-screen';
import { CompactContext } from '@/app/host/compact';
import { defaultReportFilters, serializeReportFilters } from '@/shared/domain/report-filter-state';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type FakeApi } from '../../fake-api';
import {
  CONTACTS,
  PCLC,
  reportApi,
  reportWorkspace,
  serverError,
} from '../../reports/filters/fixtures';

function renderFunnel(
  api: FakeApi = reportApi(),
  workspace = reportWorkspace(),
  props = {},
  storage = createMemoryStorage(),
) {
  const host = makeHost({ api, storage, session: { user: null, workspace, agent: null } });
  return { ...renderWithHost(<FunnelReportScreen {...props} />, { host }), api, storage };
}

const card = (name: RegExp) => screen.findByRole('button', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FunnelReportScreen (spec: dashboards 2.5)', () => {
  it("shows 'Loading PCLC...' and then the stat cards with their counts and rates", async () => {
    const pending = deferred<unknown>();
    const api = reportApi([['/reports/pclc', () => pending.promise]]);
    renderFunnel(api);
    expect((await screen.findByText('Loading PCLC...')).textContent).toBe('Loading PCLC...');
    await act(async () => pending.resolve({ data: PCLC }));
    const leads = await card(/^Qualified Leads/);
    expect(leads.textContent).toContain('120');
    expect(leads.textContent).toContain('of 150 new leads');
    expect((await card(/^Set Appointments/)).textContent).toContain('Set rate 50%');
    expect((await card(/^Qualified Shows/)).textContent).toContain('30');
    expect((await card(/^Hires/)).textContent).toContain('Hire rate 40%');
    // Lakeside is a Bankruptcy workspace: the Filed flag is on by default.
    expect((await card(/^Filed/)).textContent).toContain('Filed rate 25%');
    expect(api.calls('/reports/pclc')[0]!.body).toMatchObject({ type: 'rjPclc' });
  });

  it('drops a stored lead source the workspace no longer has instead of failing on it', async () => {
    const today = todayInTimezone(reportWorkspace().attributes.timezone);
    const stored = { ...defaultReportFilters(today), leadSources: ['ls_1', 'ls_deleted'] };
    const storage = createMemoryStorage({
      'report-filters:funnel': serializeReportFilters(stored, today),
    });
    const api = renderFunnel(reportApi(), reportWorkspace(), {}, storage).api;
    await waitFor(() =>
      expect(api.calls('/reports/pclc').at(-1)!.body).toMatchObject({ leadSources: ['ls_1'] }),
    );
    await card(/^Hires/);
  });

  it('leaves Filed out when the flag is off', async () => {
    renderFunnel(reportApi(), reportWorkspace({ bankruptcy: false }));
    await card(/^Hires/);
    expect(screen.queryByRole('button', { name: /^Filed/ })).toBeNull();
  });

  it('shows the error view on failure, and Try Again? loads again', async () => {
    let fail = true;
    const api = reportApi([['/reports/pclc', () => (fail ? serverError() : { data: PCLC })]]);
    renderFunnel(api);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await card(/^Qualified Leads/)).textContent).toContain('120');
    expect(api.calls('/reports/pclc')).toHaveLength(2);
  });

  it('explains a rate with its formula in a tooltip reachable by keyboard', async () => {
    renderFunnel();
    await card(/^Set Appointments/);
    const info = screen.getByRole('button', { name: 'How Set Appointments is computed' });
    act(() => info.focus());
    const tip = screen.getAllByRole('tooltip').find((node) => !node.hidden)!;
    expect(tip.textContent).toBe(
      'Set rate = sets / qualified leads = 60 / 120 = 50%. Both count what happened in the ' +
        'range, so the sets can include appointments set for leads qualified before the range.',
    );
    // The caption beside the rate shows what it divides (issue #30), the rate and its
    // counts on lines of their own so a narrow card cuts neither.
    const caption = screen.getByText('Set rate 50%').closest('.ic-stat-card__caption')!;
    expect(
      [...caption.querySelectorAll('.ic-stat-card__caption-line')].map((line) => line.textContent),
    ).toEqual(['Set rate 50%', ', 60 / 120']);
    expect(caption.textContent).toBe('Set rate 50%, 60 / 120');
    expect(info.getAttribute('aria-describedby')).toBe(tip.id);
  });

  it('opens the contacts of a selected card, linked to the CRM, sorted by name', async () => {
    const pending = deferred<unknown>();
    const api = reportApi([['/reports/pclc/contacts', () => pending.promise]]);
    renderFunnel(api);
    const hires = await card(/^Hires/);
    fireEvent.click(hires);
    expect(hires.getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByText('Loading Contacts...')).textContent).toBe(
      'Loading Contacts...',
    );
    await act(async () =>
      pending.resolve({ data: CONTACTS, meta: { total: 3, limit: 5000, offset: 0 } }),
    );
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['Al Adams', 'Bea Brown', 'Cy Clark']);
    expect(within(table).getByRole('link', { name: 'Bea Brown' }).getAttribute('href')).toBe(
      'https://crm.zoho.com/org700000123/tab/Leads/4100001',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Contact Name', 'Lead Source', 'Campaign', 'Case Type']);
    expect(api.calls('/reports/pclc/contacts')[0]!.body).toMatchObject({ stat: 'HIRES' });
    // Selecting the card again closes its contacts.
    fireEvent.click(hires);
    expect(hires.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sorts: a new column starts ascending, the same column flips (spec: dashboards 4)', async () => {
    renderFunnel();
    fireEvent.click(await card(/^Hires/));
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Contact Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Contact Name')).getByRole('button'));
    expect(header('Contact Name').getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getAllByRole('rowheader')[0]!.textContent).toBe('Cy Clark');
    fireEvent.click(within(header('Lead Source')).getByRole('button'));
    expect(header('Lead Source').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Contact Name').getAttribute('aria-sort')).toBe('none');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Cy Clark', 'Bea Brown', 'Al Adams']);
  });

  it('asks for the chosen toggle filter, and pressing it again shows all from the cache', async () => {
    const { api } = renderFunnel();
    fireEvent.click(await card(/^Hires/));
    await screen.findByRole('table');
    const noHires = screen.getByRole('button', { name: 'No Hires' });
    const hires = screen.getByRole('button', { name: 'Hires' });
    // Blank lists the hires: their toggle shows pressed (issue #30).
    expect(hires.getAttribute('aria-pressed')).toBe('true');
    expect(noHires.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(noHires);
    expect(hires.getAttribute('aria-pressed')).toBe('false');
    expect(noHires.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(api.calls('/reports/pclc/contacts').at(-1)!.body).toMatchObject({
        stat: 'HIRES',
        collection: 'NOHIRES',
      }),
    );
    const asked = api.calls('/reports/pclc/contacts').length;
    fireEvent.click(noHires);
    expect(noHires.getAttribute('aria-pressed')).toBe('false');
    expect(hires.getAttribute('aria-pressed')).toBe('true');
    // All of the card's contacts were loaded moments ago: shown again without a request.
    expect(await screen.findByRole('table')).toBeInstanceOf(HTMLTableElement);
    expect(api.calls('/reports/pclc/contacts')).toHaveLength(asked);
    expect(api.calls('/reports/pclc/contacts')[0]!.body).not.toHaveProperty('collection');
  });

  it("says 'Nothing to export!' for a card without contacts", async () => {
    const api = reportApi([
      ['/reports/pclc/contacts', () => ({ data: [], meta: { total: 0, limit: 5000, offset: 0 } })],
    ]);
    const { host } = renderFunnel(api);
    fireEvent.click(await card(/^Filed/));
    expect((await screen.findByText(/No Data/)).textContent).toMatch(/No Data/);
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel (.xlsx)' }));
    expect(host.notify).toHaveBeenCalledWith('info', 'Nothing to export!');
  });

  it('shows Total Leads, and call compliance only when call tracking is enabled', async () => {
    renderFunnel();
    expect(await screen.findByRole('heading', { name: 'Total Leads' })).toBeInstanceOf(
      HTMLHeadingElement,
    );
    expect(await screen.findByRole('heading', { name: 'Call Compliance' })).toBeInstanceOf(
      HTMLHeadingElement,
    );
  });

  it("in the CRM panel's compact layout: headed, its filters folded behind what they apply, no block another widget shows (issue #30)", async () => {
    const api = reportApi();
    const host = makeHost({
      api,
      storage: createMemoryStorage(),
      session: { user: null, workspace: reportWorkspace(), agent: null },
    });
    renderWithHost(
      <CompactContext.Provider value>
        <FunnelReportScreen />
      </CompactContext.Provider>,
      { host },
    );
    expect(screen.getByRole('heading', { name: 'Funnel', level: 2 })).toBeInstanceOf(
      HTMLHeadingElement,
    );
    await card(/^Qualified Leads/);
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toMatch(/\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4} · All lead sources/);
    expect(screen.queryByRole('form', { name: 'Report filters' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Report filters' })).toBeInstanceOf(HTMLFormElement);
    // The compliance widget and the cockpit's Lead Flow show these in the panel.
    expect(screen.queryByRole('heading', { name: 'Total Leads' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Call Compliance' })).toBeNull();
    expect(api.calls('ctm-call-compliance-by-agent')).toHaveLength(0);
  });

  it('folds the “above 100%” note to one line in the compact layout, the whole note one press away (issue #30)', async () => {
    const above = {
      ...PCLC,
      RATEBASES: { ...PCLC.RATEBASES, HIRERATE: { numerator: 36, denominator: 30 } },
    };
    const host = makeHost({
      api: reportApi([['/reports/pclc', () => ({ data: above })]]),
      storage: createMemoryStorage(),
      session: { user: null, workspace: reportWorkspace(), agent: null },
    });
    renderWithHost(
      <CompactContext.Provider value>
        <FunnelReportScreen />
      </CompactContext.Provider>,
      { host },
    );
    await card(/^Qualified Leads/);
    const why = await screen.findByRole('button', { name: 'Why a rate passes 100%' });
    const note = why.closest('p')!;
    // One line: the rate's name, and the reason behind the button, hidden until pressed.
    expect(note.firstChild?.textContent).toBe('Hire rate above 100%');
    const tip = within(note).getByRole('tooltip', { hidden: true });
    expect(tip.hidden).toBe(true);
    expect(tip.textContent).toMatch(/^Hire rate above 100%: the snapshot counts every step/);
    fireEvent.click(why);
    expect(tip.hidden).toBe(false);
  });

  it('hides call compliance without call tracking', async () => {
    const { api } = renderFunnel(reportApi(), reportWorkspace({ callTracking: false }));
    await screen.findByRole('heading', { name: 'Total Leads' });
    expect(screen.queryByRole('heading', { name: 'Call Compliance' })).toBeNull();
    expect(api.calls('ctm-call-compliance-by-agent')).toHaveLength(0);
  });

  it('persists applied filters and refetches only when they change (spec: dashboards 4)', async () => {
    const { api, storage } = renderFunnel();
    await card(/^Qualified Leads/);
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.click(apply);
    await act(async () => {});
    expect(api.calls('/reports/pclc')).toHaveLength(1);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = (screen.getByLabelText('End date') as HTMLInputElement).value;
    fireEvent.change(start, { target: { value: end } });
    fireEvent.click(apply);
    await waitFor(() => expect(api.calls('/reports/pclc')).toHaveLength(2));
    const stored = JSON.parse((await storage.get('report-filters:funnel'))!);
    expect(stored.filters.startDate).toBe(stored.filters.endDate);
  });

  it('sends the campaign status chosen in the panel to the reports that take it (spec: 2.9, 7)', async () => {
    const { api } = renderFunnel();
    await card(/^Qualified Leads/);
    // The default, active campaigns only, is what the first requests carry.
    expect(api.calls('/reports/pclc')[0]!.body).toMatchObject({ campaignStatus: ['active'] });
    expect(api.calls('/reports/leadsByLeadSource')[0]!.query).toMatchObject({
      campaignStatus: ['active'],
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('/reports/pclc')).toHaveLength(2));
    expect(api.calls('/reports/pclc')[1]!.body).toMatchObject({ campaignStatus: ['inactive'] });
    await waitFor(() =>
      expect(api.calls('/reports/leadsByLeadSource').at(-1)!.query).toMatchObject({
        campaignStatus: ['inactive'],
      }),
    );
    // Both statuses: every campaign, so no status is sent.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('/reports/pclc')).toHaveLength(3));
    expect(api.calls('/reports/pclc')[2]!.body).not.toHaveProperty('campaignStatus');
  });

  it('starts from a widget’s date range and lead sources (screen props)', async () => {
    const { api } = renderFunnel(reportApi(), reportWorkspace(), {
      dateRange: { startDate: '2026-01-01', endDate: '2026-01-31' },
      leadSources: ['ls_1'],
      showFilters: false,
    });
    await card(/^Qualified Leads/);
    expect(api.calls('/reports/pclc')[0]!.body).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      leadSources: ['ls_1'],
    });
    expect(screen.queryByRole('form', { name: 'Report filters' })).toBeNull();
  });
});
