/**
 * Workspace-local calendar days ('YYYY-MM-DD'). Every timed record stores the day it
 * happened on in its workspace's timezone, computed here at insert time; reports filter
 * on those days (a report's "today" is the workspace's today).
 */
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The calendar day an instant falls on in a timezone. */
export function dayInTimezone(instant: Date | string | number, timezone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  return formatterFor(timezone).format(date);
}

/** True for an IANA timezone name this runtime knows. */
export function isKnownTimezone(timezone: string): boolean {
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the timezone is ahead of UTC at an instant (negative in the Americas). */
export function timezoneOffsetMinutes(instant: Date, timezone: string): number {
  let formatter = offsetFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormatters.set(timezone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const truncated = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

/**
 * The instant of a local wall-clock time (day + minutes after midnight) in a timezone.
 * Uses the offset at noon of that day: exact except inside a daylight-saving jump, which
 * happens at night, outside the business hours records are made in.
 */
export function localTimeToInstant(day: string, minutes: number, timezone: string): Date {
  const noonUtc = Date.parse(`${day}T12:00:00.000Z`);
  const offset = timezoneOffsetMinutes(new Date(noonUtc), timezone);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + (minutes - offset) * 60_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS,
  );
}

/** Every day from start to end, both included. */
export function eachDay(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;
}

/** 'YYYY-MM' of a day, and the months between two days. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}
