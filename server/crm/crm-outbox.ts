import {
  type AsyncRecordPayload,
  type AsyncRecordResponse,
  asyncRecordPayloadSchema,
} from '@/shared/contracts/call-flow-api';
import type { CrmError } from '@/shared/contracts/async-errors';
import { missingRequiredField } from '@/shared/domain/async-errors';
import { CrmRefusal } from '../call-center/simulated-crm';
import type { RetryPolicy } from '../connectors/vendor-http';
import { createOutboxWorker, type OutboxWorker } from '../connectors/outbox-worker';
import type { Db } from '../db/database';
import type { CrmConnections } from './crm-connections';
import {
  abandonOutboxRows,
  type AttemptOutcome,
  claimFailedOutboxRow,
  claimOutboxRow,
  contactCrmIdOf,
  dueOutboxRows,
  failOutboxRowAgain,
  insertOutboxRow,
  intakeStartOf,
  leadSourceNameOf,
  type RoutedOutboxRow,
  recordOutboxOutcome,
  refusedError,
  releaseOutboxRow,
} from './crm-outbox-store';
import type { ZohoCrmClient } from './zoho/zoho-crm-client';
import { createCrmAttempt, NOT_CONNECTED } from './crm-outbox-attempt';
import type { KeapClient } from './keap/keap-client';
import { createKeapOutboxSender } from './keap/keap-outbox-sender';
import { createZohoOutboxSender } from './zoho/zoho-outbox-sender';

// Issue #33 "Writes never lost": the records an intake writes to a workspace connected to
// its real CRM (Zoho CRM or Keap) go through crm_outbox (migration 0031, crm-outbox-store.ts):
//
// - `enqueue` checks the record as the simulated CRM would (a required field missing is
//   refused at once, as before), keeps it with the contact it belongs to (the contact the
//   intake named, else the last one the same execution wrote), and answers our id;
// - the worker (server/connectors/outbox-worker.ts) sends what is due, oldest first, at
//   once after a record is kept and every POLL_MS; a record about a contact waits until
//   its contact is in the CRM (a contact the CRM refused fails the records about it);
// - each attempt is the vendor's (zoho/zoho-outbox-sender.ts, keap/keap-outbox-sender.ts,
//   sharing crm-outbox-attempt.ts): the CRM's refusal fails the
//   record, kept for Settings > Async error resolution with the CRM's words; a rate limit
//   waits as the CRM says and counts no attempt; an outage retries with backoff
//   (RETRY_BASE_MS doubling up to RETRY_MAX_MS) and after MAX_ATTEMPTS is kept there as
//   "CRM unavailable"; a grant the CRM ended holds the records (RECONNECT_WAIT_MS, and a
//   reconnect kicks the worker), none lost;
// - never twice: a row is claimed before it is sent (CLAIM_MS); when the last attempt
//   ended without the CRM's answer (a server killed mid-send, a timeout, a 5xx), the next
//   one looks for the record in the CRM before creating it;
// - `resend` is Async error resolution's retry of a refused record: one attempt, now.

export const MAX_ATTEMPTS = 10;
export const RETRY_BASE_MS = 15_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** How long a claim lasts: longer than a request with its rate-limit waits. */
export const CLAIM_MS = 3 * 60 * 1000;
/** A record whose contact is not sent yet looks again this soon. */
export const CONTACT_WAIT_MS = 3_000;
/** Records of a workspace whose grant ended look again this often (a reconnect kicks). */
export const RECONNECT_WAIT_MS = 5 * 60 * 1000;
export const POLL_MS = 2_000;

const BACKOFF: RetryPolicy = {
  maxRetries: MAX_ATTEMPTS,
  baseDelayMs: RETRY_BASE_MS,
  maxDelayMs: RETRY_MAX_MS,
  maxRetryAfterMs: RETRY_MAX_MS,
};

export interface CrmOutboxOptions {
  db: Db;
  connections: CrmConnections;
  /** The workspace's Zoho CRM client (its API domain and tokens from the connection). */
  zohoClient(workspaceId: string): Promise<ZohoCrmClient>;
  /** The workspace's Keap client (its tokens from the connection). */
  keapClient(workspaceId: string): Promise<KeapClient>;
  now: () => Date;
  log(message: string, error?: unknown): void;
  pollMs?: number;
  /** false: a new record waits for runOnce (tests that stage each step); else it goes at once. */
  autoSend?: boolean;
  random?: () => number;
}

export interface CrmOutbox {
  /** Keeps one record to send; throws CrmRefusal for a record no CRM would take. */
  enqueue(input: {
    workspaceId: string;
    executionId: string | null;
    payload: AsyncRecordPayload;
    userId: string;
  }): Promise<Omit<AsyncRecordResponse, 'failure'>>;
  /**
   * Async error resolution's retry of a record the CRM refused: one attempt now. null when
   * the failure is not the outbox's; throws CrmRefusal when it fails again.
   */
  resend(workspaceId: string, failureId: string): Promise<{ crmId: string | null } | null>;
  /** The workspace was disconnected: its records still waiting are kept as failures, saying so. */
  abandon(workspaceId: string): Promise<void>;
  worker: OutboxWorker;
}

