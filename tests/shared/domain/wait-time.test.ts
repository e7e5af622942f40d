import { describe, expect, it } from 'vitest';
import { describeWaitTime, formatWaitTime, parseWaitSeconds } from '@/shared/domain/wait-time';

describe("average wait time (spec: dashboards 2.3, 3 'seconds.fraction' text)", () => {
  it("reads the 'seconds.fraction' text, '0.00' by default", () => {
    expect(parseWaitSeconds('83.50')).toBe(83.5);
    expect(parseWaitSeconds('0.00')).toBe(0);
    expect(parseWaitSeconds('abc')).toBe(0);
    expect(parseWaitSeconds(null)).toBe(0);
  });

  it('shows minutes and seconds, seconds rounded', () => {
    expect(formatWaitTime('83.50')).toBe('1m 24s');
    expect(formatWaitTime('7.20')).toBe('0m 07s');
    expect(formatWaitTime('0.00')).toBe('0m 00s');
    expect(formatWaitTime('3600.00')).toBe('60m 00s');
    expect(formatWaitTime('59.60')).toBe('1m 00s');
  });

  it('says it in words for screen readers', () => {
    expect(describeWaitTime('61.00')).toBe('1 minute 1 second');
    expect(describeWaitTime('125.00')).toBe('2 minutes 5 seconds');
  });
});
