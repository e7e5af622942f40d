import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useClickToCall } from '@/app/calls/click-to-call';
import { ERROR_VIEW_TEXT } from '@/app/components/error-view/error-view';
import { NOT_SAVED_TEXT } from '@/app/features/tracking-numbers/tracking-number-editor';
import {
  SAVED_TEXT,
  TrackingNumbersPage,
} from '@/app/features/tracking-numbers/tracking-numbers-page';
import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import type { Campaign, LeadSource } from '@/shared/contracts/lookups';
import type { TrackingNumberUpdate } from '@/shared/contracts/workspace-settings';
import type { Workspace } from '@/shared/contracts/workspace';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';
import { LINKED_AGENT } from '../../calls/click-to-call/click-to-call-kit';

const SOURCES: LeadSource[] = [
  { id: 'ls_search', key: 's', label: 'Search', medium: null, active: true, Settings: null },
  { id: 'ls_tv', key: 't', label: 'Television', medium: null, active: true, Settings: null },
];
const CAMPAIGNS: Campaign[] = [
  {
    id: 'c_ads',
    key: 'a',
    label: 'Google Ads',
    active: true,
    medium: null,
    leadSourceId: 'ls_search',
  },
  {
    id: 'c_spot',
    key: 'b',
    label: 'Evening spot',
    active: true,
    medium: null,
    leadSourceId: 'ls_tv',
  },
  { id: 'c_any', key: 'c', label: 'Brand', active: true, medium: null, leadSourceId: null },
  // Of a Test source, which the lead-source lookup hides: never offered.
  {
    id: 'c_test',
    key: 'd',
    label: 'Test campaign',
    active: true,
    medium: null,
    leadSourceId: 'ls_test',
  },
];

function numbers(): TrackingNumber[] {
  return [
    {
      id: 'tn_1',
      number: '+15125550147',
      formatted: '+1 512-555-0147',
      label: 'Main office line',
      valid: true,
      campaign: null,
      leadSource: null,
    },
    {
      id: 'tn_2',
      number: '+16305550111',
      formatted: '+1 630-555-0111',
      label: 'Ads line',
      valid: true,
      campaign: { id: 'c_ads', name: 'Google Ads' },
      leadSource: { id: 'ls_search', name: 'Search' },
    },
    {
      id: 'tn_3',
      number: '+442079460958',
      formatted: '+442079460958',
      label: 'London referrals',
      valid: false,
      campaign: null,
      leadSource: null,
    },
  ];
}

const list = (data: unknown[]) => ({
  data,
  meta: { total: data.length, limit: Math.max(1, data.length), offset: 0 },
});

const CALL_TRACKING = makeWorkspace({ ctmSetting: true, ctmAccount: '1' });

/** The reference server's answers: the PUT changes what both lists answer afterwards. */
function renderPage(
  options: { workspace?: Workspace; routes?: Record<string, Handler>; withPicker?: boolean } = {},
) {
  const stored = numbers();
  const puts: TrackingNumberUpdate[] = [];
  const answerList = () => list(stored);
  const api = fakeApi(
    {
      'tracking-numbers': answerList,
      'ctm/numbers': answerList,
      leadSources: () => list(SOURCES),
      campaigns: () => list(CAMPAIGNS),
      'tracking-numbers/tn_1': (req: TransportRequest) => save(req, 'tn_1'),
      'tracking-numbers/tn_2': (req: TransportRequest) => save(req, 'tn_2'),
      'call-tracking/connection': () => ({
        data: { workspaceId: CALL_TRACKING.id, provider: 'simulator', ctm: null },
      }),
    },
    options.routes ?? {},
  );
  function save(req: TransportRequest, id: string) {
    const body = req.body as TrackingNumberUpdate;
    puts.push(body);
    const index = stored.findIndex((n) => n.id === id);
    const source = SOURCES.find((s) => s.id === body.leadSourceId);
    const campaign = CAMPAIGNS.find((c) => c.id === body.campaignId);
    stored[index] = {
      ...stored[index]!,
      label: body.label.trim(),
      leadSource: source ? { id: source.id, name: source.label } : null,
      campaign: campaign ? { id: campaign.id, name: campaign.label } : null,
    };
    return { data: stored[index] };
  }
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role: 'owner' }),
      workspace: options.workspace ?? CALL_TRACKING,
      agent: LINKED_AGENT,
    },
  });
  renderWithHost(
    <>
      <TrackingNumbersPage />
      {options.withPicker ? <PickerProbe /> : null}
    </>,
    { host },
  );
  return { api, host, puts, stored };
}

