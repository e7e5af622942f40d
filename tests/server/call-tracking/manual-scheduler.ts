import type { Scheduler } from '@/server/call-tracking/scheduler';

/**
 * A Scheduler the test moves by hand: timers run, in time order, only inside `advance`,
 * and the clock is the same one the server's tokens use (pass `clock`).
 */
export function createManualScheduler(clock: { now(): Date; advance(ms: number): void }) {
  let sequence = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const scheduler: Scheduler = {
    now: clock.now,
    after(delayMs, run) {
      const id = ++sequence;
      timers.set(id, { at: clock.now().getTime() + Math.max(0, delayMs), run });
      return () => timers.delete(id);
    },
  };
  return {
    scheduler,
    /** Moves the clock by `ms`, running every timer that falls due on the way. */
    advance(ms: number) {
      const until = clock.now().getTime() + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        const [id, timer] = due;
        timers.delete(id);
        clock.advance(Math.max(0, timer.at - clock.now().getTime()));
        timer.run();
      }
      clock.advance(Math.max(0, until - clock.now().getTime()));
    },
    pending: () => timers.size,
  };
}
