import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportFilterPanel } from '@/app/reports/filters/report-filter-panel';
import type { ReportLookups } from '@/app/query/use-lookup';
import { defaultReportFilters } from '@/shared/domain/report-filter-state';
import { renderWithHost } from '../../helpers';
import { LOOKUPS } from './fixtures';

const today = new Date(2026, 10, 22, 12);
const defaults = defaultReportFilters(today);

const lookups: ReportLookups = {
  leadSources: LOOKUPS.leadSources.data.slice(0, 2),
  campaigns: LOOKUPS.campaigns.data,
  offices: LOOKUPS.offices.data.slice(0, 1),
  caseTypes: LOOKUPS.casetypes.data.filter((t) => t.parent === null),
  subCaseTypes: LOOKUPS.casetypes.data.filter((t) => t.parent !== null),
  loading: false,
};

function renderPanel(props: Partial<Parameters<typeof ReportFilterPanel>[0]> = {}) {
  const onApply = vi.fn();
  renderWithHost(
    <ReportFilterPanel
      value={defaults}
      defaults={defaults}
      onApply={onApply}
      lookups={lookups}
      loading={false}
      today={today}
      {...props}
    />,
  );
  return { onApply };
}

const openSelect = (label: string) => {
  const trigger = screen.getByRole('button', { name: new RegExp(`^${label}`) });
  fireEvent.click(trigger);
  return screen.getByRole('listbox', { name: label });
};

describe('ReportFilterPanel (spec: dashboards 2.9, 4, 5)', () => {
  it('shows every field whose list is non-empty', () => {
    renderPanel();
    for (const label of ['Lead sources', 'Offices', 'Case types', 'Sub case types', 'Campaigns'])
      expect(screen.getByRole('button', { name: new RegExp(`^${label}`) })).toBeInstanceOf(
        HTMLButtonElement,
      );
    expect(screen.getByLabelText('Perspective')).toBeInstanceOf(HTMLSelectElement);
    expect(screen.getByLabelText('Start date')).toBeInstanceOf(HTMLInputElement);
  });

  it('hides fields that are turned off or whose list is empty', () => {
    renderPanel({
      lookups: { ...lookups, offices: [] },
      disabledFields: ['campaigns', 'perspective'],
    });
    expect(screen.queryByRole('button', { name: /^Offices/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Campaigns/ })).toBeNull();
    expect(screen.queryByLabelText('Perspective')).toBeNull();
  });

  it('offers active campaigns only by default; both or neither status offers all', () => {
    renderPanel();
    let list = openSelect('Campaigns');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Spring']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    list = screen.getByRole('listbox', { name: 'Campaigns' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Campaigns' })).getAllByRole('option'),
    ).toHaveLength(2);
  });

  it('offers the sub case types of the chosen case types only', () => {
    renderPanel();
    const caseTypes = openSelect('Case types');
    fireEvent.click(within(caseTypes).getByRole('option', { name: /Bankruptcy/ }));
    const subs = openSelect('Sub case types');
    expect(
      within(subs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Chapter 7']);
  });

  it('applies the draft with Apply, and goes back to the defaults with Clear', () => {
    const { onApply } = renderPanel();
    fireEvent.click(within(openSelect('Lead sources')).getByRole('option', { name: /Google/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ leadSources: ['ls_1'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenLastCalledWith(defaults);
  });

  it('disables Apply and Clear while loading, keeping them focusable (issue #30)', () => {
    const { onApply } = renderPanel({ loading: true });
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    // aria-disabled, not disabled: the button that was just pressed keeps the focus.
    expect(apply.getAttribute('aria-disabled')).toBe('true');
    expect(clear.getAttribute('aria-disabled')).toBe('true');
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    fireEvent.click(clear);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('validates the dates: both required, end not after today, start not after end', () => {
    renderPanel();
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    fireEvent.change(end, { target: { value: '' } });
    expect(screen.getByText('End date is required.').textContent).toBe('End date is required.');
    expect(apply.disabled).toBe(true);
    fireEvent.change(end, { target: { value: '11/23/2026' } });
    expect(screen.getByText('End date cannot be after today.').textContent).toBe(
      'End date cannot be after today.',
    );
    fireEvent.change(end, { target: { value: '11/10/2026' } });
    expect(screen.getByText('Start date cannot be after the end date.').textContent).toBe(
      'Start date cannot be after the end date.',
    );
    fireEvent.change(start, { target: { value: '11/1/2026' } });
    expect(screen.getByText('Use the format MM/DD/YYYY.').textContent).toBe(
      'Use the format MM/DD/YYYY.',
    );
    fireEvent.change(start, { target: { value: '11/01/2026' } });
    expect(apply.disabled).toBe(false);
  });
});
