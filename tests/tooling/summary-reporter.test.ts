import { describe, expect, it } from 'vitest';
import { timeLines } from '../summary-reporter';

describe("the summary reporter's time lines", () => {
  const times = [
    { project: 'unit', file: 'tests/a.test.ts', seconds: 2 },
    { project: 'e2e', file: 'tests/e2e/slow.test.ts', seconds: 90.04 },
    { project: 'unit', file: 'tests/b.test.ts', seconds: 3.4 },
    { project: 'server', file: 'tests/server/c.test.ts', seconds: 12 },
  ];

  it('sums each project, largest first', () => {
    expect(timeLines(times)[0]).toBe(
      'Time per project (files summed): e2e 90 s, server 12 s, unit 5 s',
    );
  });

  it('names the slowest files first, as many as asked', () => {
    const lines = timeLines(times, 2);
    expect(lines.slice(1)).toEqual([
      'Slowest files:',
      '    90.0 s  e2e  tests/e2e/slow.test.ts',
      '    12.0 s  server  tests/server/c.test.ts',
    ]);
  });
});
