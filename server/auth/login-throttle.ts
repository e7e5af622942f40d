import { type AttemptLimit, createAttemptLimiter, DEFAULT_LOGIN_LIMIT } from './attempt-limiter';

/**
 * Sign-in throttling (issue 9 item 10), three budgets counted BEFORE the password is
 * checked, so guessing is slow whether or not a guess is right, and parallel requests
 * cannot overrun a budget:
 * - per (address, username): 10 a minute — one person mistyping;
 * - per address across usernames: password spraying from one machine;
 * - per account across addresses: one account guessed from many machines.
 * A sign-in that succeeds gives its attempt back to the address and account budgets, so an office
 * behind one NAT address where everyone signs in at 9:00 is not locked out by its own
 * successes; failures still add up.
 *
 * The account budget lets a stranger lock an account for one window by failing on
 * purpose; that is the accepted price of bounding distributed guessing (SECURITY.md).
 * Behind a reverse proxy, `request.ip` is the client only when the proxy is trusted
 * (TRUST_PROXY, server/auth/trusted-proxy.ts).
 */
export interface LoginBudgets {
  perAddressAndUsername: AttemptLimit;
  perAddress: AttemptLimit;
  perAccount: AttemptLimit;
}

export const DEFAULT_LOGIN_BUDGETS: LoginBudgets = {
  perAddressAndUsername: DEFAULT_LOGIN_LIMIT,
  // 20 failed sign-ins in 10 minutes from one address, whatever the usernames.
  perAddress: { max: 20, windowMs: 10 * 60_000 },
  // 20 failed sign-ins in 10 minutes for one account, whatever the addresses.
  perAccount: { max: 20, windowMs: 10 * 60_000 },
};

export interface LoginThrottle {
  /** Counts one attempt in every budget; false when any of them is used up. */
  tryAttempt(address: string, username: string): boolean;
  /** The sign-in succeeded: its attempt is given back to the address and account budgets. */
  succeeded(address: string, username: string): void;
  /**
   * After a refused attempt: how long until every budget that refused it has a new window
   * (issue #29: the 429 says the real wait, not "a minute" for a 10-minute budget).
   */
  retryAfterMs(address: string, username: string): number;
}

export function createLoginThrottle(
  budgets: Partial<LoginBudgets>,
  now: () => Date,
): LoginThrottle {
  const limits = { ...DEFAULT_LOGIN_BUDGETS, ...budgets };
  const pair = createAttemptLimiter(limits.perAddressAndUsername, now);
  const address = createAttemptLimiter(limits.perAddress, now);
  const account = createAttemptLimiter(limits.perAccount, now);
  return {
    tryAttempt(ip, username) {
      // Every budget counts the attempt, even when another one already refuses it:
      // short-circuiting would let a refused spray stop counting against the account.
      const results = [
        pair.tryAttempt(`${ip}|${username}`),
        address.tryAttempt(ip),
        account.tryAttempt(username),
      ];
      return results.every(Boolean);
    },
    succeeded(ip, username) {
      address.refund(ip);
      account.refund(username);
    },
    retryAfterMs(ip, username) {
      return Math.max(
        pair.retryAfterMs(`${ip}|${username}`),
        address.retryAfterMs(ip),
        account.retryAfterMs(username),
      );
    },
  };
}
