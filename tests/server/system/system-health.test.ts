import { describe, expect, it } from 'vitest';
import { type PartCheck, runCheck } from '@/server/health/run-check';
import { createSystemHealth } from '@/server/health/system-health';

// The bounds around each Microservices check (issue #16): a hung part is cut off and told
// to stop, and callers arriving during a round share it.

const now = () => new Date('2026-11-20T15:00:00.000Z');

describe('runCheck', () => {
  it('cuts a hung probe off at its timeout and aborts its signal', async () => {
    let aborted = false;
    const hung: PartCheck = {
      id: 'sockets',
      name: 'Sockets',
      probe: (signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    };
    const result = await runCheck(hung, 50);
    expect(result).toEqual({
      id: 'sockets',
      name: 'Sockets',
      status: 'down',
      latencyMs: 50,
      detail: 'No answer within 50 ms.',
      timedOut: true,
    });
    expect(aborted).toBe(true);
  });

  it('keeps a long multi-line failure to one bounded line', async () => {
    const broken: PartCheck = {
      id: 'database',
      name: 'Database',
      probe: () => Promise.reject(new Error(`disk\n\n  full ${'x'.repeat(400)}`)),
    };
    const result = await runCheck(broken, 1000);
    expect(result.status).toBe('down');
    expect(result.timedOut).toBe(false);
    expect(result.detail.startsWith('Failed: disk full x')).toBe(true);
    expect(result.detail.length).toBe(300);
  });
});

describe('createSystemHealth', () => {
  it('runs one round for callers arriving while it runs, and a new one afterwards', async () => {
    let rounds = 0;
    let release: () => void = () => {};
    const part: PartCheck = {
      id: 'database',
      name: 'Database',
      probe: async () => {
        rounds += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 'degraded', detail: 'slow' };
      },
    };
    const health = createSystemHealth([part], now, 1000);
    const first = health.check();
    const second = health.check();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(rounds).toBe(1);
    expect(a).toBe(b);
    expect(a.status).toBe('degraded');
    expect(a.checkedAt).toBe('2026-11-20T15:00:00.000Z');
    const third = health.check();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await third;
    expect(rounds).toBe(2);
  });
});
