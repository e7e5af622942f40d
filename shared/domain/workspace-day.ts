/**
 * "Today" and the calendar day of an instant in a workspace's timezone: the one place
 * server and client compute it (issue #10 item 5). Report days are workspace days
 * (spec: dashboards 5 — a range may not end after today, the workspace's today), so the
 * server's date checks, the stored records' day columns and the client's default range
 * and "end max = today" rule must agree on the day, whatever the browser's timezone.
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timezone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD. Throws a RangeError for an unknown timezone.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * The calendar day ('YYYY-MM-DD') an instant falls on in an IANA timezone; with `now`,
 * the workspace's today. Throws a RangeError for a timezone the runtime does not know.
 */
export function dayInTimezone(instant: Date | string | number, timezone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  return dayFormatterFor(timezone).format(date);
}

/**
 * The workspace's today as a Date at local noon of that calendar day, for the date-range
 * rules that take a Date (shared/domain/date-range.ts read the local calendar day; noon
 * keeps it clear of the browser's own daylight-saving jumps). Without a timezone, or
 * with one the runtime does not know, the browser's now: the server still checks.
 */
export function todayInTimezone(timezone: string | null | undefined, now: Date = new Date()): Date {
  if (!timezone) return now;
  let day: string;
  try {
    day = dayInTimezone(now, timezone);
  } catch {
    return now;
  }
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}

/**
 * Of these timezones, the one whose today is the latest at `now` (a day that has begun
 * in some workspace): the "today" of a report over every workspace, the system PCLC
 * report's (issue #30), as the server's check counts it (server/routes/system-reports.ts).
 * Timezones the runtime does not know are skipped; null when none is left.
 */
export function latestTodayTimezone(
  timezones: Iterable<string>,
  now: Date = new Date(),
): string | null {
  let latest: { timezone: string; day: string } | null = null;
  for (const timezone of timezones) {
    let day: string;
    try {
      day = dayInTimezone(now, timezone);
    } catch {
      continue;
    }
    if (!latest || day > latest.day) latest = { timezone, day };
  }
  return latest?.timezone ?? null;
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
