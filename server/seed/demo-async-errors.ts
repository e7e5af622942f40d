import type { Insertable } from 'kysely';
import type { CrmError } from '@/shared/contracts/async-errors';
import type { AsyncRecordPayload } from '@/shared/contracts/call-flow-api';
import {
  contactNameOf,
  contactNotFoundError,
  CRM_UNAVAILABLE_ERROR,
  duplicateEmailError,
  missingRequiredField,
} from '@/shared/domain/async-errors';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { AsyncRecordFailureTable, CrmRecordTable, ProcessExecutionTable } from '../db/schema';
import { findWorkspace } from '../repositories/workspace-repository';
import { DEMO_WORKSPACES } from './demo-workspaces';

/** Set once the demo failed records were seeded, so a dismissed one does not come back. */
export const ASYNC_ERRORS_SEED_META_KEY = 'demo_async_errors';

const HOUR_MS = 60 * 60 * 1000;

interface DemoFailure {
  key: string;
  caller: [string, string];
  payload: AsyncRecordPayload;
  error: CrmError;
  hoursAgo: number;
  attempts: number;
  /** A contact the CRM already holds (the duplicate e-mail's first contact). */
  existing?: AsyncRecordPayload & { type: 'CONTACT' };
  dismissedBy?: string;
}

const contact = (
  first: string,
  last: string,
  email: string,
  phone: string,
): AsyncRecordPayload & { type: 'CONTACT' } => ({
  type: 'CONTACT',
  crmFieldMappings: {
    ...(first ? { given_name: first } : {}),
    ...(last ? { family_name: last } : {}),
    email_addresses: [{ email, field: 'EMAIL1' }],
    phone_numbers: [{ number: phone, field: 'PHONE1' }],
    addresses: [],
    tags: ['Bankruptcy', 'Web lead'],
  },
});

/**
 * What the demo shows on Settings > Async error resolution of each workspace with
 * asynchronous lead generation (Lakeside): one record per way the CRM refuses (a contact
 * without a name, a duplicate e-mail, a note for a contact the CRM lost, an outage that has
 * passed, so Retry succeeds) and one dismissed record for the Dismissed filter. The phone
 * numbers are in the 555-01xx block reserved for fiction.
 */
function demoFailures(ownerId: string, now: Date): DemoFailure[] {
  // The consultation the outage kept out of the CRM: the day after tomorrow, 15:00 UTC.
  const consultation = new Date(now.getTime() + 2 * 24 * HOUR_MS);
  consultation.setUTCHours(15, 0, 0, 0);
  const outageContact = contact(
    'Priya',
    'Natarajan',
    'priya.natarajan@example.com',
    '+13125550142',
  );
  const nameless = contact('', '', 'callback.request@example.com', '+13125550117');
  const duplicate = contact('Maria', 'Gonzalez', 'maria.gonzalez@example.com', '+16305550163');
  return [
    {
      key: 'outage-contact',
      caller: ['Priya', 'Natarajan'],
      payload: outageContact,
      error: CRM_UNAVAILABLE_ERROR,
      hoursAgo: 3,
      attempts: 2,
    },
    {
      key: 'outage-event',
      caller: ['Priya', 'Natarajan'],
      payload: {
        type: 'EVENT',
        crmFieldMappings: {
          ObjectType: 'Appointment',
          ActionDescription: 'Bankruptcy consultation',
          ActionDate: consultation.toISOString(),
          Location: 'Chicago office',
        },
      },
      error: CRM_UNAVAILABLE_ERROR,
      hoursAgo: 3,
      attempts: 1,
    },
    {
      key: 'nameless-contact',
      caller: ['', ''],
      payload: nameless,
      error: missingRequiredField(nameless) ?? CRM_UNAVAILABLE_ERROR,
      hoursAgo: 20,
      attempts: 1,
    },
    {
      key: 'duplicate-email',
      caller: ['Maria', 'Gonzalez'],
      payload: duplicate,
      existing: contact('Maria', 'Gonzales', 'maria.gonzalez@example.com', '+16305550163'),
      error: duplicateEmailError('maria.gonzalez@example.com'),
      hoursAgo: 30,
      attempts: 3,
    },
    {
      key: 'lost-contact-note',
      caller: ['Derek', 'Lund'],
      payload: {
        type: 'NOTE',
        crmFieldMappings: {
          ObjectType: 'Note',
          ActionDescription: 'Bankruptcy intake',
          CreationNotes: 'Chapter 7 questions; wants a call back after 5 pm.',
          ContactId: 'crm-contact-merged-4411',
        },
      },
      error: contactNotFoundError('crm-contact-merged-4411'),
      hoursAgo: 52,
      attempts: 1,
    },
    {
      key: 'dismissed-test-call',
      caller: ['Test', 'Caller'],
      payload: contact('Test', 'Caller', 'owner@lakeside.test', '+13125550100'),
      error: duplicateEmailError('owner@lakeside.test'),
      hoursAgo: 80,
      attempts: 1,
      dismissedBy: ownerId,
    },
  ];
}

