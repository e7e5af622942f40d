/**
 * Sorting of report tables (spec: dashboards 4 "Sorting"): in the funnel and compliance
 * lists a new column starts ascending and the same column flips asc/desc; in the
 * conversion report a column cycles ascending, descending, then restarts (back to the
 * report's own order, which is by name).
 */
export type SortDirection = 'asc' | 'desc';

/**
 * spec: dashboards 3 — lists sort case-insensitively by name. The one comparison of
 * labels and names, on the server (lookups, report rows) and the client (filter lists).
 */
export function compareLabels(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
}

/**
 * Ids, keys and ISO dates ('2026-03-01', '2026-03-01T09:00:00Z'): code-unit order, so a
 * tie-break between two names is the same on every machine and every locale.
 */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** Funnel and compliance lists: a new column starts ascending, the same column flips. */
export function toggleSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * Conversion report: ascending, descending, then restart (null = unsorted, the rows in
 * the order the report gave them). A new column starts ascending.
 */
export function cycleSort<K extends string>(
  current: SortState<K> | null,
  key: K,
): SortState<K> | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function isBlank(value: SortValue): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Compares two cell values: numbers numerically, text case-insensitively with numbers
 * inside text in numeric order ("Agent 2" before "Agent 10"). Blanks compare equal.
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/**
 * The rows sorted by one column; stable (ties keep the report's order). Blank cells go
 * last in both directions, so the contacts with a value stay on top.
 */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K> | null,
  valueOf: (row: T, key: K) => SortValue,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.key) }))
    .sort((x, y) => {
      const xBlank = isBlank(x.value);
      const yBlank = isBlank(y.value);
      if (xBlank !== yBlank) return xBlank ? 1 : -1;
      return sign * compareSortValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** The aria-sort of a column header. */
export function ariaSortOf<K extends string>(
  sort: SortState<K> | null,
  key: K,
): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
