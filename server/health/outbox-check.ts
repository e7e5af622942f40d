import { outboxVerdict } from '@/shared/domain/microservices';
import type { Db } from '../db/database';
import type { PartCheck } from './run-check';

/**
 * The e-mail outbox (server/call-center/email-outbox.ts): the reference server sends no
 * mail, so every e-mail in it waits for a system user to read it. How many, and how old
 * the oldest is; degraded past OUTBOX_STALE_MS.
 */
export function outboxCheck(db: Db, now: () => Date): PartCheck {
  return {
    id: 'email-outbox',
    name: 'E-mail outbox',
    async probe() {
      const row = await db
        .selectFrom('email_outbox')
        .select((eb) => [
          eb.fn.countAll<number>().as('pending'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirstOrThrow();
      const pending = Number(row.pending);
      const oldest = row.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
      return outboxVerdict(
        pending,
        Number.isNaN(oldest) ? null : Math.max(0, now().getTime() - oldest),
      );
    },
  };
}
