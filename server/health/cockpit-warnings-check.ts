import type { CockpitWarningNotifier } from '../notifications/cockpit-warning-notifier';
import type { PartCheck } from './run-check';

/** How long the notifier's queue may stay busy before the check says it is behind. */
const IDLE_WITHIN_MS = 2_500;

/**
 * The cockpit-warning scheduler (server/notifications/cockpit-warning-notifier.ts): its
 * one evaluation queue drains. Busy past IDLE_WITHIN_MS is degraded (records may be
 * arriving in a burst), not down; a queue that never drains times out as down.
 */
export function cockpitWarningsCheck(notifier: () => CockpitWarningNotifier): PartCheck {
  return {
    id: 'cockpit-warnings',
    name: 'Cockpit-warning scheduler',
    async probe(signal) {
      let timer: NodeJS.Timeout | undefined;
      const busy = new Promise<'busy'>((resolve) => {
        timer = setTimeout(() => resolve('busy'), IDLE_WITHIN_MS);
      });
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      const idle = notifier()
        .idle()
        .then(() => 'idle' as const);
      const result = await Promise.race([idle, busy]);
      clearTimeout(timer);
      return result === 'idle'
        ? { status: 'ok', detail: 'Evaluation queue idle.' }
        : { status: 'degraded', detail: `Evaluations still running after ${IDLE_WITHIN_MS} ms.` };
    },
  };
}
