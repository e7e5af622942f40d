import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DateRangeFields,
  isDateRangeValid,
  type DateRangeValue,
} from '@/app/components/date-range-fields/date-range-fields';

const today = new Date(2026, 10, 22, 12);

function Harness({ initial }: { initial: DateRangeValue }) {
  const [range, setRange] = useState(initial);
  return (
    <>
      <DateRangeFields value={range} onChange={setRange} today={today} />
      <output data-testid="value">{`${range.startDate}|${range.endDate}|${isDateRangeValid(range, today)}`}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('DateRangeFields (spec: dashboards 5, 9 — MM/DD/YYYY)', () => {
  it('shows ISO days as MM/DD/YYYY and reports typed days as ISO', () => {
    render(<Harness initial={{ startDate: '2026-11-16', endDate: '2026-11-22' }} />);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(start.value).toBe('11/16/2026');
    fireEvent.change(start, { target: { value: '11/02/2026' } });
    expect(value()).toBe('2026-11-02|2026-11-22|true');
  });

  it('reports an incomplete day as empty (invalid) without wiping what is typed', () => {
    render(<Harness initial={{ startDate: '2026-11-16', endDate: '2026-11-22' }} />);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    fireEvent.change(start, { target: { value: '11/0' } });
    expect(start.value).toBe('11/0');
    expect(value()).toBe('|2026-11-22|false');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use the format MM/DD/YYYY.').textContent).toBe(
      'Use the format MM/DD/YYYY.',
    );
  });

  it('bounds the calendar pickers: start max = end, end min = start, end max = today', () => {
    const { container } = render(
      <Harness initial={{ startDate: '2026-11-16', endDate: '2026-11-20' }} />,
    );
    const [startPicker, endPicker] = container.querySelectorAll('input[type="date"]');
    expect(startPicker!.getAttribute('max')).toBe('2026-11-20');
    expect(endPicker!.getAttribute('min')).toBe('2026-11-16');
    expect(endPicker!.getAttribute('max')).toBe('2026-11-22');
    expect(
      screen.getByRole('button', { name: 'Choose start date from a calendar' }),
    ).toBeInstanceOf(HTMLButtonElement);
  });
});
