/**
 * The typed attributes a host page may set on any widget (strings only: functions and
 * objects, such as a token, are JavaScript properties, never attributes).
 *
 *   theme         "light" | "dark" | "auto" (follows prefers-color-scheme); default light
 *   date-range    "last-7-days" (default, spec: session 9) | "last-30-days" | "this-month"
 *                 | "YYYY-MM-DD..YYYY-MM-DD"
 *   lead-sources  lead-source ids, comma-separated: the widget's default lead-source filter
 *   api-base      the server address, e.g. https://intake.example.com (script-tag embed)
 *   layout        "compact": a narrow column (the extension's CRM panel): filters fold behind
 *                 a one-line summary and blocks another widget shows are left out; default full
 */
export type WidgetTheme = 'light' | 'dark';

export interface WidgetDateRange {
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

export function parseTheme(value: string | undefined, prefersDark = false): WidgetTheme {
  if (value === 'dark') return 'dark';
  if (value === 'auto') return prefersDark ? 'dark' : 'light';
  return 'light';
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === text;
}

/** null for a missing or unreadable value: the screen keeps its own default. */
export function parseDateRange(
  value: string | undefined,
  today = new Date(),
): WidgetDateRange | null {
  if (!value) return null;
  const trimmed = value.trim();
  const daysBack = (days: number) => {
    const start = new Date(today);
    start.setDate(start.getDate() - (days - 1));
    return { startDate: isoDay(start), endDate: isoDay(today) };
  };
  if (trimmed === 'last-7-days') return daysBack(7);
  if (trimmed === 'last-30-days') return daysBack(30);
  if (trimmed === 'this-month') {
    return {
      startDate: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
      endDate: isoDay(today),
    };
  }
  const [start, end, ...rest] = trimmed.split('..');
  if (rest.length > 0 || !start || !end || !validDay(start) || !validDay(end) || start > end)
    return null;
  return { startDate: start, endDate: end };
}

/** "1, 2,3" -> ["1", "2", "3"]; empty or missing -> null (no filter given). */
export function parseLeadSources(value: string | undefined): string[] | null {
  if (!value) return null;
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[\w-]{1,64}$/.test(id));
  return ids.length > 0 ? [...new Set(ids)] : null;
}
