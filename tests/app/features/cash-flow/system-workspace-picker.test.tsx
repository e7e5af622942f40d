import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollectionsPage, QuickBooksPage } from '@/app/features/cash-flow/cash-flow-pages';
import { cashFlowWorkspaceChoices } from '@/app/features/cash-flow/cash-flow-workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, fakeApi, type Handler } from '../../fake-api';
import { cashFlowData } from '../../../shared/domain/cockpit-fixtures';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';

function workspace(id: string, name: string, quickBooks: boolean, timezone = 'America/Chicago') {
  const item = makeWorkspace({ quickBooks });
  return {
    ...item,
    id,
    attributes: { ...item.attributes, name, timezone },
  } satisfies Workspace;
}

const HARBOR = workspace('ws_harbor', 'Harbor Legal', true, 'Pacific/Kiritimati');
const ACME = workspace('ws_acme', 'Acme Injury', false);
const BAYSIDE = workspace('ws_bayside', 'Bayside Bankruptcy', true);

const cashFlow: Handler = (req) => {
  const { startDate, endDate } = req.query as { startDate: string; endDate: string };
  return { data: cashFlowData({ startDate, endDate }) };
};

function renderAs(
  role: 'system' | 'owner',
  page: ReactElement,
  workspaces: Handler = () => ({
    data: [HARBOR, ACME, BAYSIDE],
    meta: { total: 3, limit: 1000, offset: 0 },
  }),
) {
  const api = fakeApi({ workspaces, '/reports/quickbooks': cashFlow });
  const own = role === 'system' ? null : BAYSIDE;
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role, workspace: own?.id ?? null }),
      workspace: own,
      agent: null,
    },
  });
  renderWithHost(<MemoryRouter>{page}</MemoryRouter>, { host });
  return { api };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cash-flow workspace choices', () => {
  it('keeps only the workspaces with QuickBooks connected, by name', () => {
    const choices = cashFlowWorkspaceChoices([HARBOR, ACME, BAYSIDE]);
    expect(choices.map((item) => item.attributes.name)).toEqual([
      'Bayside Bankruptcy',
      'Harbor Legal',
    ]);
  });
});

describe('Cash Flow Pipeline for the system user (spec: dashboards 2.2)', () => {
  it('Collections: explains, then reads the chosen workspace once one is picked', async () => {
    const { api } = renderAs('system', <CollectionsPage />);
    const picker = await screen.findByLabelText('Workspace');
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('Choose a workspace to see its cash flow.');
    expect(screen.queryByText('Loading Collections...')).toBeNull();
    expect(api.calls('/reports/quickbooks')).toHaveLength(0);
    // Only the QuickBooks workspaces (the server refuses the others' Cash Flow), by name.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a workspace', 'Bayside Bankruptcy', 'Harbor Legal']);

    fireEvent.change(picker, { target: { value: 'ws_harbor' } });
    expect(await screen.findByRole('table', { name: 'Missed payments' })).toBeInTheDocument();
    expect(screen.queryByText('Choose a workspace to see its cash flow.')).toBeNull();
    const calls = api.calls('/reports/quickbooks');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((req) => req.path.includes('ws_harbor'))).toBe(true);

    // Another workspace: its own reading.
    fireEvent.change(picker, { target: { value: 'ws_bayside' } });
    await waitFor(() =>
      expect(api.calls('/reports/quickbooks').some((req) => req.path.includes('ws_bayside'))).toBe(
        true,
      ),
    );
    expect(await screen.findByRole('table', { name: 'Missed payments' })).toBeInTheDocument();
  });

  it("QuickBooks: reads the chosen workspace's months, today in that workspace's timezone", async () => {
    // 12:00 UTC on Feb 28 is already March 1 in Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-28T12:00:00Z'));
    const { api } = renderAs('system', <QuickBooksPage />);
    const picker = await screen.findByLabelText('Workspace');
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('Choose a workspace to see its cash flow.');
    expect(screen.queryByText('Loading QuickBooks...')).toBeNull();

    fireEvent.change(picker, { target: { value: 'ws_harbor' } });
    expect(await screen.findByRole('table', { name: 'Cash flow by month' })).toBeInTheDocument();
    const calls = api.calls('/reports/quickbooks');
    expect(calls).toHaveLength(12);
    expect(calls.every((req) => req.path.includes('ws_harbor'))).toBe(true);
    const ends = calls.map((req) => (req.query as { endDate: string }).endDate).sort();
    expect(ends.at(-1)).toBe('2026-03-01');
  });

  it('shows the error with Try Again when the workspaces cannot be read', async () => {
    const answers: Handler[] = [
      () => ({ fail: 500 }),
      () => ({ data: [BAYSIDE], meta: { total: 1, limit: 1000, offset: 0 } }),
    ];
    let call = 0;
    renderAs('system', <QuickBooksPage />, (req) => answers[Math.min(call++, 1)]!(req));
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }));
    const picker = await screen.findByLabelText('Workspace');
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a workspace', 'Bayside Bankruptcy']);
  });

  it('says so when no workspace has QuickBooks connected', async () => {
    const { api } = renderAs('system', <CollectionsPage />, () => ({
      data: [ACME],
      meta: { total: 1, limit: 1000, offset: 0 },
    }));
    expect(
      (
        await screen.findByText(
          'No workspace has QuickBooks connected yet: there is no cash flow to show.',
        )
      ).getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByLabelText('Workspace')).toBeNull();
    expect(screen.queryByText('Choose a workspace to see its cash flow.')).toBeNull();
    expect(api.calls('/reports/quickbooks')).toHaveLength(0);
  });

  it('keeps the picker disabled while the workspaces load', async () => {
    const pending = deferred<unknown>();
    renderAs('system', <CollectionsPage />, () => pending.promise);
    const picker = await screen.findByLabelText('Workspace');
    expect((picker as HTMLSelectElement).disabled).toBe(true);
    expect(within(picker).getByRole('option').textContent).toBe('Loading workspaces…');
    pending.resolve({ data: [HARBOR], meta: { total: 1, limit: 1000, offset: 0 } });
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
  });
});

describe('Cash Flow Pipeline for an owner', () => {
  it.each([
    ['Collections', <CollectionsPage key="c" />, 'Missed payments'],
    ['QuickBooks', <QuickBooksPage key="q" />, 'Cash flow by month'],
  ])('%s: no picker, its own workspace at once', async (_name, page, table) => {
    const { api } = renderAs('owner', page);
    expect(await screen.findByRole('table', { name: table })).toBeInTheDocument();
    expect(screen.queryByLabelText('Workspace')).toBeNull();
    expect(screen.queryByText('Choose a workspace to see its cash flow.')).toBeNull();
    expect(api.calls('workspaces')).toHaveLength(0);
    const calls = api.calls('/reports/quickbooks');
    expect(calls.every((req) => req.path.includes('ws_bayside'))).toBe(true);
  });
});
