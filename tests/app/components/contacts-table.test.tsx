import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ContactsTable,
  type ContactTableRow,
} from '@/app/components/contacts-table/contacts-table';

const rows: ContactTableRow[] = Array.from({ length: 1000 }, (_, i) => ({
  key: String(i),
  name: `Contact ${String(i).padStart(4, '0')}`,
  href: i === 0 ? '' : `https://crm.zoho.com/org1/tab/Leads/${i}`,
  leadSource: 'Google',
  campaign: '',
  caseType: 'Chapter 7',
  status: 'Hired',
}));

describe('ContactsTable (spec: dashboards 2.5, 9)', () => {
  it('renders only the rows in view of a long list, and the next ones after a scroll', () => {
    render(
      <ContactsTable
        rows={rows}
        columns={['name', 'leadSource', 'campaign']}
        sort={null}
        onSort={vi.fn()}
        caption="Hires contacts"
      />,
    );
    const table = screen.getByRole('table', { name: 'Hires contacts' });
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const first = within(table).getAllByRole('rowheader');
    expect(first.length).toBeLessThan(40);
    expect(first[0]!.textContent).toBe('Contact 0000');
    const region = screen.getByRole('region', { name: 'Hires contacts' });
    region.scrollTop = 37 * 500;
    fireEvent.scroll(region);
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toContain('Contact 0500');
    expect(names).not.toContain('Contact 0000');
  });

  it('links names to the CRM when there is a link, shows blanks as a dash, and reports sort clicks', () => {
    const onSort = vi.fn();
    render(
      <ContactsTable
        rows={rows.slice(0, 3)}
        columns={['name', 'campaign']}
        sort={{ key: 'name', direction: 'asc' }}
        onSort={onSort}
        caption="x"
      />,
    );
    expect(screen.queryByRole('link', { name: 'Contact 0000' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact 0001' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(screen.getAllByRole('cell')[0]!.textContent).toBe('—');
    fireEvent.click(
      within(screen.getByRole('columnheader', { name: 'Campaign' })).getByRole('button'),
    );
    expect(onSort).toHaveBeenCalledWith('campaign');
  });
});
