import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { designerPathForWorkspace } from '@/app/features/call-flow/designer/designer-workspace';
import { SystemWorkspacesPage } from '@/app/features/system-workspaces/system-workspaces-page';
import type { SystemWorkspace, WorkspaceEdit } from '@/shared/contracts/system-workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { deferred, fakeApi, type Handler } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';

// System > Workspaces (issue #16): the list with edition, CRM, modules and health; the
// settings panel checked with the server's contract; loading, empty and error states.

function named(id: string, name: string, base: Workspace): Workspace {
  return { ...base, id, attributes: { ...base.attributes, name } };
}

const lakesideBase = makeWorkspace({
  edition: 'enterprise',
  isZoho: true,
  cockpit: true,
  ctmSetting: true,
  ctmAccount: '412233',
  quickBooks: true,
});
lakesideBase.attributes.settings.zohoOrgId = '700000123';
const lakeside = named('ws_lakeside', 'Lakeside Law', lakesideBase);
const summit = named('ws_summit', 'Summit Injury', makeWorkspace({ edition: 'starter' }));

const health = (overrides: Partial<SystemWorkspace['health']> = {}): SystemWorkspace['health'] => ({
  status: 'healthy',
  users: 5,
  activeUsers: 4,
  pendingInvitations: 0,
  activeOwners: 1,
  activeSessions: 2,
  failedAsyncRecords: 0,
  lastRecordAt: '2026-11-20T15:00:00.000Z',
  crmOrganization: 'none',
  problems: [],
  ...overrides,
});

const ROWS: SystemWorkspace[] = [
  { workspace: summit, crm: 'none', health: health({ activeSessions: 1 }) },
  {
    workspace: lakeside,
    crm: 'zoho',
    health: health({
      status: 'attention',
      crmOrganization: 'reachable',
      failedAsyncRecords: 2,
      problems: ['2 CRM writes failed and wait in Async error resolution.'],
    }),
  },
];

const listOf = (rows: SystemWorkspace[]) => ({
  data: rows,
  meta: { total: rows.length, limit: Math.max(1, rows.length), offset: 0 },
});

function renderPage(routes: { list?: Handler; patch?: Handler } = {}) {
  const sent: WorkspaceEdit[] = [];
  const api = fakeApi({
    'system/workspaces': routes.list ?? (() => listOf(ROWS)),
    'call-tracking/connection': (req) => ({
      data: { workspaceId: req.path.split('/')[1], provider: 'simulator', ctm: null },
    }),
    timezones: () => ({
      data: [
        { key: 'America/Chicago', label: 'Central Time (US & Canada)' },
        { key: 'America/Denver', label: 'Mountain Time (US & Canada)' },
      ],
      meta: { total: 2, limit: 100, offset: 0 },
    }),
    'workspaces/ws_summit':
      routes.patch ??
      ((req) => {
        const body = req.body as WorkspaceEdit;
        sent.push(body);
        return {
          data: {
            ...summit,
            attributes: {
              ...summit.attributes,
              name: body.name,
              edition: body.edition,
              settings: { ...summit.attributes.settings, ctm: body.callTracking.enabled },
              vendors: {
                ...summit.attributes.vendors,
                callTrackingMetrics: { account: body.callTracking.account },
              },
            },
          },
        };
      }),
  });
  const host = makeHost({
    api,
    session: { user: makeUser({ role: 'system', workspace: null }), workspace: null, agent: null },
  });
  renderWithHost(<SystemWorkspacesPage />, { host });
  return { api, host, sent };
}

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

