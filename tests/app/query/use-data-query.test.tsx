import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import { ERROR_VIEW_TEXT, ErrorView } from '@/app/components/error-view/error-view';
import type { PclcData } from '@/shared/contracts/reports/pclc';
import { defaultReportFilters, type ReportFilterState } from '@/shared/domain/report-filter-state';
import { pclcQuery, totalLeadsQuery } from '@/shared/query/report-queries';
import { makeUser } from '../../shared/domain/fixtures';
import { deferred, type FakeApi } from '../fake-api';
import { makeHost, renderWithHost } from '../helpers';
import { PCLC, reportApi, reportWorkspace } from '../reports/filters/fixtures';

const workspace = reportWorkspace();
const lastWeek = defaultReportFilters(new Date(2026, 10, 22, 12));
const lastMonth: ReportFilterState = { ...lastWeek, startDate: '2026-10-23' };

/** A screen that shows the funnel's Leads count the way report screens do. */
function Leads({ filters }: { filters: ReportFilterState | null }) {
  const { api } = useHost();
  const scope = useQueryScope();
  const report = useDataQuery(filters ? pclcQuery(scope, api, workspace.id, filters) : null);
  if (report.status === 'error') {
    return <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />;
  }
  if (report.status === 'loaded') return <p>Leads {(report.data as PclcData).LEADS}</p>;
  return <p>{report.status}</p>;
}

function TotalLeads() {
  const { api } = useHost();
  const scope = useQueryScope();
  const report = useDataQuery(totalLeadsQuery(scope, api, workspace.id, lastWeek));
  return report.status === 'error' ? (
    <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
  ) : (
    <p>{report.status}</p>
  );
}

/** Leads with a switch between two ranges, and a button that takes the screen away. */
function Switcher() {
  const [filters, setFilters] = useState(lastWeek);
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setFilters(lastMonth)}>
        Last month
      </button>
      <button type="button" onClick={() => setShown(false)}>
        Close
      </button>
      {shown ? <Leads filters={filters} /> : null}
    </>
  );
}

