import { describe, expect, it } from 'vitest';
import {
  LOOKUP_MAX_RETRIES,
  LOOKUP_RETRY_DELAY_MS,
  msUntilNextDay,
} from '@/shared/query/lookup-queries';

describe('lookup cache rules (spec: session 4 Lookups, 9)', () => {
  it('retries after 5 minutes, up to 5 times', () => {
    expect(LOOKUP_RETRY_DELAY_MS).toBe(300_000);
    expect(LOOKUP_MAX_RETRIES).toBe(5);
  });

  it('keeps a list fresh until the next local midnight ("daily caches expire on a new day")', () => {
    const morning = new Date(2026, 10, 22, 9, 30).getTime();
    expect(morning + msUntilNextDay(morning)).toBe(new Date(2026, 10, 23, 0, 0).getTime());
    const lastMinute = new Date(2026, 10, 22, 23, 59).getTime();
    expect(msUntilNextDay(lastMinute)).toBe(60_000);
  });
});
