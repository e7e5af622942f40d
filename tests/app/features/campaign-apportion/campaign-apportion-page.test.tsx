import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_VIEW_TEXT } from '@/app/components/error-view/error-view';
import { NOT_SAVED_TEXT } from '@/app/features/campaign-apportion/campaign-apportion-editor';
import {
  CampaignApportionPage,
  SAVED_TEXT,
} from '@/app/features/campaign-apportion/campaign-apportion-page';
import type { LeadSource } from '@/shared/contracts/lookups';
import type {
  CampaignApportion,
  CampaignApportionUpdate,
} from '@/shared/contracts/workspace-settings';
import { queryScope } from '@/shared/query/query-scope';
import { reportsKey } from '@/shared/query/report-queries';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

const SOURCES: LeadSource[] = [
  { id: 'ls_search', key: 's', label: 'Search', medium: null, active: true, Settings: null },
  { id: 'ls_tv', key: 't', label: 'Television', medium: null, active: true, Settings: null },
];

function apportions(): CampaignApportion[] {
  return [
    {
      campaignId: 'c_ads',
      campaign: 'Google Ads',
      leadSourceId: 'ls_search',
      active: true,
      spend: 1500,
      apportioned: 1500,
      shares: [
        { leadSourceId: 'ls_search', leadSource: 'Search', month: '2026-10', amount: 1000 },
        { leadSourceId: 'ls_tv', leadSource: 'Television', month: '2026-10', amount: 500 },
      ],
      updatedAt: '2026-11-01T10:00:00.000Z',
    },
    {
      campaignId: 'c_brand',
      campaign: 'Brand',
      leadSourceId: null,
      active: false,
      spend: null,
      apportioned: 0,
      shares: [],
      updatedAt: null,
    },
  ];
}

const list = (data: unknown[]) => ({
  data,
  meta: { total: data.length, limit: Math.max(1, data.length), offset: 0 },
});

function renderPage(routes: Record<string, Handler> = {}) {
  const stored = apportions();
  const puts: CampaignApportionUpdate[] = [];
  const api = fakeApi(
    {
      'campaign-apportion': () => list(stored),
      leadSources: () => list(SOURCES),
      'c_ads/apportion': (req: TransportRequest) => save(req, 'c_ads'),
      'c_brand/apportion': (req: TransportRequest) => save(req, 'c_brand'),
    },
    routes,
  );
  function save(req: TransportRequest, id: string) {
    const body = req.body as CampaignApportionUpdate;
    puts.push(body);
    const index = stored.findIndex((item) => item.campaignId === id);
    // As the server: spend 0 with no shares clears the split (never apportioned again).
    const cleared = body.spend === 0 && body.shares.length === 0;
    stored[index] = {
      ...stored[index]!,
      spend: cleared ? null : body.spend,
      apportioned: body.spend,
      shares: body.shares.map((share) => ({
        ...share,
        leadSource: SOURCES.find((s) => s.id === share.leadSourceId)!.label,
      })),
      updatedAt: cleared ? null : '2026-11-26T10:00:00.000Z',
    };
    return { data: stored[index] };
  }
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'admin' }), workspace: makeWorkspace(), agent: null },
  });
  const { queryClient } = renderWithHost(<CampaignApportionPage />, { host });
  return { api, host, queryClient, puts };
}

