import {
  MAIL_FAILURE_WINDOW_MS,
  mailDeliveryVerdict,
  outboxVerdict,
} from '@/shared/domain/microservices';
import type { Db } from '../db/database';
import type { MailTransport } from '../mail/mail-transport';
import type { PartCheck } from './run-check';

const DAY_MS = 24 * 60 * 60_000;

/** The e-mails still to send (or, without SMTP, to be read in the outbox): how many, how old. */
async function waitingEmails(db: Db, now: Date) {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('delivery', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
  return {
    waiting: Number(row.waiting),
    oldestWaitingMs: Number.isNaN(oldest) ? null : Math.max(0, now.getTime() - oldest),
  };
}

/**
 * The e-mail outbox (server/call-center/email-outbox.ts, server/mail/). Without SMTP the
 * reference server sends no mail: every e-mail waits for a system user to read it (how
 * many, how old; degraded past OUTBOX_STALE_MS). With SMTP (issue #33): the SMTP server
 * is reached and the credentials tried (no e-mail sent), and the outbox's delivery told.
 */
export function outboxCheck(db: Db, now: () => Date, transport: MailTransport | null): PartCheck {
  return {
    id: 'email-outbox',
    name: transport ? 'E-mail (SMTP)' : 'E-mail outbox',
    async probe() {
      const at = now();
      const { waiting, oldestWaitingMs } = await waitingEmails(db, at);
      if (!transport) return outboxVerdict(waiting, oldestWaitingMs);
      const unreachable = await transport.verify().then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : 'no answer'),
      );
      const since = (ms: number) => new Date(at.getTime() - ms).toISOString();
      const [sent, failed] = await Promise.all([
        db
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delivery', '=', 'sent')
          .where('delivered_at', '>=', since(DAY_MS))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('email_outbox')
          .select(['delivery_error'])
          .where('delivery', '=', 'failed')
          .where('created_at', '>=', since(MAIL_FAILURE_WINDOW_MS))
          .orderBy('created_at', 'desc')
          .execute(),
      ]);
      return mailDeliveryVerdict({
        server: transport.describe(),
        unreachable,
        waiting,
        oldestWaitingMs,
        sentLastDay: Number(sent.n),
        failed: failed.length,
        latestFailure: failed[0]?.delivery_error ?? null,
      });
    },
  };
}
