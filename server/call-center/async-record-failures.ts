import { randomUUID } from 'node:crypto';
import {
  type AsyncFailureCounts,
  type AsyncFailureStatus,
  type AsyncRecordFailure,
  asyncFailureStatusSchema,
  type CrmError,
  crmErrorCodeSchema,
  type RetryAllResult,
} from '@/shared/contracts/async-errors';
import { crmRecordTypeSchema } from '@/shared/contracts/call-flow';
import {
  type AsyncRecordPayload,
  asyncRecordPayloadSchema,
} from '@/shared/contracts/call-flow-api';
import { contactNameOf, RETRY_ALL_LIMIT } from '@/shared/domain/async-errors';
import { namedContact } from '@/shared/domain/crm-sync-mapping';
import type { Db } from '../db/database';
import type { AsyncRecordFailureTable } from '../db/schema';
import type { PageWindow } from '../http/paging';
import { readJson } from '../repositories/json-column';
import { CrmRefusal, writeCrmRecord } from './simulated-crm';

// The refused CRM writes of the async pipeline (issue #16, Settings > Async error
// resolution): stored when POST async-records is refused in a workspace with asynchronous
// lead generation, retried through the same simulated CRM write, dismissed with who and
// when. Rows are never deleted: a dismissed or resolved record stays readable.

/** What a record was about: its contact's name from the payload, else from the CRM store. */
async function contactNameFor(
  db: Db,
  workspaceId: string,
  executionId: string | null,
  payload: AsyncRecordPayload,
): Promise<string | null> {
  const own = contactNameOf(payload);
  if (own !== null) return own;
  const named = namedContact(payload);
  let query = db
    .selectFrom('crm_records')
    .select('payload')
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'CONTACT');
  if (named !== undefined) query = query.where('id', '=', named);
  else if (executionId !== null) query = query.where('execution_id', '=', executionId);
  else return null;
  const row = await query.orderBy('created_at', 'desc').executeTakeFirst();
  if (!row) return null;
  const contact = asyncRecordPayloadSchema.safeParse({
    type: 'CONTACT',
    crmFieldMappings: JSON.parse(row.payload),
  });
  return contact.success ? contactNameOf(contact.data) : null;
}

/** Keeps a refused write; answers the kept record's id. */
export async function recordFailure(
  db: Db,
  input: {
    workspaceId: string;
    executionId: string | null;
    payload: AsyncRecordPayload;
    error: CrmError;
    createdBy: string;
    now: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('async_record_failures')
    .values({
      id,
      workspace_id: input.workspaceId,
      execution_id: input.executionId,
      record_type: input.payload.type,
      payload: JSON.stringify(input.payload),
      contact_name: await contactNameFor(db, input.workspaceId, input.executionId, input.payload),
      error_code: input.error.code,
      error_message: input.error.message,
      attempts: 1,
      status: 'open',
      created_by: input.createdBy,
      created_at: input.now,
      last_attempt_at: input.now,
      crm_record_id: null,
      resolved_by: null,
      resolved_at: null,
      dismissed_by: null,
      dismissed_at: null,
    })
    .execute();
  return id;
}

/** Names of the users who resolved or dismissed records ("First Last", else the username). */
async function actorNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('persons', 'persons.id', 'users.person_id')
    .select(['users.id', 'users.username', 'persons.first_name', 'persons.last_name'])
    .where('users.id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => {
      const name = [r.first_name, r.last_name].filter(Boolean).join(' ').trim();
      return [r.id, name || r.username];
    }),
  );
}

async function toFailures(db: Db, rows: AsyncRecordFailureTable[]): Promise<AsyncRecordFailure[]> {
  const names = await actorNames(
    db,
    rows.flatMap((r) => [r.resolved_by, r.dismissed_by].filter((id): id is string => !!id)),
  );
  const actor = (id: string | null) => (id ? { id, name: names.get(id) ?? id } : null);
  return rows.map((row) => ({
    id: row.id,
    workspace: row.workspace_id,
    type: crmRecordTypeSchema.parse(row.record_type),
    contactName: row.contact_name,
    error: { code: crmErrorCodeSchema.parse(row.error_code), message: row.error_message },
    attempts: row.attempts,
    status: asyncFailureStatusSchema.parse(row.status),
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    processExecutionHistoryId: row.execution_id,
    payload: readJson(asyncRecordPayloadSchema, row.payload, 'async record failure'),
    crmRecordId: row.crm_record_id,
    resolvedAt: row.resolved_at,
    resolvedBy: actor(row.resolved_by),
    dismissedAt: row.dismissed_at,
    dismissedBy: actor(row.dismissed_by),
  }));
}

