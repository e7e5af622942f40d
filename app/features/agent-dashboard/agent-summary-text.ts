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
