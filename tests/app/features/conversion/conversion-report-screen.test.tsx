import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConversionReportScreen } from '@/app/features/conversion/conversion-report-screen';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, type FakeApi } from '../../fake-api';
import {
  CONVERSION,
  reportApi,
  reportWorkspace,
  serverError,
} from '../../reports/filters/fixtures';

function renderReport(api: FakeApi = reportApi(), workspace = reportWorkspace()) {
  const host = makeHost({
    api,
    storage: createMemoryStorage(),
    session: { user: null, workspace, agent: null },
  });
  return { ...renderWithHost(<ConversionReportScreen />, { host }), api };
}

const card = (name: RegExp) => screen.findByRole('button', { name });
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('ConversionReportScreen (spec: dashboards 2.7, 4)', () => {
  it('loads with the conversion perspective and shows LEADS, SHOWS, HIRES, FILED, NOHIRES', async () => {
    const pending = deferred<unknown>();
    const api = reportApi([['/reports/conversion', () => pending.promise]]);
    renderReport(api);
    expect((await screen.findByText('Loading Contact Lead Conversion...')).textContent).toBe(
      'Loading Contact Lead Conversion...',
    );
    await act(async () => pending.resolve({ data: CONVERSION }));
    for (const label of [/^Leads/, /^Shows/, /^Hires/, /^Filed/, /^No Hires/])
      expect(await card(label)).toBeInstanceOf(HTMLButtonElement);
    expect(api.calls('/reports/conversion')[0]!.body).toMatchObject({ type: 'intakePCLC' });
    expect(screen.getByRole('heading', { name: 'Conversion perspective' })).toBeInstanceOf(
      HTMLHeadingElement,
    );
  });

  it('shows FILED only for a Bankruptcy workspace', async () => {
    renderReport(reportApi(), reportWorkspace({ bankruptcy: false }));
    await card(/^No Hires/);
    expect(screen.queryByRole('button', { name: /^Filed/ })).toBeNull();
  });

  it('selects a card with contacts, toggles it off, and never selects an empty one', async () => {
    renderReport();
    const hires = await card(/^Hires/);
    fireEvent.click(hires);
    expect(hires.getAttribute('aria-pressed')).toBe('true');
    expect(names()).toEqual(['Fay Fox']);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Contact Name', 'Lead Source', 'Campaign', 'Case Type', 'Status']);
    fireEvent.click(hires);
    expect(hires.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    const filed = (await card(/^Filed/)) as HTMLButtonElement;
    expect(filed.disabled).toBe(true);
  });

  it('filters LEADS to new leads by default, else by the chosen status (spec 4)', async () => {
    renderReport();
    fireEvent.click(await card(/^Leads/));
    expect(names()).toEqual(['Ann Ames', 'Cal Cole']);
    expect(screen.getByRole('button', { name: 'New Leads' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Qualified' }));
    expect(names()).toEqual(['Ben Boyd']);
  });

  it('shows all SHOWS by default, else filtered by status; NOHIRES reads Not Hired', async () => {
    renderReport();
    fireEvent.click(await card(/^Shows/));
    expect(names()).toEqual(['Dee Dunn', 'Eve East']);
    fireEvent.click(screen.getByRole('button', { name: 'Unqualified' }));
    expect(names()).toEqual(['Eve East']);
    fireEvent.click(await card(/^No Hires/));
    expect(screen.getByRole('cell', { name: 'Not Hired' })).toBeInstanceOf(HTMLTableCellElement);
  });

  it('sorts ascending, descending, then back to the report order (spec 4)', async () => {
    renderReport();
    fireEvent.click(await card(/^Leads/));
    fireEvent.click(screen.getByRole('button', { name: 'Qualified' }));
    fireEvent.click(screen.getByRole('button', { name: 'New Leads' }));
    const header = () =>
      within(screen.getByRole('table')).getByRole('columnheader', { name: 'Contact Name' });
    expect(header().getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Ann Ames', 'Cal Cole']);
    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cal Cole', 'Ann Ames']);
    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Ann Ames', 'Cal Cole']);
  });

  it('shows the error view with Try Again?, and no card can be selected meanwhile', async () => {
    let fail = true;
    const api = reportApi([
      ['/reports/conversion', () => (fail ? serverError() : { data: CONVERSION })],
    ]);
    renderReport(api);
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    expect(screen.queryByRole('button', { name: /^Hires/ })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(await card(/^Hires/)).toBeInstanceOf(HTMLButtonElement);
  });

  it('explains the snapshot and conversion perspectives in a help popup', async () => {
    renderReport();
    fireEvent.click(screen.getByRole('button', { name: /How are these counted/ }));
    const dialog = screen.getByRole('dialog', { name: 'Two ways to count your funnel' });
    expect(dialog.textContent).toContain('Snapshot perspective');
    expect(dialog.textContent).toContain('entered the pipeline within the chosen range');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refreshes the compliance and total-leads cards with the filter', async () => {
    const { api } = renderReport();
    await card(/^Leads/);
    await screen.findByRole('progressbar', { name: 'Inbound compliance' });
    expect(api.calls('/reports/leadsByLeadSource')).toHaveLength(1);
    expect(api.calls('ctm-call-compliance-by-agent')).toHaveLength(1);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    fireEvent.change(start, {
      target: { value: (screen.getByLabelText('End date') as HTMLInputElement).value },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('progressbar', { name: 'Inbound compliance' });
    await act(async () => {});
    expect(api.calls('/reports/conversion')).toHaveLength(2);
    expect(api.calls('/reports/leadsByLeadSource')).toHaveLength(2);
    expect(api.calls('ctm-call-compliance-by-agent')).toHaveLength(2);
  });
});
