import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  compareCodes,
  compareLabels,
  cycleSort,
  sortRows,
  toggleSort,
} from '@/shared/domain/sorting';

type Row = { name: string; pct: number | null };
const rows: Row[] = [
  { name: 'bob', pct: 50 },
  { name: 'Alice', pct: 80 },
  { name: '', pct: null },
  { name: 'agent 10', pct: 10 },
  { name: 'Agent 2', pct: 80 },
];
const valueOf = (row: Row, key: 'name' | 'pct') => row[key];

describe('toggleSort (spec: dashboards 4 Sorting — funnel and compliance lists)', () => {
  it('starts a new column ascending', () => {
    expect(toggleSort({ key: 'name', direction: 'desc' }, 'pct')).toEqual({
      key: 'pct',
      direction: 'asc',
    });
  });

  it('flips the same column between ascending and descending', () => {
    const once = toggleSort({ key: 'name', direction: 'asc' }, 'name');
    expect(once).toEqual({ key: 'name', direction: 'desc' });
    expect(toggleSort(once, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('cycleSort (spec: dashboards 4 Sorting — the conversion report)', () => {
  it('cycles ascending, descending, then restarts (unsorted)', () => {
    const first = cycleSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'asc' });
    const second = cycleSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'desc' });
    expect(cycleSort(second, 'name')).toBeNull();
    expect(cycleSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('starts another column ascending from any state', () => {
    expect(cycleSort({ key: 'name', direction: 'desc' }, 'status')).toEqual({
      key: 'status',
      direction: 'asc',
    });
  });
});

describe('sortRows', () => {
  it('sorts names case-insensitively with numbers in numeric order, blanks last', () => {
    const sorted = sortRows(rows, { key: 'name', direction: 'asc' }, valueOf).map((r) => r.name);
    expect(sorted).toEqual(['Agent 2', 'agent 10', 'Alice', 'bob', '']);
  });

  it('keeps blanks last when descending and ties in their original order (stable)', () => {
    const sorted = sortRows(rows, { key: 'pct', direction: 'desc' }, valueOf).map((r) => r.name);
    expect(sorted).toEqual(['Alice', 'Agent 2', 'bob', 'agent 10', '']);
  });

  it('returns the report order when unsorted and never mutates its input', () => {
    const copy = [...rows];
    expect(sortRows(rows, null, valueOf)).toEqual(rows);
    sortRows(rows, { key: 'name', direction: 'desc' }, valueOf);
    expect(rows).toEqual(copy);
  });

  it('gives the aria-sort of a header', () => {
    expect(ariaSortOf({ key: 'name', direction: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSortOf({ key: 'name', direction: 'desc' }, 'name')).toBe('descending');
    expect(ariaSortOf({ key: 'name', direction: 'asc' }, 'pct')).toBe('none');
    expect(ariaSortOf(null, 'pct')).toBe('none');
  });
});

describe('compareLabels (spec: dashboards 3 — lists sort case-insensitively by name)', () => {
  it('orders names without regard to case, as the server and the filter lists both do', () => {
    expect(['banana', 'Cherry', 'apple'].sort(compareLabels)).toEqual([
      'apple',
      'banana',
      'Cherry',
    ]);
    expect(compareLabels('google ads', 'Google Ads')).toBe(0);
  });
});

describe('compareCodes (tie-breaks on ids, keys and ISO dates)', () => {
  it('orders by code unit, so ties break the same way in every locale', () => {
    expect(['ws_b', 'ws_B', 'ws_a'].sort(compareCodes)).toEqual(['ws_B', 'ws_a', 'ws_b']);
    expect(compareCodes('2026-03-02', '2026-03-10')).toBeLessThan(0);
    expect(compareCodes('2026-03-02T09:00:00Z', '2026-03-02T09:00:00Z')).toBe(0);
  });
});
