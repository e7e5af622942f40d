/**
 * A fixed-window counter of attempts per key (server/auth/login-throttle.ts keys it by
 * address and username, by address, and by account). Kept in
 * memory: it only has to slow down password guessing against one process; a multi-node
 * deployment would move it next to socket.io's Redis adapter.
 */
export interface AttemptLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMIT: AttemptLimit = { max: 10, windowMs: 60_000 };

export interface AttemptLimiter {
  /** Counts one attempt; false when the key has used up its window. */
  tryAttempt(key: string): boolean;
  /** Gives one counted attempt back (a sign-in that succeeded). */
  refund(key: string): void;
  /** How long until the key may try again: 0 unless it has used up its window. */
  retryAfterMs(key: string): number;
}

/** Above this many tracked keys, expired windows are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export function createAttemptLimiter(limit: AttemptLimit, now: () => Date): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    tryAttempt(key) {
      const at = now().getTime();
      if (windows.size > SWEEP_THRESHOLD) sweep(at);
      const window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.set(key, { count: 1, resetAt: at + limit.windowMs });
        return true;
      }
      window.count += 1;
      return window.count <= limit.max;
    },
    refund(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    retryAfterMs(key) {
      const window = windows.get(key);
      const left = window ? window.resetAt - now().getTime() : 0;
      return window && window.count > limit.max && left > 0 ? left : 0;
    },
  };
}
