import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { EmailOutboxTable } from '../db/schema';
import { createOutboxWorker, type OutboxWorker } from '../connectors/outbox-worker';
import { MailSendError, type MailTransport } from './mail-transport';
import type { MailSender, WorkspaceSenders } from './workspace-senders';

// The e-mail outbox sent (issue #33 "Mail"). Every e-mail is written to email_outbox in
// the transaction of what caused it (an invitation with its user, a call-flow e-mail with
// its step's count); this sends what is pending, one e-mail at a time, in the order
// written, and keeps each one's delivery (migration 0029):
//
// - an e-mail is claimed before it is sent ('sending' until a claim's end), so two
//   servers of a cluster never send the same one, and one killed mid-send leaves a claim
//   that runs out: the e-mail is sent again (at least once, with the same Message-ID);
// - a failure worth retrying (no answer, 4yz, refused credentials) is tried again after a
//   backoff (RETRY_BASE_MS doubling, up to RETRY_MAX_MS) up to MAX_ATTEMPTS times; a 5yz
//   refusal of the message fails it at once; a failed e-mail keeps the server's words;
// - each e-mail goes out with its workspace's own SMTP account and From when the firm set
//   one (Settings > E-mail Sending, workspace-senders.ts), else with the server's;
// - without SMTP configured nothing is sent: e-mails stay pending in the outbox, read by
//   system users as before, and are sent once SMTP_URL (or the workspace's) is set.

export const MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** How long a claim lasts: longer than any SMTP exchange (its timeouts are 30 and 60 s). */
export const CLAIM_MS = 5 * 60 * 1000;
/** How often pending e-mails are looked for (new ones, and retries that came due). */
export const POLL_MS = 2_000;

type OutboxRow = Selectable<EmailOutboxTable>;

const recipientsSchema = z.array(z.string());

/** The wait before attempt `attempts + 1` (attempts already made, 1 or more). */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

export interface MailDeliveryOptions {
  db: Db;
  /** The server's SMTP account (SMTP_URL); null: only workspaces with their own send. */
  transport: MailTransport | null;
  /** The From of the server's e-mails (MAIL_FROM). */
  from: string;
  /** Workspaces sending as themselves (workspace-senders.ts): their e-mails go with theirs. */
  senders?: WorkspaceSenders;
  now: () => Date;
  log(message: string, error?: unknown): void;
  /** The Message-ID's domain (the app's host name). */
  messageIdDomain: string;
  pollMs?: number;
}

/** The e-mail outbox's worker (server/connectors/outbox-worker.ts). */
export type MailDelivery = OutboxWorker;

export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, transport, now, log } = options;
  /** The oldest e-mails due: pending ones whose wait is over, and claims that ran out. */
  // Without the server's account only the e-mails of workspaces with their own are due.
  function due(at: Date) {
    let query = db
      .selectFrom('email_outbox')
      .selectAll()
      .where('delivery', 'in', ['pending', 'sending'])
      .where((eb) =>
        eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at.toISOString())]),
      );
    if (!transport) {
      query = query.where(
        'workspace_id',
        'in',
        db.selectFrom('workspace_mail').select('workspace_id'),
      );
    }
    return query.orderBy('created_at').orderBy('id').limit(20).execute();
  }

  /** The workspace's own sender, else the server's; null: nobody can send it now. */
  async function senderFor(row: OutboxRow): Promise<MailSender | null> {
    const own = row.workspace_id ? await options.senders?.senderOf(row.workspace_id) : null;
    if (own) return own;
    return transport ? { transport, from: options.from } : null;
  }

  /** Takes the e-mail for this server until the claim's end; false when another has it. */
  async function claim(row: OutboxRow, at: Date): Promise<boolean> {
    const result = await db
      .updateTable('email_outbox')
      .set({
        delivery: 'sending',
        next_attempt_at: new Date(at.getTime() + CLAIM_MS).toISOString(),
      })
      .where('id', '=', row.id)
      .where('delivery', '=', row.delivery)
      .where((eb) =>
        row.next_attempt_at === null
          ? eb('next_attempt_at', 'is', null)
          : eb('next_attempt_at', '=', row.next_attempt_at),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function record(row: OutboxRow, outcome: MailSendError | null) {
    const attempts = row.delivery_attempts + 1;
    const at = now();
    if (outcome === null) {
      await db
        .updateTable('email_outbox')
        .set({
          delivery: 'sent',
          delivery_attempts: attempts,
          delivered_at: at.toISOString(),
          next_attempt_at: null,
          delivery_error: null,
        })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const givesUp = outcome.permanent || attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('email_outbox')
      .set({
        delivery: givesUp ? 'failed' : 'pending',
        delivery_attempts: attempts,
        next_attempt_at: givesUp
          ? null
          : new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        delivery_error: outcome.message,
      })
      .where('id', '=', row.id)
      .execute();
  }

  async function sendOne(row: OutboxRow): Promise<boolean> {
    let to: string[];
    try {
      to = recipientsSchema.parse(JSON.parse(row.recipients));
    } catch {
      await record(row, new MailSendError('Its recipients could not be read.', true));
      return false;
    }
    try {
      const sender = await senderFor(row);
      if (!sender) {
        // The workspace removed its own account, and the server has none: it waits again.
        await db
          .updateTable('email_outbox')
          .set({ delivery: 'pending', next_attempt_at: null })
          .where('id', '=', row.id)
          .execute();
        return false;
      }
      await sender.transport.send({
        from: sender.from,
        to,
        subject: row.subject,
        html: row.html_body,
        text: row.text_body,
        messageId: `<${row.id}@${options.messageIdDomain}>`,
      });
    } catch (error) {
      const failure =
        error instanceof MailSendError
          ? error
          : new MailSendError(error instanceof Error ? error.message : 'not sent', false);
      log(`E-mail ${row.id} was not sent (attempt ${row.delivery_attempts + 1})`, failure);
      await record(row, failure);
      return false;
    }
    await record(row, null);
    return true;
  }

  const worker = createOutboxWorker<OutboxRow>({
    source: { due, claim, send: sendOne },
    now,
    pollMs: options.pollMs ?? POLL_MS,
    failureText: 'Could not send the e-mail outbox',
    log,
  });
  return {
    ...worker,
    async close() {
      await worker.close();
      transport?.close();
      options.senders?.close();
    },
  };
}
