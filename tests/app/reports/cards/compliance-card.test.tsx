import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComplianceCard } from '@/app/reports/cards/compliance-card';
import { ComplianceScreen } from '@/app/features/compliance/compliance-screen';
import { defaultReportFilters } from '@/shared/domain/report-filter-state';
import { makeHost, renderWithHost } from '../../helpers';
import { type FakeApi } from '../../fake-api';
import { AGENTS, reportApi, reportWorkspace, serverError } from '../filters/fixtures';

const filters = defaultReportFilters(new Date(2026, 10, 22));

function renderCard(api: FakeApi = reportApi()) {
  const host = makeHost({
    api,
    session: { user: null, workspace: reportWorkspace(), agent: null },
  });
  return renderWithHost(<ComplianceCard filters={filters} />, { host });
}

describe('ComplianceCard (spec: dashboards 2.6, 9)', () => {
  it("shows 'Loading Agents Compliance...' and then inbound and outbound bars as rounded percents", async () => {
    renderCard();
    expect(screen.getByText('Loading Agents Compliance...').textContent).toBe(
      'Loading Agents Compliance...',
    );
    const inbound = await screen.findByRole('progressbar', { name: 'Inbound compliance' });
    expect(inbound.getAttribute('aria-valuenow')).toBe('75');
    expect(inbound.getAttribute('aria-valuemax')).toBe('100');
    expect(inbound.style.height).toBe('20px');
    expect(inbound.querySelector('.ic-compliance__fill--blue')).not.toBeNull();
    const outbound = screen.getByRole('progressbar', { name: 'Outbound compliance' });
    expect(outbound.getAttribute('aria-valuenow')).toBe('5');
    // Below the minimum marker (10): red.
    expect(outbound.querySelector('.ic-compliance__fill--red')).not.toBeNull();
    expect(screen.getByText(/15 of 20 calls connected/).textContent).toMatch(
      /15 of 20 calls connected/,
    );
  });

  it('toggles the per-agent view by clicking the card, sorted by agent name', async () => {
    renderCard();
    const bars = (await screen.findByRole('progressbar', { name: 'Inbound compliance' })).closest(
      '.ic-compliance__bars',
    )!;
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(bars);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Ari Amos', 'Dana Diaz']);
    expect(screen.getByRole('button', { name: /Hide agents/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(bars);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sorts agents by inbound percent ascending, then flips (spec: dashboards 4)', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: /Show agents/ }));
    const table = screen.getByRole('table');
    const inbound = within(table).getByRole('columnheader', { name: 'Inbound' });
    fireEvent.click(within(inbound).getByRole('button'));
    expect(inbound.getAttribute('aria-sort')).toBe('ascending');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Ari Amos', 'Dana Diaz']);
    fireEvent.click(within(inbound).getByRole('button'));
    expect(inbound.getAttribute('aria-sort')).toBe('descending');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Dana Diaz', 'Ari Amos']);
  });

  it("treats no calls at all as 'No Data'", async () => {
    const zero = {
      ...AGENTS[0]!,
      INBOUND_TOTAL: 0,
      INBOUND_CONNECTED: 0,
      INBOUND_PERCENT: 0,
      OUTBOUND_TOTAL: 0,
      OUTBOUND_CONNECTED: 0,
      OUTBOUND_PERCENT: 0,
    };
    renderCard(
      reportApi([
        [
          '/reports/ctm-call-compliance-by-agent',
          () => ({ data: { CTM_COMPLIANCE_BY_AGENTS_ZOHO: { data: [zero] } } }),
        ],
      ]),
    );
    expect((await screen.findByText('No Data')).textContent).toBe('No Data');
    expect(screen.getByRole('button', { name: 'Try Again?' })).toBeInstanceOf(HTMLButtonElement);
  });

  it('shows the error view when the report fails', async () => {
    renderCard(reportApi([['/reports/ctm-call-compliance-by-agent', serverError]]));
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
  });
});

describe('ComplianceScreen (the <intake-compliance> widget screen)', () => {
  it('opens with the per-agent list for the given range', async () => {
    const api = reportApi();
    const host = makeHost({
      api,
      session: { user: null, workspace: reportWorkspace(), agent: null },
    });
    renderWithHost(
      <ComplianceScreen dateRange={{ startDate: '2026-01-01', endDate: '2026-01-07' }} />,
      { host },
    );
    expect(await screen.findByRole('table')).toBeInstanceOf(HTMLTableElement);
    expect(api.calls('ctm-call-compliance-by-agent')[0]!.query).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-07',
    });
  });

  it('says so instead of loading when call tracking is off', () => {
    const api = reportApi();
    const host = makeHost({
      api,
      session: { user: null, workspace: reportWorkspace({ callTracking: false }), agent: null },
    });
    renderWithHost(<ComplianceScreen />, { host });
    expect(screen.getByText(/Call tracking is not enabled/).textContent).toMatch(
      /Call tracking is not enabled/,
    );
    expect(api.requests).toHaveLength(0);
  });
});