const rowOf = (campaign: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${campaign}`) }).closest('tr')!;

async function openEditor(campaign: string) {
  await screen.findByRole('table', { name: /Campaigns/ });
  fireEvent.click(screen.getByRole('button', { name: `Apportion ${campaign}` }));
  const form = await screen.findByRole('form', { name: `Apportion ${campaign}` });
  // The lead sources have arrived in the pickers.
  await waitFor(() =>
    expect(
      (within(form).getAllByRole('combobox')[0] as HTMLSelectElement).options.length,
    ).toBeGreaterThan(2),
  );
  return form;
}

const input = (form: HTMLElement, name: string | RegExp) =>
  within(form).getByRole('textbox', { name }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });
const saveButton = (form: HTMLElement) =>
  within(form).getByRole('button', { name: /Save split|Saving/ }) as HTMLButtonElement;

describe('Settings > Campaign Apportion', () => {
  it('lists every campaign with its spend and its split by lead source and month', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Campaigns (2)' });
    const ads = rowOf('Google Ads');
    expect(
      within(ads)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Search',
      '$1,500.00',
      'Search · Oct 2026$1,000.00Television · Oct 2026$500.00',
      'Apportion',
    ]);
    const brand = rowOf('Brand');
    expect(brand.textContent).toContain('Inactive');
    expect(
      within(brand)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Any', 'Not apportioned', '—', 'Apportion']);
  });

  it('shows loading, then the error view, and an empty workspace says so', async () => {
    let answer: unknown = { fail: 500 };
    renderPage({ 'campaign-apportion': () => answer });
    expect(screen.getByText('Loading campaigns…')).toBeInTheDocument();
    expect(await screen.findByText(ERROR_VIEW_TEXT)).toBeInTheDocument();
    answer = list([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await screen.findByText(/This workspace has no campaigns yet/)).toBeInTheDocument();
  });

  it('opens with the stored split and says live what is left or over; save waits until it adds up', async () => {
    renderPage();
    const form = await openEditor('Google Ads');
    expect(input(form, /Total spend/).value).toBe('1500.00');
    expect(input(form, 'Row 1 amount').value).toBe('1000.00');
    expect(within(form).getByText('Fully assigned')).toBeInTheDocument();
    expect(saveButton(form).disabled).toBe(false);

    type(input(form, 'Row 2 amount'), '380');
    expect(within(form).getByText('$120.00 left to assign')).toBeInTheDocument();
    expect(saveButton(form).disabled).toBe(true);
    expect(
      within(form).getByText(
        'The shares must add up to the total spend before saving: $120.00 left to assign.',
      ),
    ).toBeInTheDocument();

    type(input(form, 'Row 2 amount'), '530');
    expect(within(form).getByText('$30.00 over')).toBeInTheDocument();
    expect(saveButton(form).disabled).toBe(true);

    type(input(form, 'Row 2 amount'), 'five hundred');
    expect(within(form).getByText('Enter dollars, such as 1250 or 1,250.50.')).toBeInTheDocument();
    expect(within(form).getByText('One amount is not a dollar amount.')).toBeInTheDocument();
  });

  it('adds a row holding what is left, removes rows, and saves the split in dollars', async () => {
    const { puts, host, queryClient } = renderPage();
    // A report read before (ROI adds the shares to its spend): the save makes it stale.
    const roiKey = [...reportsKey(queryScope(host.session)), 'roi'];
    queryClient.setQueryData(roiKey, { spend: 0 });
    const form = await openEditor('Google Ads');
    type(input(form, /Total spend/), '1,800');
    expect(within(form).getByText('$300.00 left to assign')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a row' }));
    const source = within(form).getByRole('combobox', { name: 'Row 3 lead source' });
    await waitFor(() => expect(document.activeElement).toBe(source));
    expect(input(form, 'Row 3 amount').value).toBe('300.00');
    // The last row's source, the month after its month.
    expect((source as HTMLSelectElement).value).toBe('ls_tv');
    expect(input(form, 'Row 3 month').value).toBe('2026-11');
    expect(within(form).getByText('Fully assigned')).toBeInTheDocument();

    fireEvent.click(within(form).getByRole('button', { name: 'Remove row 2' }));
    expect(within(form).getByText('$500.00 left to assign')).toBeInTheDocument();
    type(input(form, 'Row 1 amount'), '1500');
    fireEvent.click(saveButton(form));

    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', SAVED_TEXT));
    expect(puts).toEqual([
      {
        spend: 1800,
        shares: [
          { leadSourceId: 'ls_search', month: '2026-10', amount: 1500 },
          { leadSourceId: 'ls_tv', month: '2026-11', amount: 300 },
        ],
      },
    ]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(rowOf('Google Ads').textContent).toContain('$1,800.00');
    expect(rowOf('Google Ads').textContent).toContain('Television · Nov 2026$300.00');
    expect(queryClient.getQueryState(roiKey)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Apportion Google Ads' }),
      ),
    );
  });

  it('shows field errors on the rows, focused, and sends nothing', async () => {
    const { puts } = renderPage();
    const form = await openEditor('Google Ads');
    // The same source and month twice.
    fireEvent.change(within(form).getByRole('combobox', { name: 'Row 2 lead source' }), {
      target: { value: 'ls_search' },
    });
    type(input(form, 'Row 1 month'), '2026-1');
    fireEvent.click(saveButton(form));
    const month = input(form, 'Row 1 month');
    expect(
      await within(form).findByText('Enter a month as YYYY-MM, such as 2026-10.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(month));
    type(month, '2026-10');
    fireEvent.click(saveButton(form));
    expect(
      await within(form).findByText(
        'Search already has a share for 2026-10 (row 1): give one share per lead source and month.',
      ),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('starts a never-apportioned campaign empty and clears a split with 0 and no rows', async () => {
    const { puts } = renderPage();
    const form = await openEditor('Brand');
    expect(input(form, /Total spend/).value).toBe('');
    expect(
      within(form).getByText("Enter the campaign's total spend in dollars."),
    ).toBeInTheDocument();
    expect(saveButton(form).disabled).toBe(true);
    type(input(form, /Total spend/), '0');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Add a row' })),
    );
    expect(within(form).getByText(/No shares yet/)).toBeInTheDocument();
    fireEvent.click(saveButton(form));
    await waitFor(() => expect(puts).toEqual([{ spend: 0, shares: [] }]));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(rowOf('Brand').textContent).toContain('Not apportioned');

    // A stored split cleared the same way reads "Not apportioned" again.
    const ads = await openEditor('Google Ads');
    type(input(ads, /Total spend/), '0');
    fireEvent.click(within(ads).getByRole('button', { name: 'Remove row 2' }));
    fireEvent.click(within(ads).getByRole('button', { name: 'Remove row 1' }));
    fireEvent.click(saveButton(ads));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(puts).toHaveLength(2);
    expect(rowOf('Google Ads').textContent).toContain('Not apportioned');
    expect(rowOf('Google Ads').textContent).not.toContain('$1,500.00');
  });

  it('shows the server’s 400 beside the form, keeps what was typed, and no toast on top', async () => {
    const message =
      "The shares add up to $1,199.50 but the campaign's spend is $1,500.00: $300.50 is not apportioned yet.";
    const { api } = renderPage({ 'c_ads/apportion': () => ({ fail: 400, message }) });
    const form = await openEditor('Google Ads');
    type(input(form, 'Row 1 month'), '2026-09');
    fireEvent.click(saveButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(input(form, 'Row 1 month').value).toBe('2026-09');
    expect(api.notify).not.toHaveBeenCalled();
    // Editing clears the refusal; a failure of the server itself says to try again.
    api.on('c_ads/apportion', () => ({ fail: 503 }));
    type(input(form, 'Row 1 month'), '2026-08');
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(saveButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(NOT_SAVED_TEXT);
    expect(input(form, 'Row 1 month').value).toBe('2026-08');
  });
});
