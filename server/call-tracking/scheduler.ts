/**
 * Time as the call-tracking simulator sees it: a clock and one-shot timers. The server's
 * is the real one; tests hand in a manual one and move it, so no test waits for a call to
 * ring or end (tests/server/call-tracking/manual-scheduler.ts).
 */
export interface Scheduler {
  now(): Date;
  /** Runs `run` once after `delayMs`; answers a cancel function. */
  after(delayMs: number, run: () => void): () => void;
}

/**
 * Real timers on the given clock. Unref'd: a pending call ending must never keep the
 * process alive (the server closes them on shutdown anyway).
 */
export function realScheduler(now: () => Date = () => new Date()): Scheduler {
  return {
    now,
    after(delayMs, run) {
      const timer = setTimeout(run, Math.max(0, delayMs));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}
