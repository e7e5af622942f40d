import { describe, expect, it } from 'vitest';
import { followUpFigures, summariseOpenFollowUps } from '@/shared/domain/follow-ups';
import { makeSummary } from '../../app/features/agent-dashboard/agent-summary-fixture';

// Issue #30: the agent dashboard said "Callbacks: none due" beside an overdue callback and
// "Relationship calls 2 of 2 made" beside 15 overdue. The list and the figures now come
// from one summary of the open follow-ups.

const TODAY = '2026-11-20';
const row = (kind: 'callback' | 'relationship' | 'collection', dueDay: string, order = dueDay) => ({
  kind,
  contactName: `${kind} ${dueDay} ${order}`,
  dueDay,
  order,
});

describe('summariseOpenFollowUps', () => {
  it('lists oldest first, a callback before planned calls of its day, and counts every one by kind', () => {
    const open = summariseOpenFollowUps(
      [
        row('relationship', '2026-11-20'),
        row('collection', '2026-11-18'),
        row('callback', '2026-11-18', '2026-11-18T15:00'),
        row('callback', '2026-11-18', '2026-11-18T09:00'),
        row('relationship', '2026-11-02'),
      ],
      TODAY,
    );
    expect(open.items.map((item) => [item.kind, item.dueDay, item.overdue])).toEqual([
      ['relationship', '2026-11-02', true],
      ['callback', '2026-11-18', true],
      ['callback', '2026-11-18', true],
      ['collection', '2026-11-18', true],
      ['relationship', '2026-11-20', false],
    ]);
    expect(open.items[1]!.contactName).toBe('callback 2026-11-18 2026-11-18T09:00');
    expect(open.total).toBe(5);
    expect(open.byKind).toEqual({
      callback: { open: 2, overdue: 2 },
      relationship: { open: 2, overdue: 1 },
      collection: { open: 1, overdue: 1 },
    });
  });

  it('counts all of them when the list is cut, so the counts always add up to the total', () => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      row('relationship', `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`, String(i)),
    );
    const open = summariseOpenFollowUps(rows, TODAY, 25);
    expect(open.items).toHaveLength(25);
    expect(open.total).toBe(40);
    expect(open.byKind.relationship).toEqual({ open: 40, overdue: 38 });
    expect(Object.values(open.byKind).reduce((sum, kind) => sum + kind.open, 0)).toBe(open.total);
  });
});

describe('followUpFigures', () => {
  it("says each kind's promises for the period and what of it is overdue in the list", () => {
    const summary = makeSummary({
      followUps: {
        callbacks: { due: 0, done: 0 },
        relationship: { due: 2, done: 2 },
        collection: { due: 3, done: 1 },
      },
    });
    const open = summariseOpenFollowUps(
      [
        row('callback', '2026-11-19'),
        ...Array.from({ length: 15 }, (_, i) => row('relationship', '2026-11-10', String(i))),
        row('collection', TODAY),
        row('collection', TODAY, 'b'),
      ],
      TODAY,
    );
    const figures = followUpFigures({ ...summary, open });
    expect(figures.map((f) => [f.label, f.periodText, f.overdueText])).toEqual([
      ['Callbacks', 'none due today', '1 overdue'],
      ['Relationship calls', '2 of 2 made today', '15 overdue'],
      ['Collection calls', '1 of 3 made today', null],
    ]);
    // Every overdue item of the list is counted by its kind's figure.
    for (const figure of figures) {
      expect(figure.overdue).toBe(
        open.items.filter((item) => item.kind === figure.kind && item.overdue).length,
      );
    }
  });

  it('speaks of this week for the week', () => {
    const figures = followUpFigures(makeSummary({ period: 'week' }));
    expect(figures[0]!.periodText).toBe('1 of 2 returned this week');
  });
});
