import { reportRangeProblem } from '@/shared/domain/date-range';
import type { Principal } from '../auth/access';
import { type AttemptLimit, createAttemptLimiter } from '../auth/attempt-limiter';
import { badRequest, tooManyRequests } from './errors';

/**
 * Report calls per user and minute (issue #9 item 4). Generous: the cockpit loads four
 * cards and the funnel screen five calls at once, and an agent with the extension has a
 * panel of three widgets in every CRM tab (five tabs re-signing in spent 120 in seconds,
 * measured by the e2e suite); ten a second on average still stops a script looping over
 * reports from starving everyone else.
 */
export const DEFAULT_REPORT_RATE_LIMIT: AttemptLimit = { max: 600, windowMs: 60_000 };

export type ReportRateLimit = (principal: Principal) => void;

/**
 * A per-user budget for report calls, keyed by the verified token's subject (never by
 * address: offices share one address behind NAT, and a forged key would let one user spend
 * another's budget). Over budget: 429 with a message a person understands.
 */
export function createReportRateLimit(limit: AttemptLimit, now: () => Date): ReportRateLimit {
  const limiter = createAttemptLimiter(limit, now);
  const seconds = Math.max(1, Math.round(limit.windowMs / 1000));
  return (principal) => {
    if (!limiter.tryAttempt(principal.sub)) {
      throw tooManyRequests(
        `Too many report requests: at most ${limit.max} every ${seconds} seconds. Wait a moment and try again.`,
      );
    }
  };
}

/**
 * 400 for a report range beyond the shared bounds (shared/domain/date-range.ts: from
 * 2000-01-01, at most five years), for any checked input that carries startDate and
 * endDate. Runs after the input's own schema, so both dates are real calendar days.
 */
export function assertReportRange(input: unknown): void {
  if (input === null || typeof input !== 'object') return;
  const { startDate, endDate } = input as { startDate?: unknown; endDate?: unknown };
  if (typeof startDate !== 'string' || typeof endDate !== 'string') return;
  const problem = reportRangeProblem({ startDate, endDate });
  if (problem) throw badRequest(problem);
}