export async function countFailures(db: Db, workspaceId: string): Promise<AsyncFailureCounts> {
  const rows = await db
    .selectFrom('async_record_failures')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .groupBy('status')
    .execute();
  const counts: AsyncFailureCounts = { open: 0, resolved: 0, dismissed: 0 };
  for (const row of rows) {
    const status = asyncFailureStatusSchema.safeParse(row.status);
    if (status.success) counts[status.data] = Number(row.n);
  }
  return counts;
}

/** One page of a workspace's records of one status, newest first. */
export async function listFailures(
  db: Db,
  workspaceId: string,
  status: AsyncFailureStatus,
  window: PageWindow,
) {
  const rows = await db
    .selectFrom('async_record_failures')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const counts = await countFailures(db, workspaceId);
  return {
    data: await toFailures(db, rows),
    meta: { total: counts[status], ...window, counts },
  };
}

export async function findFailure(
  db: Db,
  workspaceId: string,
  failureId: string,
): Promise<AsyncRecordFailure | null> {
  const row = await db
    .selectFrom('async_record_failures')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', failureId)
    .executeTakeFirst();
  return row ? (await toFailures(db, [row]))[0] : null;
}

/**
 * Writes a kept record to the CRM again: the answer's CRM id, or CrmRefusal. The simulated
 * CRM's unless the record is one of a real CRM's outbox (routes/async-errors.ts).
 */
export type FailureWriter = (failure: AsyncRecordFailure, now: string) => Promise<{ id: string }>;

/** The simulated CRM's write of a kept record (server/call-center/simulated-crm.ts). */
export const simulatedCrmWriter =
  (db: Db): FailureWriter =>
  (failure, now) =>
    writeCrmRecord(db, failure.workspace, failure.processExecutionHistoryId, failure.payload, now);

/**
 * Writes an open record to the CRM again. Success resolves it (with the CRM id, who and
 * when); a refusal updates its error and attempt count. Other errors are bugs: rethrown.
 */
export async function retryFailure(
  db: Db,
  failure: AsyncRecordFailure,
  userId: string,
  now: string,
  write: FailureWriter = simulatedCrmWriter(db),
): Promise<'synced' | 'failed'> {
  try {
    const written = await write(failure, now);
    await db
      .updateTable('async_record_failures')
      .set((eb) => ({
        status: 'resolved',
        attempts: eb('attempts', '+', 1),
        last_attempt_at: now,
        crm_record_id: written.id,
        resolved_by: userId,
        resolved_at: now,
      }))
      .where('id', '=', failure.id)
      .where('status', '=', 'open')
      .execute();
    return 'synced';
  } catch (error) {
    if (!(error instanceof CrmRefusal)) throw error;
    await db
      .updateTable('async_record_failures')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_attempt_at: now,
        error_code: error.crmError.code,
        error_message: error.crmError.message,
      }))
      .where('id', '=', failure.id)
      .where('status', '=', 'open')
      .execute();
    return 'failed';
  }
}

/** Retries the oldest open records, at most RETRY_ALL_LIMIT of them, one after the other. */
export async function retryAllFailures(
  db: Db,
  workspaceId: string,
  userId: string,
  now: () => string,
  write: FailureWriter = simulatedCrmWriter(db),
): Promise<RetryAllResult> {
  const rows = await db
    .selectFrom('async_record_failures')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'open')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(RETRY_ALL_LIMIT)
    .execute();
  let succeeded = 0;
  let failed = 0;
  // In order: a contact retried first lets the notes after it find their contact.
  for (const failure of await toFailures(db, rows)) {
    if ((await retryFailure(db, failure, userId, now(), write)) === 'synced') succeeded += 1;
    else failed += 1;
  }
  const { open } = await countFailures(db, workspaceId);
  return { attempted: rows.length, succeeded, failed, remaining: open };
}

export async function dismissFailure(
  db: Db,
  failureId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('async_record_failures')
    .set({ status: 'dismissed', dismissed_by: userId, dismissed_at: now })
    .where('id', '=', failureId)
    .where('status', '=', 'open')
    .execute();
}
