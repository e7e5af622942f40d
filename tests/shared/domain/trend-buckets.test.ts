import { describe, expect, it } from 'vitest';
import {
  answerBucketStates,
  partialBucketText,
  trendBucketNotes,
  trendBuckets,
  trendBucketStates,
  trendPoints,
} from '@/shared/domain/trend-buckets';

// Issue #30: "This Month" drew a one-day first week and a week not yet begun as zeros, so
// every line fell to 0 at both ends. A bucket that has not begun is absent; one cut by the
// month or still under way is marked partial (spec: dashboards 2.8, 9 Trends).

/** November 2026 begins on a Sunday and ends on a Monday. */
const NOVEMBER = trendBuckets('month', '2026-11-01');

describe('trendBuckets (spec: dashboards 9 Trends)', () => {
  it("cuts a month into Monday-to-Sunday weeks, the first and last cut by the month's ends", () => {
    expect(NOVEMBER.map((b) => b.label)).toEqual([
      '11/01 - 11/01',
      '11/02 - 11/08',
      '11/09 - 11/15',
      '11/16 - 11/22',
      '11/23 - 11/29',
      '11/30 - 11/30',
    ]);
    expect(NOVEMBER[0]).toEqual({
      label: '11/01 - 11/01',
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
  });

  it('gives the days of the week from Monday, and the twelve months of the year', () => {
    expect(trendBuckets('week', '2026-11-19').map((b) => b.label)).toEqual([
      'Mon 11/16',
      'Tue 11/17',
      'Wed 11/18',
      'Thu 11/19',
      'Fri 11/20',
      'Sat 11/21',
      'Sun 11/22',
    ]);
    const year = trendBuckets('year', '2028-02-10');
    expect(year).toHaveLength(12);
    // 2028 is a leap year.
    expect(year[1]).toEqual({ label: 'Feb', startDate: '2028-02-01', endDate: '2028-02-29' });
  });
});

describe('trendBucketStates', () => {
  it('marks the cut first week and the week under way partial, and the week not begun future', () => {
    const states = trendBucketStates('month', NOVEMBER, '2026-11-28');
    expect(states.map((s) => s.state)).toEqual([
      'partial',
      'complete',
      'complete',
      'complete',
      'partial',
      'future',
    ]);
    expect(states[0]).toMatchObject({ cut: true, underWay: false, days: 1, daysSoFar: 1 });
    expect(states[4]).toMatchObject({ cut: false, underWay: true, days: 7, daysSoFar: 6 });
    expect(states[5]).toMatchObject({ cut: true, underWay: false, daysSoFar: 0 });
  });

  it("counts a bucket's last day as under way until it is over", () => {
    const [sunday] = trendBucketStates('month', [NOVEMBER[3]!], '2026-11-22');
    expect(sunday).toMatchObject({ state: 'partial', underWay: true, daysSoFar: 7 });
    const [after] = trendBucketStates('month', [NOVEMBER[3]!], '2026-11-23');
    expect(after!.state).toBe('complete');
  });

  it("marks today's day of the week partial and the days after it future", () => {
    const states = trendBucketStates('week', trendBuckets('week', '2026-11-19'), '2026-11-19');
    expect(states.map((s) => s.state)).toEqual([
      'complete',
      'complete',
      'complete',
      'partial',
      'future',
      'future',
      'future',
    ]);
  });

  it('marks the month under way in the year, the months after it future, and none cut', () => {
    const states = trendBucketStates('year', trendBuckets('year', '2026-11-28'), '2026-11-28');
    expect(states.filter((s) => s.state === 'complete')).toHaveLength(10);
    expect(states[10]).toMatchObject({ state: 'partial', underWay: true, cut: false });
    expect(states[11]!.state).toBe('future');
  });

  it('leaves a period that is over complete, its cut weeks still partial', () => {
    const states = trendBucketStates('month', NOVEMBER, '2026-12-03');
    expect(states.map((s) => s.state)).toEqual([
      'partial',
      'complete',
      'complete',
      'complete',
      'complete',
      'partial',
    ]);
  });
});

describe('answerBucketStates and trendPoints', () => {
  const labels = NOVEMBER.map((b) => b.label);

  it('reads the buckets of an answer from its first day and leaves future buckets out', () => {
    const states = answerBucketStates('month', labels, '2026-11-01', '2026-11-28');
    expect(trendPoints([3, 40, 41, 39, 30, 0], states)).toEqual([3, 40, 41, 39, 30, null]);
  });

  it('marks nothing when the labels are not the buckets these rules give', () => {
    const states = answerBucketStates('month', ['11/01 - 11/07'], '2026-11-01', '2026-11-28');
    expect(states).toBeNull();
    expect(trendPoints([0, 5], states)).toEqual([0, 5]);
  });
});

describe('trendBucketNotes', () => {
  it('says why each partial bucket is partial and which are not drawn', () => {
    const states = trendBucketStates('month', NOVEMBER, '2026-11-28');
    expect(trendBucketNotes('month', states)).toEqual({
      partial: [
        '11/01 - 11/01: only 1 day of that week is in the month',
        '11/23 - 11/29: under way, 6 of 7 days so far',
      ],
      future: '11/30 - 11/30 has not begun: not drawn.',
    });
    const week = trendBucketStates('week', trendBuckets('week', '2026-11-19'), '2026-11-19');
    expect(trendBucketNotes('week', week)).toEqual({
      partial: ['Thu 11/19: today, still under way'],
      future: 'Fri 11/20 to Sun 11/22: 3 days not begun, not drawn.',
    });
  });

  it('says a cut week under way is both', () => {
    const [last] = trendBucketStates('month', [NOVEMBER[5]!], '2026-11-30');
    expect(partialBucketText('month', last!)).toBe(
      '11/30 - 11/30: under way, and only 1 day of that week is in the month',
    );
  });

  it('is empty when every bucket is complete or the buckets are unknown', () => {
    const year = trendBucketStates('year', trendBuckets('year', '2025-05-01'), '2026-01-05');
    expect(trendBucketNotes('year', year)).toEqual({ partial: [], future: null });
    expect(trendBucketNotes('month', null)).toEqual({ partial: [], future: null });
  });
});
