import { LIVE_CALL_STATUSES } from '@/shared/contracts/call-tracking';
import { CALL_OVERDUE_GRACE_MS, simulatorVerdict } from '@/shared/domain/microservices';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import type { CallSimulator } from '../call-tracking/call-simulator';
import type { Db } from '../db/database';
import { listWorkspaces } from '../repositories/workspace-repository';
import type { PartCheck } from './run-check';

/** Resolves once the simulator's scheduler runs a zero-delay timer (its timers fire). */
function timerFires(simulator: CallSimulator, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancel = simulator.scheduler.after(0, () => resolve());
    signal.addEventListener(
      'abort',
      () => {
        cancel();
        reject(new Error('the simulator timer did not fire'));
      },
      { once: true },
    );
  });
}

/**
 * The call-tracking simulator (server/call-tracking): its timers fire, and no live call
 * has outlived its longest ring and conversation (a call whose end never ran is stuck).
 */
export function callTrackingCheck(db: Db, simulator: CallSimulator): PartCheck {
  return {
    id: 'call-tracking-simulator',
    name: 'Call-tracking simulator',
    async probe(signal) {
      await timerFires(simulator, signal);
      const { ringSeconds, talkSeconds } = simulator.timings;
      const longestMs = (ringSeconds + talkSeconds[1]) * 1000 + CALL_OVERDUE_GRACE_MS;
      const overdueBefore = new Date(simulator.scheduler.now().getTime() - longestMs);
      const live = await db
        .selectFrom('ctm_calls')
        .select('started_at')
        .where('status', 'in', [...LIVE_CALL_STATUSES])
        // CTM's calls last as long as the caller talks (issue #32): not the simulator's.
        .where('ctm_call_id', 'is', null)
        .execute();
      const overdue = live.filter((call) => new Date(call.started_at) < overdueBefore).length;
      const workspaces = (await listWorkspaces(db)).filter(isCallTrackingEnabled).length;
      return simulatorVerdict(live.length, overdue, workspaces);
    },
  };
}
