import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CrmError } from '@/shared/contracts/async-errors';
import {
  type AsyncRecordPayload,
  asyncRecordPayloadSchema,
} from '@/shared/contracts/call-flow-api';
import { recordFailure } from '../call-center/async-record-failures';
import { namedContact } from '@/shared/domain/crm-sync-mapping';
import type { Db } from '../db/database';
import type { CrmOutboxTable } from '../db/schema';

// The crm_outbox table (migration 0031) as the CRM outbox reads and writes it
// (server/crm/crm-outbox.ts): rows kept, found due, claimed, released, and each
// attempt's outcome written back; a refusal also kept as an async record failure.
// Lives beside the outbox rather than in server/repositories because a refusal is written
// with the async failure it becomes (call-center/async-record-failures.ts).

export type OutboxRow = Selectable<CrmOutboxTable>;

/** An attempt's outcome, written back to its row. */
export type Outcome =
  | { kind: 'sent'; module: string | null; crmId: string | null }
  | { kind: 'failed'; error: CrmError }
  | {
      kind: 'retry';
      error: string;
      /** The CRM may hold the record (no answer): the next attempt looks for it first. */
      uncertain: boolean;
      /** Whether it counts toward giving up (outages do; rate limits do not). */
      counts: boolean;
      delayMs: number;
    };

/** What one look at a row comes to: an attempt's outcome, or a wait (no attempt made). */
export type AttemptOutcome = Outcome | { kind: 'wait'; delayMs: number; why: string | null };

/**
 * Whether the CRM may hold the row's record already: the last attempt ended without its
 * answer, or a claim on it ran out (the row read before this claim was still 'sending').
 */
export const wasUncertain = (row: OutboxRow) => row.uncertain === 1 || row.delivery === 'sending';

/** The CRM refused a record, in its words (the async failure's code CRM_REFUSED). */
export const refusedError = (message: string): CrmError => ({
  code: 'CRM_REFUSED',
  message: message.slice(0, 2000),
});

