import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  defaultReportRange,
  formatDisplayDay,
  parseDisplayDay,
  validateDateRange,
} from '@/shared/domain/date-range';

const today = new Date(2026, 10, 22); // 11/22/2026

describe('report date ranges (spec: dashboards 5, 9)', () => {
  it('defaults to the last 7 days, today included', () => {
    const range = defaultReportRange(today);
    expect(range).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(daysInRange(range)).toBe(7);
  });

  it('shows and reads days as MM/DD/YYYY', () => {
    expect(formatDisplayDay('2026-03-07')).toBe('03/07/2026');
    expect(parseDisplayDay(' 03/07/2026 ')).toBe('2026-03-07');
    expect(parseDisplayDay('2026-03-07')).toBeNull();
    expect(parseDisplayDay('02/30/2026')).toBeNull();
  });

  it('requires both dates', () => {
    expect(validateDateRange({ startDate: '', endDate: null }, today)).toEqual({
      startDate: 'Start date is required.',
      endDate: 'End date is required.',
    });
  });

  it('refuses an end date after today and a start after the end', () => {
    expect(
      validateDateRange({ startDate: '2026-11-01', endDate: '2026-11-23' }, today).endDate,
    ).toBe('End date cannot be after today.');
    expect(
      validateDateRange({ startDate: '2026-11-10', endDate: '2026-11-09' }, today).startDate,
    ).toBe('Start date cannot be after the end date.');
    expect(validateDateRange({ startDate: '2026-11-22', endDate: '2026-11-22' }, today)).toEqual(
      {},
    );
  });
});
