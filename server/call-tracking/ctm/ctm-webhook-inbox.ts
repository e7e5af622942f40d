import { randomUUID } from 'node:crypto';
import type { CtmWebhookEvent } from '@/shared/contracts/call-tracking-connection';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../../secrets/secret-box';
import { findConnection, recordWebhookArrival } from './ctm-connection-store';
import type { CtmCalls } from './ctm-calls';
import { ctmCallSchema } from './ctm-schemas';
import {
  ctmCallFacts,
  CtmWebhookError,
  type CtmWebhookRequest,
  verifyCtmWebhook,
} from './ctm-webhook';

// CTM's webhooks, received and applied (issue #32 "Inbound calls from webhooks"). A webhook
// is checked (CTM's signature with the account's secret, a recent X-CTM-Time), then kept
// in ctm_webhook_inbox and answered 202 at once: CTM's API is not needed to accept one, so
// calls keep arriving while CTM's API is down. The inbox is applied in the order received,
// one at a time, idempotently (ctm-calls.ts); a webhook that fails to apply is tried again
// (at the next webhook, and at start) up to MAX_ATTEMPTS times, and stays in the inbox with
// its error for an operator. Applied webhooks are pruned after KEEP_APPLIED_MS, failed ones
// after KEEP_FAILED_MS, so the table does not grow with every call the firm ever took.

export const MAX_ATTEMPTS = 5;
/** How long an applied webhook is kept (to answer "did CTM send it?"), then pruned. */
export const KEEP_APPLIED_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a webhook that never applied is kept for an operator, then pruned. */
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60 * 1000;
/** The inbox is pruned at most this often (at start, then as webhooks arrive). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The most a webhook body may be (a CTM call object is a few kilobytes). */
export const CTM_WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface CtmWebhookInboxOptions {
  db: Db;
  secrets: () => SecretBox;
  calls: CtmCalls;
  now: () => Date;
  log(message: string, error: unknown): void;
}

export function createCtmWebhookInbox(options: CtmWebhookInboxOptions) {
  const { db, calls, now, log } = options;
  /** The run applying the inbox, if one is under way; `again` asks it for one more pass. */
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Deletes the webhooks kept long enough; answers how many. */
  async function prune(): Promise<number> {
    const at = now().getTime();
    prunedAt = at;
    const result = await db
      .deleteFrom('ctm_webhook_inbox')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('processed_at', 'is not', null),
            eb('received_at', '<', new Date(at - KEEP_APPLIED_MS).toISOString()),
          ]),
          eb('received_at', '<', new Date(at - KEEP_FAILED_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function applyOne(row: {
    id: string;
    workspace_id: string;
    event: string;
    body: string;
    received_at: string;
  }) {
    try {
      const call = ctmCallSchema.parse(JSON.parse(row.body));
      const event = row.event === 'end' ? 'end' : 'start';
      await calls.apply(
        row.workspace_id,
        event,
        ctmCallFacts(call, event, new Date(row.received_at)),
      );
      await db
        .updateTable('ctm_webhook_inbox')
        .set((eb) => ({
          processed_at: now().toISOString(),
          attempts: eb('attempts', '+', 1),
          last_error: null,
        }))
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      log(`CTM webhook ${row.id} (call ${row.event}): could not apply it`, error);
      const message = error instanceof Error ? error.message.slice(0, 500) : 'failed';
      await db
        .updateTable('ctm_webhook_inbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: message }))
        .where('id', '=', row.id)
        .execute();
    }
  }

  async function drain() {
    if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) await prune();
    do {
      again = false;
      const pending = await db
        .selectFrom('ctm_webhook_inbox')
        .select(['id', 'workspace_id', 'event', 'body', 'received_at'])
        .where('processed_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('received_at')
        .orderBy('id')
        .limit(100)
        .execute();
      for (const row of pending) {
        if (closed) return;
        await applyOne(row);
      }
      if (pending.length === 100) again = true;
    } while (again && !closed);
  }

  /** Applies what is pending, now or right after the run under way. */
  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log('Could not apply the CTM webhook inbox', error))
      .finally(() => {
        running = null;
      });
  }

  return {
    /**
     * One webhook as received: refused (401, nothing stored) unless CTM signed it recently
     * with the workspace's secret; else kept and applied right after the answer.
     */
    async receive(workspaceId: string, event: CtmWebhookEvent, request: CtmWebhookRequest) {
      const connection = await findConnection(db, workspaceId);
      if (!connection) {
        throw new HttpError(404, 'No CallTrackingMetrics account is connected to this workspace.');
      }
      const secret = options.secrets().open(connection.secret_sealed);
      let call;
      try {
        call = verifyCtmWebhook(request, secret, now().getTime());
      } catch (error) {
        if (error instanceof CtmWebhookError) {
          throw new HttpError(error.reason === 'malformed-body' ? 400 : 401, error.message);
        }
        throw error;
      }
      const at = now().toISOString();
      await db
        .insertInto('ctm_webhook_inbox')
        .values({
          id: randomUUID(),
          workspace_id: workspaceId,
          event,
          ctm_call_id: String(call.id),
          body: request.rawBody.toString(),
          received_at: at,
          processed_at: null,
          last_error: null,
        })
        .execute();
      await recordWebhookArrival(db, workspaceId, new Date(at));
      kick();
    },
    /** Applies what a stopped server left in the inbox (pruning it first). */
    start: kick,
    prune,
    /** Resolves once the inbox has been applied (tests). */
    async settled() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await running;
    },
  };
}

export type CtmWebhookInbox = ReturnType<typeof createCtmWebhookInbox>;