export function createCrmOutbox(options: CrmOutboxOptions): CrmOutbox {
  const { db, now, log } = options;
  const attempt = createCrmAttempt({
    connections: options.connections,
    backoff: BACKOFF,
    reconnectWaitMs: RECONNECT_WAIT_MS,
    random: options.random ?? Math.random,
  });
  const zoho = createZohoOutboxSender({
    connections: options.connections,
    zohoClient: options.zohoClient,
    attempt,
  });
  const keap = createKeapOutboxSender({ keapClient: options.keapClient, attempt });
  const inMs = (ms: number) => new Date(now().getTime() + ms);

  /** One attempt at the row (null: its payload cannot be read, a bug logged). */
  async function tryRow(
    row: RoutedOutboxRow,
  ): Promise<{ payload: AsyncRecordPayload; outcome: AttemptOutcome } | null> {
    const parsed = asyncRecordPayloadSchema.safeParse(JSON.parse(row.payload));
    if (!parsed.success) {
      log(`CRM outbox row ${row.id} could not be read`, parsed.error);
      return null;
    }
    const payload = parsed.data;
    const contactId = await contactCrmIdOf(db, row);
    if (contactId === 'wait') {
      return { payload, outcome: { kind: 'wait', delayMs: CONTACT_WAIT_MS, why: null } };
    }
    if (contactId !== null && typeof contactId === 'object') {
      return { payload, outcome: { kind: 'failed', error: contactId } };
    }
    const outcome =
      row.connected_vendor === 'keap'
        ? await keap.attempt(row, payload, { contactId })
        : await zoho.attempt(row, payload, {
            contactId,
            leadSourceName: await leadSourceNameOf(db, row.workspace_id, payload),
            intakeStartedAt: await intakeStartOf(db, row),
          });
    return { payload, outcome };
  }

  async function send(row: RoutedOutboxRow): Promise<boolean> {
    const tried = await tryRow(row);
    if (!tried) return false;
    const { outcome } = tried;
    if (outcome.kind === 'wait') {
      await releaseOutboxRow(db, row, inMs(outcome.delayMs), outcome.why);
      return false;
    }
    await recordOutboxOutcome(db, {
      row,
      payload: tried.payload,
      outcome,
      now: now(),
      maxAttempts: MAX_ATTEMPTS,
    });
    return outcome.kind === 'sent';
  }

  async function resend(workspaceId: string, failureId: string) {
    const { row, claimed } = await claimFailedOutboxRow(db, workspaceId, failureId, inMs(CLAIM_MS));
    if (!row) return null;
    if (!claimed) {
      const busy = 'This record is being sent already: look again in a moment.';
      throw new CrmRefusal({ code: 'CRM_UNAVAILABLE', message: busy }, 409);
    }
    const tried = await tryRow(row);
    const outcome: AttemptOutcome = tried?.outcome ?? {
      kind: 'failed',
      error: refusedError('The kept record could not be read.'),
    };
    if (outcome.kind === 'sent') {
      await recordOutboxOutcome(db, {
        row,
        payload: tried!.payload,
        outcome,
        now: now(),
        maxAttempts: MAX_ATTEMPTS,
      });
      return { crmId: outcome.crmId };
    }
    const why =
      outcome.kind === 'failed'
        ? null
        : outcome.kind === 'wait'
          ? (outcome.why ?? 'its contact is not in the CRM yet')
          : outcome.error;
    const error: CrmError =
      outcome.kind === 'failed'
        ? outcome.error
        : {
            code: 'CRM_UNAVAILABLE',
            message: `The CRM did not take it now: ${why}`.slice(0, 2000),
          };
    await failOutboxRowAgain(db, row, error, outcome.kind === 'retry' && outcome.uncertain);
    throw new CrmRefusal(error, outcome.kind === 'failed' ? 422 : 503);
  }

  const worker = createOutboxWorker<RoutedOutboxRow>({
    source: {
      due: (at) => dueOutboxRows(db, at),
      claim: (row, at) => claimOutboxRow(db, row, new Date(at.getTime() + CLAIM_MS)),
      send,
    },
    now,
    pollMs: options.pollMs ?? POLL_MS,
    failureText: 'Could not send the CRM outbox',
    log,
  });

  return {
    async enqueue(input) {
      const missing = missingRequiredField(input.payload);
      if (missing) throw new CrmRefusal(missing, 422);
      const kept = await insertOutboxRow(db, { ...input, now: now().toISOString() });
      if (options.autoSend !== false) worker.kick();
      return {
        id: kept.id,
        type: input.payload.type,
        contactId: input.payload.type === 'CONTACT' ? kept.id : kept.contactOutboxId,
      };
    },
    resend,
    async abandon(workspaceId) {
      await worker.settled();
      await abandonOutboxRows(db, workspaceId, NOT_CONNECTED, now());
    },
    worker,
  };
}
