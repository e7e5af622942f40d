import { ctmVerdict } from '@/shared/domain/microservices';
import { MAX_ATTEMPTS } from '../call-tracking/ctm/ctm-webhook-inbox';
import { listConnections } from '../call-tracking/ctm/ctm-connection-store';
import type { Db } from '../db/database';
import type { PartCheck } from './run-check';

/**
 * CallTrackingMetrics (issue #32): the connected workspaces' health as their last request
 * to CTM left it (the page never spends a firm's CTM rate limit), and webhooks that could
 * not be applied after every try.
 */
export function ctmCheck(db: Db): PartCheck {
  return {
    id: 'call-tracking-ctm',
    name: 'CallTrackingMetrics',
    async probe() {
      const connections = await listConnections(db);
      const names = new Map(
        (
          await db
            .selectFrom('workspaces')
            .select(['id', 'name'])
            .where(
              'id',
              'in',
              connections.length > 0 ? connections.map((c) => c.workspace_id) : [''],
            )
            .execute()
        ).map((w) => [w.id, w.name]),
      );
      const { stuck } = await db
        .selectFrom('ctm_webhook_inbox')
        .select((eb) => eb.fn.countAll<number>().as('stuck'))
        .where('processed_at', 'is', null)
        .where('attempts', '>=', MAX_ATTEMPTS)
        .executeTakeFirstOrThrow();
      const failing = connections
        .filter((c) => c.status === 'failing')
        .map((c) => ({
          workspace: names.get(c.workspace_id) ?? c.workspace_id,
          error: c.last_error,
        }));
      return ctmVerdict(connections.length, failing, Number(stuck));
    },
  };
}