/** The workspace's outbox row of contact `id` (its CRM id once sent), if it is one of ours. */
export const outboxContact = (db: Db, workspaceId: string, id: string) =>
  db
    .selectFrom('crm_outbox')
    .select(['id', 'crm_id'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('type', '=', 'CONTACT')
    .executeTakeFirst();

/** Where the record's contact is: an outbox row of ours, or an id the CRM already has. */
async function contactOf(
  db: Db,
  workspaceId: string,
  executionId: string | null,
  payload: AsyncRecordPayload,
): Promise<{ outboxId: string | null; crmId: string | null }> {
  if (payload.type === 'CONTACT') return { outboxId: null, crmId: null };
  const named = namedContact(payload);
  if (named !== undefined) {
    const ours = await outboxContact(db, workspaceId, named);
    return ours ? { outboxId: ours.id, crmId: null } : { outboxId: null, crmId: named };
  }
  if (executionId === null) return { outboxId: null, crmId: null };
  const last = await db
    .selectFrom('crm_outbox')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('execution_id', '=', executionId)
    .where('type', '=', 'CONTACT')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { outboxId: last?.id ?? null, crmId: null };
}

const setRow = (db: Db, row: OutboxRow, values: Partial<Omit<OutboxRow, 'id'>>) =>
  db.updateTable('crm_outbox').set(values).where('id', '=', row.id).execute();

/** Keeps a record to send; answers its id and its contact's outbox row, if any. */
export async function insertOutboxRow(
  db: Db,
  input: {
    workspaceId: string;
    executionId: string | null;
    payload: AsyncRecordPayload;
    userId: string;
    now: string;
  },
): Promise<{ id: string; contactOutboxId: string | null }> {
  const contact = await contactOf(db, input.workspaceId, input.executionId, input.payload);
  const id = randomUUID();
  await db
    .insertInto('crm_outbox')
    .values({
      id,
      workspace_id: input.workspaceId,
      vendor: 'zoho',
      execution_id: input.executionId,
      type: input.payload.type,
      payload: JSON.stringify(input.payload),
      contact_outbox_id: contact.outboxId,
      contact_crm_id: contact.crmId,
      delivery: 'pending',
      next_attempt_at: null,
      last_error: null,
      crm_module: null,
      crm_id: null,
      failure_id: null,
      created_by: input.userId,
      created_at: input.now,
      sent_at: null,
    })
    .execute();
  return { id, contactOutboxId: contact.outboxId };
}

/** A row with the vendor its workspace is connected to now (null: not connected). */
export type RoutedOutboxRow = OutboxRow & { connected_vendor: string | null };

/** The connection's vendor joined in: each row is sent without looking it up again. */
const routedRows = (db: Db) =>
  db
    .selectFrom('crm_outbox')
    .leftJoin('crm_connections', 'crm_connections.workspace_id', 'crm_outbox.workspace_id')
    .selectAll('crm_outbox')
    .select('crm_connections.vendor as connected_vendor');

/** The oldest rows due: pending ones whose wait is over, and claims that ran out. */
export function dueOutboxRows(db: Db, at: Date): Promise<RoutedOutboxRow[]> {
  return routedRows(db)
    .where('delivery', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at.toISOString())]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(20)
    .execute();
}

/** Takes the row for this server until `until`; false when another server has it. */
export async function claimOutboxRow(db: Db, row: OutboxRow, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('crm_outbox')
    .set({
      delivery: 'sending',
      next_attempt_at: until.toISOString(),
      // A claim that runs out leaves the outcome unknown: look before creating again.
      uncertain: wasUncertain(row) ? 1 : 0,
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

/**
 * The failed row of an async failure, taken until `until` for a retry now. row null: the
 * failure is not the outbox's; claimed false: it is not failed (being sent already).
 */
export async function claimFailedOutboxRow(
  db: Db,
  workspaceId: string,
  failureId: string,
  until: Date,
): Promise<{ row: RoutedOutboxRow | null; claimed: boolean }> {
  const row = await routedRows(db)
    .where('crm_outbox.workspace_id', '=', workspaceId)
    .where('failure_id', '=', failureId)
    .executeTakeFirst();
  if (!row) return { row: null, claimed: false };
  const result = await db
    .updateTable('crm_outbox')
    .set({ delivery: 'sending', next_attempt_at: until.toISOString() })
    .where('id', '=', row.id)
    .where('delivery', '=', 'failed')
    .executeTakeFirst();
  return { row, claimed: Number(result.numUpdatedRows) > 0 };
}

/** Back to waiting until `until`, no attempt counted (its contact, a reconnect). */
export const releaseOutboxRow = (db: Db, row: OutboxRow, until: Date, why: string | null) =>
  setRow(db, row, {
    delivery: 'pending',
    next_attempt_at: until.toISOString(),
    last_error: why ?? row.last_error,
  });

/** A retried failure failed again: back to failed, its async failure kept as it is. */
export const failOutboxRowAgain = (db: Db, row: OutboxRow, error: CrmError, uncertain: boolean) =>
  setRow(db, row, {
    delivery: 'failed',
    attempts: row.attempts + 1,
    next_attempt_at: null,
    last_error: error.message,
    uncertain: uncertain || row.uncertain === 1 ? 1 : 0,
  });

/**
 * An attempt's outcome written back: sent; waiting again (after `delayMs`) while a retry
 * is left (`maxAttempts` counted attempts); else failed, kept as an async record failure.
 */
export async function recordOutboxOutcome(
  db: Db,
  input: {
    row: OutboxRow;
    payload: AsyncRecordPayload;
    outcome: Outcome;
    now: Date;
    maxAttempts: number;
  },
): Promise<void> {
  const { row, payload, outcome } = input;
  const at = input.now.toISOString();
  const attempts = row.attempts + 1;
  if (outcome.kind === 'sent') {
    await setRow(db, row, {
      delivery: 'sent',
      attempts,
      uncertain: 0,
      next_attempt_at: null,
      last_error: null,
      crm_module: outcome.module,
      crm_id: outcome.crmId,
      sent_at: at,
    });
    return;
  }
  if (outcome.kind === 'retry' && (!outcome.counts || attempts < input.maxAttempts)) {
    await setRow(db, row, {
      delivery: 'pending',
      attempts: outcome.counts ? attempts : row.attempts,
      uncertain: outcome.uncertain || wasUncertain(row) ? 1 : 0,
      next_attempt_at: new Date(input.now.getTime() + outcome.delayMs).toISOString(),
      last_error: outcome.error,
    });
    return;
  }
  const error: CrmError =
    outcome.kind === 'failed'
      ? outcome.error
      : {
          code: 'CRM_UNAVAILABLE',
          message: `${outcome.error} (gave up after ${attempts} attempts)`.slice(0, 2000),
        };
  const failureId = await recordFailure(db, {
    workspaceId: row.workspace_id,
    executionId: row.execution_id,
    payload,
    error,
    createdBy: row.created_by,
    now: at,
  });
  await setRow(db, row, {
    delivery: 'failed',
    attempts,
    next_attempt_at: null,
    last_error: error.message,
    failure_id: failureId,
  });
}

/** The contact's CRM id; 'wait' while it is not sent; a CrmError when it never will be. */
export async function contactCrmIdOf(
  db: Db,
  row: OutboxRow,
): Promise<string | null | 'wait' | CrmError> {
  if (row.contact_outbox_id === null) return row.contact_crm_id;
  const contact = await db
    .selectFrom('crm_outbox')
    .select(['delivery', 'crm_id'])
    .where('id', '=', row.contact_outbox_id)
    .executeTakeFirst();
  if (!contact) return null;
  if (contact.delivery === 'failed') {
    return refusedError(
      'Its contact was refused by the CRM: resolve the contact first, then retry this record.',
    );
  }
  return contact.delivery === 'sent' ? contact.crm_id : 'wait';
}

/** A CONTACT's lead source by its name (what a CRM's picklist holds). */
export async function leadSourceNameOf(
  db: Db,
  workspaceId: string,
  payload: AsyncRecordPayload,
): Promise<string | null> {
  if (payload.type !== 'CONTACT' || !payload.crmFieldMappings.lead_source_id) return null;
  const source = await db
    .selectFrom('lead_sources')
    .select('label')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', payload.crmFieldMappings.lead_source_id)
    .executeTakeFirst();
  return source?.label ?? null;
}

/** When the intake that wrote the row began (its execution's start). */
export async function intakeStartOf(db: Db, row: OutboxRow): Promise<string> {
  if (row.execution_id === null) return row.created_at;
  const execution = await db
    .selectFrom('process_executions')
    .select('start_time')
    .where('id', '=', row.execution_id)
    .executeTakeFirst();
  return execution?.start_time ?? row.created_at;
}

/**
 * The rows of a workspace still to send, failed because its CRM connection is gone: each
 * kept as an async record failure saying why (retryable once it is connected again).
 */
export async function abandonOutboxRows(db: Db, workspaceId: string, why: string, now: Date) {
  const rows = await db
    .selectFrom('crm_outbox')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('delivery', 'in', ['pending', 'sending'])
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    const payload = asyncRecordPayloadSchema.parse(JSON.parse(row.payload));
    await recordOutboxOutcome(db, {
      row,
      payload,
      outcome: { kind: 'failed', error: { code: 'CRM_UNAVAILABLE', message: why } },
      now,
      maxAttempts: 1,
    });
  }
  return rows.length;
}
