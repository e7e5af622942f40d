import { describe, expect, it } from 'vitest';
import type { Notification } from '@/shared/contracts/notification';
import {
  addReadIds,
  countUnread,
  mergeReadFlags,
  parseReadIds,
  pruneReadIds,
  READ_RETENTION_MS,
  serializeReadIds,
  sortNewestFirst,
} from '@/shared/domain/read-notifications';

const DAY = 24 * 60 * 60 * 1000;
/** A fake clock: epoch ms the tests move by hand. */
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

function note(id: string, time: string, read = false): Notification {
  return {
    id,
    title: `Title ${id}`,
    description: '',
    time,
    actionRequired: false,
    path: null,
    read,
  };
}

describe('read notification ids kept locally (spec: session 4 Shell, 9)', () => {
  it('keeps an id with the time it was first read', () => {
    const once = addReadIds({}, ['n1'], T0);
    const again = addReadIds(once, ['n1', 'n2'], T0 + DAY);
    expect(again).toEqual({ n1: T0, n2: T0 + DAY });
  });

  it('answers the same object when nothing new was read', () => {
    const kept = addReadIds({}, ['n1'], T0);
    expect(addReadIds(kept, ['n1'], T0 + 5)).toBe(kept);
  });

  it('keeps ids for fewer than 30 days and drops them at 30 days', () => {
    const kept = addReadIds(addReadIds({}, ['old'], T0), ['new'], T0 + 10 * DAY);
    expect(READ_RETENTION_MS).toBe(30 * DAY);
    expect(pruneReadIds(kept, T0 + 30 * DAY - 1)).toEqual({ old: T0, new: T0 + 10 * DAY });
    expect(pruneReadIds(kept, T0 + 30 * DAY)).toEqual({ new: T0 + 10 * DAY });
    expect(pruneReadIds(kept, T0 + 40 * DAY)).toEqual({});
  });

  it('does not keep an id read "in the future" (a clock set back) for ever', () => {
    const kept = { skewed: T0 + 365 * DAY };
    expect(pruneReadIds(kept, T0)).toBe(kept);
    expect(pruneReadIds(kept, T0 + 365 * DAY + 30 * DAY)).toEqual({});
  });

  it('counts a notification read when the server or this browser says so', () => {
    const list = [
      note('a', '2026-11-01T09:00:00Z'),
      note('b', '2026-11-01T08:00:00Z', true),
      note('c', '2026-11-01T07:00:00Z'),
    ];
    const merged = mergeReadFlags(list, { c: T0 });
    expect(merged.map((n) => n.read)).toEqual([false, true, true]);
    expect(countUnread(merged)).toBe(1);
    // The input is left alone.
    expect(list[2]!.read).toBe(false);
  });

  it('reads back what it stored, and an unreadable value as nothing read', () => {
    const kept = { n1: T0, n2: T0 + 1 };
    expect(parseReadIds(serializeReadIds(kept))).toEqual(kept);
    expect(parseReadIds(null)).toEqual({});
    expect(parseReadIds('not json')).toEqual({});
    expect(parseReadIds('["n1"]')).toEqual({});
    expect(parseReadIds('{"n1":"yesterday","n2":5}')).toEqual({ n2: 5 });
  });

  it('sorts newest first by send time', () => {
    const list = [
      note('mid', '2026-11-01T08:00:00Z'),
      note('new', '2026-11-01T09:00:00+00:00'),
      note('old', '2026-10-31T08:00:00Z'),
    ];
    expect(sortNewestFirst(list).map((n) => n.id)).toEqual(['new', 'mid', 'old']);
  });
});
