import type { MicroservicesReport } from '@/shared/contracts/microservices';
import { CHECK_TIMEOUT_MS, overallStatus } from '@/shared/domain/microservices';
import { type PartCheck, runCheck } from './run-check';

export interface SystemHealth {
  /**
   * Runs every part's check in parallel, each bounded by its timeout. Callers arriving
   * while a round runs share it: a page left open in several tabs costs one round.
   */
  check(): Promise<MicroservicesReport>;
}

export function createSystemHealth(
  parts: readonly PartCheck[],
  now: () => Date,
  timeoutMs: number = CHECK_TIMEOUT_MS,
): SystemHealth {
  let running: Promise<MicroservicesReport> | null = null;

  async function round(): Promise<MicroservicesReport> {
    const checks = await Promise.all(parts.map((part) => runCheck(part, timeoutMs)));
    return { status: overallStatus(checks), checkedAt: now().toISOString(), checks };
  }

  return {
    check() {
      running ??= round().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
