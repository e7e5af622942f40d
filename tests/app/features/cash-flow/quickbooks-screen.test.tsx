import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  isCashFlowHistoryEmpty,
  linkedRange,
  monthRanges,
} from '@/app/features/cash-flow/cash-flow-months';
import { QuickBooksScreen } from '@/app/features/cash-flow/quickbooks-screen';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../../helpers';
import type { Handler } from '../../fake-api';
import { reportApi, reportWorkspace, serverError } from '../../reports/filters/fixtures';
import { cashFlowData } from '../../../shared/domain/cockpit-fixtures';

/** Each month collects 1000 × its month number and ends with that many dollars operating. */
const byMonth: Handler = (req) => {
  const { startDate, endDate } = req.query as { startDate: string; endDate: string };
  const month = Number(startDate.slice(5, 7));
  return {
    data: cashFlowData({
      startDate,
      endDate,
      collected: month * 1000,
      operatingAccount: month * 100,
    }),
  };
};

function renderQuickBooks(handler: Handler = byMonth, storage = createMemoryStorage()) {
  const api = reportApi([['/reports/quickbooks', handler]]);
  const host = makeHost({
    api,
    storage,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  renderWithHost(<QuickBooksScreen />, { host });
  return { api };
}

describe('cash-flow months', () => {
  it('cuts the last months into calendar months, the current one up to today', () => {
    expect(monthRanges('2026-02-10', 3)).toEqual([
      { month: '2025-12', startDate: '2025-12-01', endDate: '2025-12-31' },
      { month: '2026-01', startDate: '2026-01-01', endDate: '2026-01-31' },
      { month: '2026-02', startDate: '2026-02-01', endDate: '2026-02-10' },
    ]);
  });

  it('reads a linked range only when it is a valid report range', () => {
    const today = new Date(2026, 2, 10);
    expect(linkedRange('?startDate=2026-03-01&endDate=2026-03-07', today)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-07',
    });
    expect(linkedRange('?startDate=2026-03-07&endDate=2026-03-01', today)).toBeNull();
    expect(linkedRange('', today)).toBeNull();
  });

  it('treats months with nothing in the accounts as empty', () => {
    const zero = cashFlowData({
      collected: 0,
      missedPaymentsTotal: 0,
      partialPaymentTotal: 0,
      operatingAccount: 0,
      profitAccount: 0,
      activePaymentPlans: 0,
    });
    const month = { month: '2026-03', startDate: '2026-03-01', endDate: '2026-03-07' };
    expect(isCashFlowHistoryEmpty([{ ...month, data: zero }])).toBe(true);
    expect(isCashFlowHistoryEmpty([{ ...month, data: { ...zero, profitAccount: 1 } }])).toBe(false);
  });
});

describe('QuickBooksScreen (spec: dashboards 2.2, 3 Cash flow data)', () => {
  it('asks one Cash Flow reading per month of the last 12 and shows them month by month', async () => {
    const { api } = renderQuickBooks();
    expect((await screen.findByText('Loading QuickBooks...')).textContent).toBe(
      'Loading QuickBooks...',
    );
    const table = await screen.findByRole('table', { name: 'Cash flow by month' });
    const calls = api.calls('/reports/quickbooks');
    expect(calls).toHaveLength(12);
    const first = calls[0]!.query as { startDate: string };
    expect(first.startDate.endsWith('-01')).toBe(true);
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(
      screen.getByRole('img', { name: /^Collected and missed payments per month/ }).tagName,
    ).toBe('CANVAS');
    // The latest month's closing balance is today's (the month the screen asked last, in
    // the workspace's timezone, not this machine's).
    const latest = calls[calls.length - 1]!.query as { startDate: string };
    const month = Number(latest.startDate.slice(5, 7));
    expect(screen.getByText('Operating', { selector: 'dt' }).nextSibling!.textContent).toBe(
      `$${(month * 100).toLocaleString('en-US')}.00`,
    );
  });

  it('looks back over another period when one is chosen, and keeps it', async () => {
    const storage = createMemoryStorage();
    const { api } = renderQuickBooks(byMonth, storage);
    await screen.findByRole('table', { name: 'Cash flow by month' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '3' } });
    await waitFor(() => expect(api.calls('/reports/quickbooks')).toHaveLength(15));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Cash flow by month' })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(await storage.get('report-filters:quickbooks')).toBe('3');
  });

  it("says 'No Data' when the accounts hold nothing, and Try Again? asks again", async () => {
    let empty = true;
    renderQuickBooks((req) =>
      empty
        ? {
            data: cashFlowData({
              ...(req.query as { startDate: string; endDate: string }),
              collected: 0,
              missedPayments: [],
              missedPaymentsTotal: 0,
              partialPaymentTotal: 0,
              operatingAccount: 0,
              profitAccount: 0,
              activePaymentPlans: 0,
              onPlan: 0,
              offPlan: 0,
              onPlanRate: 0,
              offPlanRate: 0,
            }),
          }
        : byMonth(req),
    );
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByRole('table', { name: 'Cash flow by month' })).tagName).toBe(
      'TABLE',
    );
  });

  it('shows the error view when a month fails', async () => {
    renderQuickBooks(serverError);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
  });
});