function hostWith(api: FakeApi, user = makeUser({ id: 'u_owner', role: 'owner' })) {
  return makeHost({ api, session: { user, workspace, agent: null } });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDataQuery: one way to load (issue #10 item 3)', () => {
  it('sends one request when two components ask for the same report at once', async () => {
    const api = reportApi();
    renderWithHost(
      <>
        <Leads filters={lastWeek} />
        <Leads filters={lastWeek} />
      </>,
      { host: hostWith(api) },
    );
    expect(await screen.findAllByText('Leads 150')).toHaveLength(2);
    expect(api.calls('/reports/pclc')).toHaveLength(1);
  });

  it('is idle and asks nothing while there is nothing to ask (filters still restored)', async () => {
    const api = reportApi();
    renderWithHost(<Leads filters={null} />, { host: hostWith(api) });
    await act(async () => {});
    expect(screen.getByText('idle')).toBeInstanceOf(HTMLParagraphElement);
    expect(api.requests).toHaveLength(0);
  });

  it('shows a cached answer at once when a screen opens again, without asking again', async () => {
    const api = reportApi();
    const { unmount, queryClient } = renderWithHost(<Leads filters={lastWeek} />, {
      host: hostWith(api),
    });
    await screen.findByText('Leads 150');
    unmount();
    renderWithHost(<Leads filters={lastWeek} />, { host: hostWith(api), queryClient });
    // No loading state in between: the first render already has the answer.
    expect(screen.getByText('Leads 150')).toBeInstanceOf(HTMLParagraphElement);
    expect(api.calls('/reports/pclc')).toHaveLength(1);
  });

  it("treats an empty answer as the error view with 'No Data' (spec: dashboards 5, 8)", async () => {
    const api = reportApi([['/reports/leadsByLeadSource', () => ({ data: [] })]]);
    renderWithHost(<TotalLeads />, { host: hostWith(api) });
    expect(await screen.findByText('No Data')).toBeInstanceOf(HTMLParagraphElement);
    expect(screen.getByText(ERROR_VIEW_TEXT)).toBeInstanceOf(HTMLParagraphElement);
  });

  it('shows a failure as the generic error view, and Try Again loads again through loading', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: unknown = { fail: 500 };
    const pending = deferred<unknown>();
    const api = reportApi([['/reports/pclc', () => answer]]);
    renderWithHost(<Leads filters={lastWeek} />, { host: hostWith(api) });
    expect(await screen.findByText(ERROR_VIEW_TEXT)).toBeInstanceOf(HTMLParagraphElement);
    // A failure is not retried by itself: the error view's Try Again is the retry.
    expect(api.calls('/reports/pclc')).toHaveLength(1);
    answer = pending.promise;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await screen.findByText('loading')).toBeInstanceOf(HTMLParagraphElement);
    await act(async () => pending.resolve({ data: PCLC }));
    expect(await screen.findByText('Leads 150')).toBeInstanceOf(HTMLParagraphElement);
    expect(api.calls('/reports/pclc')).toHaveLength(2);
  });

  it('cancels the request of the old filters when they change, and shows only the new answer', async () => {
    const old = deferred<unknown>();
    const api = reportApi([
      [
        '/reports/pclc',
        (req) =>
          (req.body as { startDate: string }).startDate === lastMonth.startDate
            ? { data: { ...PCLC, LEADS: 600 } }
            : old.promise,
      ],
    ]);
    renderWithHost(<Switcher />, { host: hostWith(api) });
    await waitFor(() => expect(api.calls('/reports/pclc')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    expect(await screen.findByText('Leads 600')).toBeInstanceOf(HTMLParagraphElement);
    expect(api.calls('/reports/pclc')[0]!.signal?.aborted).toBe(true);
    await act(async () => old.resolve({ data: PCLC }));
    expect(screen.getByText('Leads 600')).toBeInstanceOf(HTMLParagraphElement);
  });

  it('cancels a request nobody waits for any more (the screen closed), with no error toast', async () => {
    const never = deferred<unknown>();
    const api = reportApi([['/reports/pclc', () => never.promise]]);
    renderWithHost(<Switcher />, { host: hostWith(api) });
    await waitFor(() => expect(api.calls('/reports/pclc')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.calls('/reports/pclc')[0]!.signal?.aborted).toBe(true));
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('forgets every cached answer at sign-out, so the next user gets none of them', async () => {
    const api = reportApi();
    const { queryClient, rerenderWithHost } = renderWithHost(<Leads filters={lastWeek} />, {
      host: hostWith(api),
    });
    await screen.findByText('Leads 150');
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    // Signed out: the host has nobody, and the screens are gone.
    rerenderWithHost(
      makeHost({ api, session: { user: null, workspace: null, agent: null } }),
      <></>,
    );
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    const pending = deferred<unknown>();
    api.on('/reports/pclc', () => pending.promise);
    rerenderWithHost(
      hostWith(api, makeUser({ id: 'u_next', role: 'owner' })),
      <Leads filters={lastWeek} />,
    );
    expect(screen.getByText('loading')).toBeInstanceOf(HTMLParagraphElement);
    await act(async () => pending.resolve({ data: { ...PCLC, LEADS: 7 } }));
    expect(await screen.findByText('Leads 7')).toBeInstanceOf(HTMLParagraphElement);
    expect(api.calls('/reports/pclc')).toHaveLength(2);
  });

  it("keeps one user's answers from another user even before a sign-out (keys carry the sign-in)", async () => {
    const api = reportApi();
    const { rerenderWithHost } = renderWithHost(<Leads filters={lastWeek} />, {
      host: hostWith(api),
    });
    await screen.findByText('Leads 150');
    rerenderWithHost(hostWith(api, makeUser({ id: 'u_other', role: 'admin' })));
    await screen.findByText('Leads 150');
    expect(api.calls('/reports/pclc')).toHaveLength(2);
  });
});
