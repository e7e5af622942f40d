import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CollectionsScreen } from '@/app/features/cash-flow/collections-screen';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';
import { cashFlowData } from '../../../shared/domain/cockpit-fixtures';

function renderCollections(
  handler: Handler = (req) => {
    const { startDate, endDate } = req.query as { startDate: string; endDate: string };
    return { data: cashFlowData({ startDate, endDate }) };
  },
  linked: { startDate: string; endDate: string } | null = null,
) {
  const api = reportApi([['/reports/quickbooks', handler]]);
  const host = makeHost({
    api,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(<CollectionsScreen linked={linked} />, { host });
  return { api };
}

describe('CollectionsScreen (spec: dashboards 2.2, 2.3 View All, 3 Cash flow data)', () => {
  it('loads, then shows the payments, the plans and every missed payment, largest first', async () => {
    const pending = deferred<unknown>();
    renderCollections(() => pending.promise, { startDate: '2026-03-01', endDate: '2026-03-07' });
    expect((await screen.findByText('Loading Collections...')).textContent).toBe(
      'Loading Collections...',
    );
    pending.resolve({ data: cashFlowData() });
    const table = await screen.findByRole('table', { name: 'Missed payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Jordan Lee$450.0003/02/2026',
      'Sam Ortiz$300.0003/03/2026',
    ]);
    expect(screen.getByText('Missed payments', { selector: 'dt' }).parentElement!.textContent).toBe(
      'Missed payments$750.002 payments missed',
    );
    expect(screen.getByText('Off plan', { selector: 'dt' }).parentElement!.textContent).toBe(
      'Off plan25.00%15 plans with a missed payment',
    );
    // Sorting by due date, newest first on the second click.
    const due = screen.getByRole('button', { name: 'Due' });
    fireEvent.click(due);
    fireEvent.click(due);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Sam Ortiz');
  });

  it("asks for the range the Cash Flow card's View All carried", async () => {
    const { api } = renderCollections(undefined, {
      startDate: '2026-03-01',
      endDate: '2026-03-07',
    });
    await waitFor(() =>
      expect(api.calls('/reports/quickbooks')[0]!.query).toEqual({
        startDate: '2026-03-01',
        endDate: '2026-03-07',
      }),
    );
    expect((await screen.findByText('03/01/2026 to 03/07/2026')).tagName).toBe('P');
  });

  it('says which QuickBooks company the figures come from, when it was read, and why they may be old', async () => {
    const books = {
      vendor: 'quickbooks' as const,
      companyName: 'Lakeside Law LLC',
      readAt: '2026-11-30T16:32:00.000Z',
      problem: null,
    };
    let answer = cashFlowData({ books });
    renderCollections(() => ({ data: answer }));
    const source = await screen.findByText(/^From QuickBooks Online/);
    expect(source).toHaveTextContent(
      `From QuickBooks Online (Lakeside Law LLC), read ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(books.readAt))}.`,
    );
    expect(source).not.toHaveClass('ic-cash-flow__books--problem');
    cleanup();

    answer = cashFlowData({ books: { ...books, readAt: null, problem: 'reconnect' } });
    renderCollections(() => ({ data: answer }));
    const ended = await screen.findByText(/^From QuickBooks Online/);
    expect(ended).toHaveTextContent(
      'From QuickBooks Online (Lakeside Law LLC), not read yet. QuickBooks ended the connection: these are the figures as last read, until the owner connects it again (Settings > QuickBooks Connection).',
    );
    expect(ended).toHaveClass('ic-cash-flow__books--problem');
  });

  it('names no books for the workspace’s own (demo) records', async () => {
    renderCollections();
    await screen.findByRole('table', { name: 'Missed payments' });
    expect(screen.queryByText(/QuickBooks Online/)).toBeNull();
  });

  it('says so when nothing was missed: good news, not an error', async () => {
    renderCollections(() => ({
      data: cashFlowData({ missedPayments: [], missedPaymentsTotal: 0, offPlan: 0, onPlan: 60 }),
    }));
    expect((await screen.findByText('No missed payments in this range.')).tagName).toBe('P');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error view when the report fails, and Try Again? asks again', async () => {
    let fail = true;
    const { api } = renderCollections((req) => {
      if (fail) return serverError();
      const { startDate, endDate } = req.query as { startDate: string; endDate: string };
      return { data: cashFlowData({ startDate, endDate }) };
    });
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByRole('table', { name: 'Missed payments' })).tagName).toBe('TABLE');
    expect(api.calls('/reports/quickbooks')).toHaveLength(2);
  });
});
