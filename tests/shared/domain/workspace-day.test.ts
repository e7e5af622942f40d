import { describe, expect, it } from 'vitest';
import {
  dayInTimezone,
  latestTodayTimezone,
  timezoneOffsetMinutes,
  todayInTimezone,
} from '@/shared/domain/workspace-day';

const localDay = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('dayInTimezone', () => {
  it('is still yesterday in Chicago a minute before local midnight, which is already the next day in UTC', () => {
    expect(dayInTimezone(new Date('2026-11-22T05:59:00Z'), 'America/Chicago')).toBe('2026-11-21');
  });

  it('turns to the next day in Chicago at local midnight', () => {
    expect(dayInTimezone(new Date('2026-11-22T06:00:00Z'), 'America/Chicago')).toBe('2026-11-22');
  });

  it('moves midnight by an hour across the spring daylight-saving jump', () => {
    // 8 March 2026: Chicago goes from UTC-6 to UTC-5 at 02:00 local.
    expect(dayInTimezone(new Date('2026-03-09T04:59:00Z'), 'America/Chicago')).toBe('2026-03-08');
    expect(dayInTimezone(new Date('2026-03-09T05:00:00Z'), 'America/Chicago')).toBe('2026-03-09');
  });

  it('moves midnight back across the autumn daylight-saving jump', () => {
    // 1 November 2026: Chicago goes from UTC-5 back to UTC-6 at 02:00 local.
    expect(dayInTimezone(new Date('2026-11-02T05:59:00Z'), 'America/Chicago')).toBe('2026-11-01');
    expect(dayInTimezone(new Date('2026-11-02T06:00:00Z'), 'America/Chicago')).toBe('2026-11-02');
  });

  it('keeps Phoenix on UTC-7 all year (no daylight saving)', () => {
    expect(dayInTimezone(new Date('2026-07-01T06:59:00Z'), 'America/Phoenix')).toBe('2026-06-30');
    expect(dayInTimezone(new Date('2026-07-01T07:00:00Z'), 'America/Phoenix')).toBe('2026-07-01');
  });

  it('accepts an ISO string or epoch milliseconds as well as a Date', () => {
    const instant = '2026-11-22T05:59:00Z';
    expect(dayInTimezone(instant, 'America/Chicago')).toBe('2026-11-21');
    expect(dayInTimezone(Date.parse(instant), 'America/Chicago')).toBe('2026-11-21');
  });

  it('refuses a timezone the runtime does not know', () => {
    expect(() => dayInTimezone(new Date('2026-11-22T12:00:00Z'), 'Not/AZone')).toThrow(RangeError);
  });
});

describe('todayInTimezone', () => {
  it("answers the workspace's calendar day at local noon, not the browser's day", () => {
    const now = new Date('2026-11-22T03:00:00Z'); // 21:00 on the 21st in Chicago
    const today = todayInTimezone('America/Chicago', now);
    expect(localDay(today)).toEqual([2026, 11, 21]);
    expect(today.getHours()).toBe(12);
  });

  it('agrees with dayInTimezone on the day of the spring daylight-saving jump', () => {
    const now = new Date('2026-03-09T04:59:00Z');
    expect(localDay(todayInTimezone('America/Chicago', now))).toEqual([2026, 3, 8]);
  });

  it("falls back to the browser's now without a timezone or with an unknown one", () => {
    const now = new Date('2026-11-22T03:00:00Z');
    expect(todayInTimezone(null, now)).toBe(now);
    expect(todayInTimezone(undefined, now)).toBe(now);
    expect(todayInTimezone('Not/AZone', now)).toBe(now);
  });
});

describe('timezoneOffsetMinutes', () => {
  it('is -360 in Chicago in winter and -300 in summer', () => {
    expect(timezoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/Chicago')).toBe(-360);
    expect(timezoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Chicago')).toBe(-300);
  });

  it('changes at the instant of the spring jump', () => {
    expect(timezoneOffsetMinutes(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toBe(-360);
    expect(timezoneOffsetMinutes(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toBe(-300);
  });
});

describe("latestTodayTimezone (issue #30: the system PCLC report's today)", () => {
  const now = new Date('2026-03-10T02:00:00Z');

  it('picks the timezone where the day is furthest on', () => {
    expect(latestTodayTimezone(['America/Chicago', 'America/New_York'], now)).toBe(
      'America/Chicago',
    );
    expect(latestTodayTimezone(['America/Chicago', 'Europe/London'], now)).toBe('Europe/London');
  });

  it('skips timezones the runtime does not know, and answers null with none left', () => {
    expect(latestTodayTimezone(['Mars/Olympus', 'America/Chicago'], now)).toBe('America/Chicago');
    expect(latestTodayTimezone(['Mars/Olympus'], now)).toBeNull();
    expect(latestTodayTimezone([], now)).toBeNull();
  });
});