/** A CRM page's call button (the click-to-call flow), beside the settings screen. */
function PickerProbe() {
  const { startCall, dialogs } = useClickToCall({ onCallStarted: () => {} });
  return (
    <aside>
      <button type="button" onClick={() => startCall({ name: 'Dana Lee', phone: '3125550142' })}>
        Call Dana Lee
      </button>
      {dialogs}
    </aside>
  );
}

const table = () => screen.findByRole('table', { name: 'Tracking numbers' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openEditor(formatted: string) {
  await table();
  fireEvent.click(screen.getByRole('button', { name: `Edit ${formatted}` }));
  return screen.findByRole('form', { name: `Edit ${formatted}` });
}

describe('Settings > Tracking Numbers', () => {
  it('explains why there is nothing to show without a call-tracking account, and asks nothing', () => {
    const { api } = renderPage({
      workspace: makeWorkspace({ ctmSetting: true, ctmAccount: null }),
    });
    expect(screen.getByRole('status').textContent).toBe(
      'This workspace has no CallTrackingMetrics account, so it has no tracking numbers to show. The system administrator turns call tracking on for a workspace (System > Workspaces).',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('says so when the account is there but the call-tracking setting is off', () => {
    renderPage({ workspace: makeWorkspace({ ctmSetting: false, ctmAccount: '1' }) });
    expect(screen.getByRole('status').textContent).toMatch(
      /^Call tracking is turned off in this workspace's settings/,
    );
  });

  it('lists every number formatted, with its label, lead source and campaign', async () => {
    renderPage();
    await table();
    expect(cells(rowOf('+1 512-555-0147'))).toEqual([
      '+1 512-555-0147',
      'Main office line',
      'None',
      'None',
      'Edit',
    ]);
    expect(cells(rowOf('+1 630-555-0111'))).toEqual([
      '+1 630-555-0111',
      'Ads line',
      'Search',
      'Google Ads',
      'Edit',
    ]);
    expect(cells(rowOf('London referrals'))[0]).toBe('+442079460958Not a US number');
    expect(screen.getByText('3 numbers')).toBeInTheDocument();
  });

  it('filters by label, campaign or digits typed any way, and says how many match', async () => {
    renderPage();
    await table();
    const filter = screen.getByRole('searchbox', { name: 'Filter numbers' });
    fireEvent.change(filter, { target: { value: 'google' } });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('+1 630-555-0111')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 numbers')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: '(512) 555-01' } });
    expect(screen.getByText('+1 512-555-0147')).toBeInTheDocument();
    expect(screen.queryByText('+1 630-555-0111')).toBeNull();
    fireEvent.change(filter, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No tracking number matches “nothing like it”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows loading, then the error view whose Try Again loads again', async () => {
    let fail = true;
    const { api } = renderPage({
      routes: { 'tracking-numbers': () => (fail ? { fail: 500 } : list(numbers())) },
    });
    expect(screen.getByText('Loading tracking numbers…')).toBeInTheDocument();
    expect(await screen.findByText(ERROR_VIEW_TEXT)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    await table();
    expect(api.calls('tracking-numbers')).toHaveLength(2);
  });

  it('says when the account has no numbers yet', async () => {
    renderPage({ routes: { 'tracking-numbers': () => list([]) } });
    expect(
      await screen.findByText(
        'Your CallTrackingMetrics account has no tracking numbers yet. Numbers bought there appear here.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses an empty label with a field error on the focused field, and sends nothing', async () => {
    const { puts } = renderPage();
    const form = await openEditor('+1 512-555-0147');
    const label = within(form).getByRole('textbox', { name: /Label/ });
    expect(document.activeElement).toBe(label);
    fireEvent.change(label, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save number' }));
    expect(
      await within(form).findByText('Enter a label, such as "Google Ads line".'),
    ).toBeInTheDocument();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(label);
    expect(puts).toHaveLength(0);
    fireEvent.change(label, { target: { value: 'Front desk' } });
    expect(within(form).queryByText('Enter a label, such as "Google Ads line".')).toBeNull();
  });

  it('picks a campaign’s own lead source with it, and lists only that source’s campaigns', async () => {
    renderPage();
    const form = await openEditor('+1 512-555-0147');
    const source = within(form).getByRole('combobox', { name: /Lead source/ }) as HTMLSelectElement;
    const campaign = within(form).getByRole('combobox', { name: /Campaign/ }) as HTMLSelectElement;
    await waitFor(() => expect(campaign.options).toHaveLength(4));
    expect([...campaign.options].map((o) => o.text)).toEqual([
      'No campaign',
      'Google Ads',
      'Evening spot',
      'Brand',
    ]);
    fireEvent.change(campaign, { target: { value: 'c_spot' } });
    expect(source.value).toBe('ls_tv');
    expect([...campaign.options].map((o) => o.text)).toEqual([
      'No campaign',
      'Evening spot',
      'Brand',
    ]);
    // Another source drops a campaign that is not its own.
    fireEvent.change(source, { target: { value: 'ls_search' } });
    expect(campaign.value).toBe('');
  });

  it('saves the label and assignment, shows them in the list and gives the focus back', async () => {
    const { puts, host } = renderPage();
    const form = await openEditor('+1 512-555-0147');
    fireEvent.change(within(form).getByRole('textbox', { name: /Label/ }), {
      target: { value: '  Front desk ' },
    });
    await waitFor(() =>
      expect(
        (within(form).getByRole('combobox', { name: /Campaign/ }) as HTMLSelectElement).options,
      ).toHaveLength(4),
    );
    fireEvent.change(within(form).getByRole('combobox', { name: /Campaign/ }), {
      target: { value: 'c_ads' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save number' }));
    await waitFor(() => expect(host.notify).toHaveBeenCalledWith('success', SAVED_TEXT));
    expect(puts).toEqual([{ label: 'Front desk', leadSourceId: 'ls_search', campaignId: 'c_ads' }]);
    expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull();
    expect(cells(rowOf('+1 512-555-0147'))).toEqual([
      '+1 512-555-0147',
      'Front desk',
      'Search',
      'Google Ads',
      'Edit',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit +1 512-555-0147' }),
      ),
    );
  });

  it('shows the server’s refusal beside the form and keeps everything typed', async () => {
    const { api } = renderPage({
      routes: {
        'tracking-numbers/tn_1': () => ({
          fail: 400,
          message:
            'campaignId: campaign Brand belongs to lead source Search; choose that lead source with it.',
        }),
      },
    });
    const form = await openEditor('+1 512-555-0147');
    fireEvent.change(within(form).getByRole('textbox', { name: /Label/ }), {
      target: { value: 'Front desk' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save number' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'campaignId: campaign Brand belongs to lead source Search; choose that lead source with it.',
    );
    expect((within(form).getByRole('textbox', { name: /Label/ }) as HTMLInputElement).value).toBe(
      'Front desk',
    );
    // Said once, beside the form: no toast on top.
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('says saving failed when the server is down, keeping the form', async () => {
    renderPage({ routes: { 'tracking-numbers/tn_1': () => ({ fail: 0 }) } });
    const form = await openEditor('+1 512-555-0147');
    fireEvent.click(within(form).getByRole('button', { name: 'Save number' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(NOT_SAVED_TEXT);
    expect(screen.getByRole('form', { name: 'Edit +1 512-555-0147' })).toBeInTheDocument();
  });

  it('Cancel and Escape close the editor without saving, focus back on Edit', async () => {
    const { puts } = renderPage();
    let form = await openEditor('+1 512-555-0147');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull();
    form = await openEditor('+1 630-555-0111');
    fireEvent.keyDown(within(form).getByRole('textbox', { name: /Label/ }), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit +1 630-555-0111' }),
      ),
    );
    expect(puts).toHaveLength(0);
  });

  it('an edited label shows in the click-to-call number picker at its next opening', async () => {
    renderPage({ withPicker: true });
    fireEvent.click(screen.getByRole('button', { name: 'Call Dana Lee' }));
    let picker = await screen.findByRole('dialog', { name: 'Call Dana Lee' });
    await within(picker).findByText('Main office line');
    fireEvent.click(within(picker).getByRole('button', { name: 'Cancel' }));

    const form = await openEditor('+1 512-555-0147');
    fireEvent.change(within(form).getByRole('textbox', { name: /Label/ }), {
      target: { value: 'Front desk' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save number' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Call Dana Lee' }));
    picker = await screen.findByRole('dialog', { name: 'Call Dana Lee' });
    expect(await within(picker).findByText('Front desk')).toBeInTheDocument();
    expect(within(picker).queryByText('Main office line')).toBeNull();
  });
});
