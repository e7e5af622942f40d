import { describe, expect, it } from 'vitest';
import { callerKey, missedCallers } from '@/shared/domain/missed-callers';
import { providerCall } from '../call-fixtures';

// issue #28: a caller who rang three times is one row to call back, with the count and the
// latest call; the same number however written.

const missed = (id: string, fromNumber: string, startedAt: string) =>
  providerCall({ id, fromNumber, startedAt, status: 'no-answer' });

describe('missedCallers', () => {
  it('shows each caller once, with how many calls and the latest, newest caller first', () => {
    const grouped = missedCallers([
      missed('c4', '+15125550143', '2026-11-23T15:10:00.000Z'),
      missed('c3', '+1 312 555 0100', '2026-11-23T15:05:00.000Z'),
      missed('c2', '(512) 555-0143', '2026-11-23T15:00:00.000Z'),
      missed('c1', '+1 512-555-0143', '2026-11-23T14:00:00.000Z'),
    ]);
    expect(grouped.map((caller) => [caller.latest.id, caller.count])).toEqual([
      ['c4', 3],
      ['c3', 1],
    ]);
  });

  it('keeps the latest call whatever order the calls come in', () => {
    const [caller] = missedCallers([
      missed('old', '+15125550143', '2026-11-23T14:00:00.000Z'),
      missed('new', '+15125550143', '2026-11-23T16:00:00.000Z'),
    ]);
    expect(caller).toMatchObject({ count: 2, latest: { id: 'new' } });
  });

  it('never merges calls without a number: nothing says they are one person', () => {
    const grouped = missedCallers([
      missed('a', '', '2026-11-23T15:00:00.000Z'),
      missed('b', '', '2026-11-23T14:00:00.000Z'),
    ]);
    expect(grouped.map((caller) => caller.count)).toEqual([1, 1]);
  });

  it('reads a number by its last ten digits, as the server matches a call-back', () => {
    expect(callerKey('+1 (512) 555-0143')).toBe('5125550143');
    expect(callerKey('5125550143')).toBe('5125550143');
  });
});
