import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';

const options: MultiSelectOption[] = [
  { value: 'a', label: 'Avvo' },
  { value: 'g', label: 'Google' },
  { value: 'y', label: 'Yelp' },
];

function Harness({ limit, initial = [] }: { limit?: number; initial?: string[] }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <>
      <MultiSelect
        label="Lead sources"
        placeholder="All lead sources"
        options={options}
        selected={selected}
        onChange={setSelected}
        limit={limit}
      />
      <output data-testid="value">{selected.join(',')}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('MultiSelect (spec: dashboards 2.3, 2.9, 5)', () => {
  it('shows the placeholder, opens a listbox and toggles options by click', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /Lead sources All lead sources/ });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Lead sources' });
    fireEvent.click(within(list).getByRole('option', { name: /Yelp/ }));
    fireEvent.click(within(list).getByRole('option', { name: /Avvo/ }));
    expect(value()).toBe('a,y');
    expect(within(list).getByRole('option', { name: /Avvo/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(trigger.textContent).toContain('Avvo, Yelp');
  });

  it('works with the keyboard and closes with Escape, returning focus', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /Lead sources/ });
    fireEvent.click(trigger);
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: ' ' });
    expect(value()).toBe('g');
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('moves the active option with ArrowUp/Down, Home and End, within the list', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Lead sources/ }));
    const list = screen.getByRole('listbox');
    const activeLabel = () =>
      document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeLabel()).toContain('Avvo');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(activeLabel()).toContain('Avvo');
    fireEvent.keyDown(list, { key: 'End' });
    expect(activeLabel()).toContain('Yelp');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(activeLabel()).toContain('Yelp');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(activeLabel()).toContain('Google');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(activeLabel()).toContain('Avvo');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(value()).toBe('a');
    fireEvent.keyDown(list, { key: 'Tab' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('disables further options once the limit is reached (spec: dashboards 5)', () => {
    render(<Harness limit={1} initial={['a']} />);
    fireEvent.click(screen.getByRole('button', { name: /Lead sources/ }));
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getByRole('option', { name: /Google/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.click(within(list).getByRole('option', { name: /Google/ }));
    expect(value()).toBe('a');
    expect(screen.getByText('1 of 1 chosen').textContent).toBe('1 of 1 chosen');
  });

  it('clears the selection and closes on a press outside', () => {
    render(<Harness initial={['a', 'g', 'y']} />);
    const trigger = screen.getByRole('button', { name: /Lead sources/ });
    expect(trigger.textContent).toContain('3 selected');
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Clear lead sources' }));
    expect(value()).toBe('');
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
