import type { AsyncRecordFailure } from '@/shared/contracts/async-errors';

// How the page words a failed record: pure, beside the page that uses it.

/** "Nov 26, 2026, 9:14 AM" in the workspace's time zone (the browser's when it has none). */
export function formatWhen(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone ?? undefined }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}

/** Who the record is about, as the row and its buttons name it. */
export function failureContact(failure: AsyncRecordFailure): string {
  return failure.contactName ?? 'Unknown contact';
}

/** The payload's fields as "name: value" lines, for the row's details. */
export function payloadLines(failure: AsyncRecordFailure): string[] {
  return Object.entries(failure.payload.crmFieldMappings).flatMap(([key, value]) => {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) {
      if (value.length === 0) return [];
      const items = value.map((item) =>
        typeof item === 'object' && item !== null
          ? Object.entries(item as Record<string, unknown>)
              .filter(([name]) => name !== 'field')
              .map(([, v]) => String(v))
              .join(', ')
          : String(item),
      );
      return [`${key}: ${items.join('; ')}`];
    }
    return [`${key}: ${String(value)}`];
  });
}