describe('System > Workspaces', () => {
  it('lists every workspace by name with its edition, CRM and organisation, modules, call tracking, accounting and health', async () => {
    renderPage();
    const lakesideRow = await rowOf('Lakeside Law');
    const cells = within(lakesideRow);
    expect(cells.getByText('Enterprise')).toBeInTheDocument();
    expect(cells.getByText('Zoho')).toBeInTheDocument();
    expect(cells.getByText('Organisation 700000123')).toBeInTheDocument();
    expect(cells.getByText('Sales Performance, Communications')).toBeInTheDocument();
    expect(cells.getByText('Account 412233')).toBeInTheDocument();
    expect(cells.getByText('QuickBooks')).toBeInTheDocument();
    expect(cells.getByText('Needs attention')).toBeInTheDocument();
    expect(cells.getByText('Failed async records: 2')).toBeInTheDocument();
    expect(
      cells.getByText('2 CRM writes failed and wait in Async error resolution.'),
    ).toBeInTheDocument();
    const summitRow = await rowOf('Summit Injury');
    expect(within(summitRow).getByText('No CRM')).toBeInTheDocument();
    expect(within(summitRow).getByText('Cockpit off')).toBeInTheDocument();
    expect(within(summitRow).getByText('Healthy')).toBeInTheDocument();
    expect(within(summitRow).getByText(/4 of 5 users active · 1 session/)).toBeInTheDocument();
    // Sorted by name, and counted for screen readers.
    const names = screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent);
    expect(names).toEqual(['Lakeside Law', 'Summit Injury']);
    expect(screen.getByText('2 workspaces')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New workspace' }).getAttribute('href')).toBe(
      '/app/system/workspace-wizard',
    );
  });

  it('opens the call-flow designer of a workspace that allows call flows, not of a Zoho one', async () => {
    renderPage();
    const summitRow = await rowOf('Summit Injury');
    expect(
      within(summitRow)
        .getByRole('link', { name: 'Design the call flows of Summit Injury' })
        .getAttribute('href'),
    ).toBe(designerPathForWorkspace('ws_summit'));
    // A Zoho workspace without its own CRM connection takes its intakes in Zoho (the
    // call-flow route guard, usesZohoVendor): no designer.
    const zohoOnly = named(
      'ws_pine',
      'Pine Legal',
      makeWorkspace({ isZoho: true, zohoVendor: true, crmConnected: false }),
    );
    expect(usesZohoVendor(zohoOnly)).toBe(true);
    cleanup();
    renderPage({ list: () => listOf([{ workspace: zohoOnly, crm: 'zoho', health: health() }]) });
    expect(
      within(await rowOf('Pine Legal')).queryByRole('link', { name: /Design the call flows/ }),
    ).not.toBeInTheDocument();
  });

  it('shows loading, then the error view with Try Again, which loads again', async () => {
    const first = deferred<unknown>();
    let calls = 0;
    renderPage({
      list: () => {
        calls += 1;
        return calls === 1 ? first.promise : listOf(ROWS);
      },
    });
    expect(await screen.findByText('Loading workspaces…')).toBeInTheDocument();
    first.resolve({ fail: 500 });
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again?' }));
    expect(await screen.findByRole('rowheader', { name: /Lakeside Law/ })).toBeInTheDocument();
  });

  it('says when there are no workspaces and links to the wizard', async () => {
    renderPage({ list: () => listOf([]) });
    expect(await screen.findByText(/There are no workspaces yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create the first one' })).toBeInTheDocument();
  });

  it('checks the settings before saving: call tracking on needs an account, a name is required', async () => {
    const { api } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit settings of Summit Injury' }));
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Summit Injury');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByLabelText('Call tracking on'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Enter the workspace name.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the CallTrackingMetrics account id to turn call tracking on.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/CallTrackingMetrics account/).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(api.requests.filter((req) => req.method === 'PATCH')).toHaveLength(0);

    // A Zoho CRM needs its organisation id, digits only.
    fireEvent.change(screen.getByLabelText(/^CRM/), { target: { value: 'zoho' } });
    fireEvent.change(screen.getByLabelText(/Zoho organisation id/), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Enter the Zoho organisation id: 5 to 20 digits.')).toBeInTheDocument();
    expect(api.requests.filter((req) => req.method === 'PATCH')).toHaveLength(0);
  });

  it('saves the settings with PATCH workspaces/{id}, says so and shows them in the row', async () => {
    const { sent, host, api } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit settings of Summit Injury' }));
    const listReads = () => api.calls('system/workspaces').length;
    const readsBeforeSave = listReads();
    fireEvent.change(screen.getByLabelText(/^Edition/), { target: { value: 'professional' } });
    fireEvent.click(screen.getByLabelText('Call tracking on'));
    fireEvent.change(screen.getByLabelText(/CallTrackingMetrics account/), {
      target: { value: ' 123456 ' },
    });
    fireEvent.click(screen.getByLabelText('QuickBooks (accounting vendor)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Summit Injury',
      edition: 'professional',
      crm: { kind: 'none' },
      callTracking: { enabled: true, account: '123456' },
      quickBooks: true,
    });
    await waitFor(() =>
      expect(host.notify).toHaveBeenCalledWith('success', 'Settings of Summit Injury saved.'),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull());
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit settings of Summit Injury' }),
    );
    // The list with its health is asked again behind the saved row.
    expect(listReads()).toBeGreaterThan(readsBeforeSave);
  });

  it('keeps everything typed when the server refuses, and shows its reason', async () => {
    const { api } = renderPage({
      patch: () => ({ fail: 409, message: 'name: a workspace named Lakeside Law already exists.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit settings of Summit Injury' }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lakeside Law' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText(
        'The settings were not saved. Please try again. name: a workspace named Lakeside Law already exists.',
      ),
    ).toBeInTheDocument();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Lakeside Law');
    expect(api.notify).not.toHaveBeenCalled();
  });
});
