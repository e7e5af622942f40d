import { formatCallStart } from '@/shared/domain/active-call';
import { dayInTimezone } from '@/shared/domain/workspace-day';

/** Words for the Agent dashboard's numbers (English only: spec dashboards 1). */

const ordinals = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
export function ordinalText(position: number): string {
  return `${position}${ORDINAL_SUFFIX[ordinals.select(position)] ?? 'th'}`;
}

/** '2026-11-20' as 'Fri 11/20' (spec: dashboards 9 dates read MM/DD). */
export function shortDayText(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/**
 * When a missed call rang (issue #28), in the workspace's timezone: "Today 09:05 AM",
 * "Yesterday 04:30 PM", else "Fri 11/20 09:05 AM" (the list spans 14 days, so the time alone
 * would not say which day). The clock is spec 3's hh:mm A; an unknown timezone reads UTC.
 */
export function missedCallWhen(
  startedAt: string,
  timezone: string | null | undefined,
  now: Date = new Date(),
): string {
  const time = formatCallStart(startedAt, timezone);
  if (!time) return '';
  let zone = timezone || 'UTC';
  try {
    dayInTimezone(now, zone);
  } catch {
    zone = 'UTC';
  }
  const day = dayInTimezone(startedAt, zone);
  const today = dayInTimezone(now, zone);
  const yesterday = dayInTimezone(now.getTime() - 86_400_000, zone);
  const dayText = day === today ? 'Today' : day === yesterday ? 'Yesterday' : shortDayText(day);
  return `${dayText} ${time}`;
}