/**
 * Seeds the demo failed records once per demo database (also into one made before this
 * page existed), each with the execution history it came from. Deterministic: fixed ids,
 * times relative to `now`.
 */
export async function seedDemoAsyncErrorsIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, ASYNC_ERRORS_SEED_META_KEY)) !== null) return 0;
  const executions: Insertable<ProcessExecutionTable>[] = [];
  const crmRecords: Insertable<CrmRecordTable>[] = [];
  const failures: Insertable<AsyncRecordFailureTable>[] = [];
  const at = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();

  for (const demo of DEMO_WORKSPACES) {
    const workspace = await findWorkspace(db, demo.id);
    const process = workspace?.attributes.processes.leadGeneration;
    if (!workspace || !process || !hasAsyncLeadGeneration(workspace)) continue;
    const agent = await db
      .selectFrom('authorizations')
      .select('user_id')
      .where('workspace_id', '=', demo.id)
      .where('role', '=', 'operator')
      .orderBy('id')
      .executeTakeFirst();
    const owner = await db
      .selectFrom('authorizations')
      .select('user_id')
      .where('workspace_id', '=', demo.id)
      .where('role', '=', 'owner')
      .orderBy('id')
      .executeTakeFirst();
    if (!agent || !owner) continue;
    const executionOf = new Map<string, string>();
    for (const failure of demoFailures(owner.user_id, now)) {
      const caller = failure.caller.join(' ').trim() || 'callback';
      let executionId = executionOf.get(caller);
      if (executionId === undefined) {
        executionId = `exe_${demo.slug}_async_${String(executionOf.size + 1).padStart(2, '0')}`;
        executionOf.set(caller, executionId);
        const started = at(failure.hoursAgo + 0.25);
        executions.push({
          id: executionId,
          workspace_id: demo.id,
          process_uid: process.id,
          sub_process: null,
          status: 'completed',
          user_ref: agent.user_id,
          created_by: agent.user_id,
          start_time: started,
          end_time: at(failure.hoursAgo),
          execution_history: JSON.stringify({
            processVariables: {
              [process.id]: { firstName: failure.caller[0], lastName: failure.caller[1] },
            },
            steps: [],
          }),
          created_at: started,
          updated_at: at(failure.hoursAgo),
        });
      }
      if (failure.existing) {
        crmRecords.push({
          id: `crm_${demo.slug}_${failure.key}`,
          workspace_id: demo.id,
          type: 'CONTACT',
          contact_id: `crm_${demo.slug}_${failure.key}`,
          execution_id: null,
          payload: JSON.stringify(failure.existing.crmFieldMappings),
          created_at: at(failure.hoursAgo + 24 * 40),
        });
      }
      const dismissed = failure.dismissedBy !== undefined;
      failures.push({
        id: `arf_${demo.slug}_${failure.key}`,
        workspace_id: demo.id,
        execution_id: executionId,
        record_type: failure.payload.type,
        payload: JSON.stringify(failure.payload),
        contact_name: contactNameOf(failure.payload) ?? (caller === 'callback' ? null : caller),
        error_code: failure.error.code,
        error_message: failure.error.message,
        attempts: failure.attempts,
        status: dismissed ? 'dismissed' : 'open',
        created_by: agent.user_id,
        created_at: at(failure.hoursAgo),
        last_attempt_at: at(failure.hoursAgo - (failure.attempts - 1) * 0.5),
        crm_record_id: null,
        resolved_by: null,
        resolved_at: null,
        dismissed_by: failure.dismissedBy ?? null,
        dismissed_at: dismissed ? at(failure.hoursAgo - 2) : null,
      });
    }
  }

  await db.transaction().execute(async (trx) => {
    if (executions.length > 0)
      await trx.insertInto('process_executions').values(executions).execute();
    if (crmRecords.length > 0) await trx.insertInto('crm_records').values(crmRecords).execute();
    if (failures.length > 0)
      await trx.insertInto('async_record_failures').values(failures).execute();
    await writeMeta(
      trx,
      ASYNC_ERRORS_SEED_META_KEY,
      JSON.stringify({ seededAt: now.toISOString() }),
    );
  });
  return failures.length;
}
