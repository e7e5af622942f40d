import type { Insertable, Transaction } from 'kysely';
import { PIPELINE_STAGES, type PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import type { Db } from '../db/database';
import type { Database, PaymentTable } from '../db/schema';
import {
  APPOINTMENTS_DAILY,
  appointmentRollupRow,
  CALLBACKS_DAILY,
  callbackRollupRow,
  CALLS_DAILY,
  callRollupRow,
  CONTACTS_DAILY,
  contactRollupRows,
  OUTBOUND_TASKS_DAILY,
  outboundTaskRollupRow,
  PAYMENTS_DAILY,
  paymentRollupRow,
  PIPELINE_ROLLUPS,
  pipelineRollupRows,
  type PipelineRollupTable,
  RollupAccumulator,
  type RollupSpec,
} from './rollups';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import {
  cohortParentDay,
  COHORT_PARENT_STAGE,
  COHORT_STAGES,
  isCohortStage,
} from '@/shared/domain/funnel-rates';

/**
 * The write path of the reporting records (issue #3: "rollups maintained on write"). Every
 * writer runs in one transaction, derives each record's workspace-local day, and keeps the
 * daily rollups in step. The bulk seed (server/seed/bulk-record-sink.ts) is the other
 * write path; both build rollup rows with server/records/rollups.ts.
 *
 * A contact's attribution (lead source, campaign, office, case types, agent) is fixed when
 * it is recorded: transitions, appointments and payments copy it, and the rollups are keyed
 * by it. Nothing updates it afterwards (refreshContactStatus sets the status only); a
 * writer that did would have to move the copies and the rollup counts with it.
 */

type Trx = Transaction<Database>;

export interface NewContact {
  id: string;
  workspaceId: string;
  firstName: string;
  lastName: string;
  /** When the contact entered the pipeline: its new-lead transition (ISO instant). */
  enteredPipelineAt: string;
  crmId?: string;
  /** Default: 'Leads' in a Zoho workspace, else 'Contact'. */
  module?: string;
  leadSourceId?: string | null;
  campaignId?: string | null;
  officeId?: string | null;
  caseTypeKey?: string | null;
  subCaseTypeKey?: string | null;
  agentId?: string | null;
  consultantId?: string | null;
  /** Agent credited with the new-lead transition; default agentId. */
  newLeadAgentId?: string | null;
}

export interface NewTransition {
  contactId: string;
  /** Any stage but new_lead, which recordContacts makes. */
  stage: Exclude<PipelineStage, 'new_lead'>;
  occurredAt: string;
  agentId?: string | null;
  consultantId?: string | null;
  channel?: 'inbound' | 'outbound' | null;
  objectionId?: string | null;
}

async function workspaceInfo(
  db: Db | Trx,
  ids: readonly string[],
): Promise<Map<string, { timezone: string; isZoho: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('workspaces')
    .select(['id', 'timezone', 'is_zoho'])
    .where('id', 'in', unique)
    .execute();
  const info = new Map(rows.map((r) => [r.id, { timezone: r.timezone, isZoho: r.is_zoho === 1 }]));
  for (const id of unique) if (!info.has(id)) throw new Error(`Unknown workspace ${id}`);
  return info;
}

function chunks<T>(items: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Adds rollup rows to their table: INSERT ... ON CONFLICT (key) DO UPDATE SET sum += . */
async function upsertRollup<Row extends { day: string }>(
  trx: Trx,
  spec: RollupSpec<Row>,
  rows: Row[],
): Promise<void> {
  for (const part of chunks(rows, 50)) {
    await trx
      .insertInto(spec.table)
      .values(part as never)
      .onConflict((oc) =>
        oc
          .columns([...spec.key] as never)
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                spec.sums.map((column) => [
                  column,
                  eb(
                    `${spec.table}.${column}` as never,
                    '+',
                    eb.ref(`excluded.${column}` as never),
                  ),
                ]),
              ) as never,
          ),
      )
      .execute();
  }
}

type EventInsert = Insertable<Database['pipeline_events']>;

async function insertEvents(trx: Trx, events: EventInsert[]): Promise<void> {
  const accumulators = PIPELINE_ROLLUPS.map((spec) => new RollupAccumulator(spec));
  for (const event of events) {
    const rows = pipelineRollupRows(event);
    for (const accumulator of accumulators) {
      for (const row of rows[accumulator.spec.table as PipelineRollupTable]) accumulator.add(row);
    }
  }
  for (const rows of chunks(events, 50))
    await trx.insertInto('pipeline_events').values(rows).execute();
  for (const accumulator of accumulators)
    await upsertRollup(trx, accumulator.spec, accumulator.drain());
}

const STAGE_ORDER = new Map(PIPELINE_STAGES.map((stage, i) => [stage as string, i]));

/**
 * Sets each contact's status (last stage reached) and qualification from its transitions,
 * and moves the contacts whose status changed in contacts_daily.
 */
async function refreshContactStatus(trx: Trx, contactIds: readonly string[]): Promise<void> {
  const moved = new RollupAccumulator(CONTACTS_DAILY);
  for (const ids of chunks([...new Set(contactIds)], 200)) {
    const before = new Map(
      (
        await trx
          .selectFrom('contacts')
          .select([
            'id',
            'workspace_id',
            'entered_day',
            'status',
            'lead_source_id',
            'campaign_id',
            'office_id',
            'case_type_key',
            'sub_case_type_key',
            'agent_id',
          ])
          .where('id', 'in', ids)
          .execute()
      ).map((row) => [row.id, row]),
    );
    const events = await trx
      .selectFrom('pipeline_events')
      .select(['contact_id', 'stage', 'occurred_at'])
      .where('contact_id', 'in', ids)
      .execute();
    const latest = new Map<string, { stage: string; at: string }>();
    const qualification = new Map<string, { value: string; at: string }>();
    for (const event of events) {
      const current = latest.get(event.contact_id);
      const later =
        !current ||
        event.occurred_at > current.at ||
        (event.occurred_at === current.at &&
          (STAGE_ORDER.get(event.stage) ?? 0) > (STAGE_ORDER.get(current.stage) ?? 0));
      if (later) latest.set(event.contact_id, { stage: event.stage, at: event.occurred_at });
      if (event.stage === 'qualified' || event.stage === 'unqualified_at_lead') {
        const q = qualification.get(event.contact_id);
        if (!q || event.occurred_at >= q.at) {
          qualification.set(event.contact_id, {
            value: event.stage === 'qualified' ? 'qualified' : 'unqualified',
            at: event.occurred_at,
          });
        }
      }
    }
    for (const [id, { stage }] of latest) {
      const contact = before.get(id);
      if (contact && contact.status !== stage) {
        contactRollupRows(contact, -1).forEach((row) => moved.add(row));
        contactRollupRows({ ...contact, status: stage }).forEach((row) => moved.add(row));
      }
      await trx
        .updateTable('contacts')
        .set({ status: stage, qualification: qualification.get(id)?.value ?? 'pending' })
        .where('id', '=', id)
        .execute();
    }
  }
  await upsertRollup(trx, CONTACTS_DAILY, moved.drain());
}

/** Records contacts and their new-lead transitions (entering the pipeline). */
export async function recordContacts(db: Db, contacts: readonly NewContact[]): Promise<void> {
  if (contacts.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const info = await workspaceInfo(
      trx,
      contacts.map((c) => c.workspaceId),
    );
    const rows: Insertable<Database['contacts']>[] = [];
    const events: EventInsert[] = [];
    for (const c of contacts) {
      const workspace = info.get(c.workspaceId)!;
      const enteredDay = dayInTimezone(c.enteredPipelineAt, workspace.timezone);
      const attribution = {
        lead_source_id: c.leadSourceId ?? null,
        campaign_id: c.campaignId ?? null,
        office_id: c.officeId ?? null,
        case_type_key: c.caseTypeKey ?? null,
        sub_case_type_key: c.subCaseTypeKey ?? null,
      };
      rows.push({
        id: c.id,
        workspace_id: c.workspaceId,
        crm_id: c.crmId ?? c.id,
        module: c.module ?? (workspace.isZoho ? 'Leads' : 'Contact'),
        first_name: c.firstName,
        last_name: c.lastName,
        ...attribution,
        agent_id: c.agentId ?? null,
        consultant_id: c.consultantId ?? null,
        created_at: c.enteredPipelineAt,
        entered_pipeline_at: c.enteredPipelineAt,
        entered_day: enteredDay,
        qualification: 'pending',
        status: 'new_lead',
      });
      events.push({
        workspace_id: c.workspaceId,
        contact_id: c.id,
        stage: 'new_lead',
        occurred_at: c.enteredPipelineAt,
        day: enteredDay,
        entered_day: enteredDay,
        parent_day: null,
        first_name: c.firstName,
        last_name: c.lastName,
        ...attribution,
        agent_id: c.newLeadAgentId !== undefined ? c.newLeadAgentId : (c.agentId ?? null),
        consultant_id: null,
        channel: null,
        objection_id: null,
      });
    }
    const counted = new RollupAccumulator(CONTACTS_DAILY);
    rows.forEach((row) => contactRollupRows(row).forEach((r) => counted.add(r)));
    for (const part of chunks(rows, 50)) await trx.insertInto('contacts').values(part).execute();
    await upsertRollup(trx, CONTACTS_DAILY, counted.drain());
    await insertEvents(trx, events);
  });
}

/** Records pipeline transitions of recorded contacts, keeping rollups and statuses. */
export async function recordTransitions(
  db: Db,
  transitions: readonly NewTransition[],
): Promise<void> {
  if (transitions.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = [...new Set(transitions.map((t) => t.contactId))];
    const contacts = new Map<string, Database['contacts']>();
    for (const part of chunks(ids, 200)) {
      const rows = await trx.selectFrom('contacts').selectAll().where('id', 'in', part).execute();
      rows.forEach((row) => contacts.set(row.id, row));
    }
    const info = await workspaceInfo(
      trx,
      [...contacts.values()].map((c) => c.workspace_id),
    );
    // Each transition's parent (its rate's cohort day, migration 0026): among the
    // contact's recorded transitions and this batch's.
    const known = new Map<string, { stage: string; occurredAt: string; day: string }[]>();
    const remember = (contactId: string, t: { stage: string; occurredAt: string; day: string }) => {
      const list = known.get(contactId) ?? [];
      list.push(t);
      known.set(contactId, list);
    };
    if (transitions.some((t) => isCohortStage(t.stage))) {
      const parentStages = [...new Set(COHORT_STAGES.map((stage) => COHORT_PARENT_STAGE[stage]))];
      for (const part of chunks(ids, 200)) {
        const rows = await trx
          .selectFrom('pipeline_events')
          .select(['contact_id', 'stage', 'occurred_at', 'day'])
          .where('contact_id', 'in', part)
          .where('stage', 'in', parentStages)
          .execute();
        for (const row of rows) {
          remember(row.contact_id, { stage: row.stage, occurredAt: row.occurred_at, day: row.day });
        }
      }
    }
    const dayOf = (t: NewTransition) => {
      const contact = contacts.get(t.contactId);
      if (!contact) throw new Error(`Unknown contact ${t.contactId}`);
      return dayInTimezone(t.occurredAt, info.get(contact.workspace_id)!.timezone);
    };
    for (const t of transitions) {
      remember(t.contactId, { stage: t.stage, occurredAt: t.occurredAt, day: dayOf(t) });
    }
    const events: EventInsert[] = transitions.map((t) => {
      const contact = contacts.get(t.contactId);
      if (!contact) throw new Error(`Unknown contact ${t.contactId}`);
      if ((t.stage as string) === 'new_lead') {
        throw new Error('new_lead transitions are made by recordContacts');
      }
      return {
        workspace_id: contact.workspace_id,
        contact_id: contact.id,
        stage: t.stage,
        occurred_at: t.occurredAt,
        day: dayOf(t),
        entered_day: contact.entered_day,
        parent_day: cohortParentDay(t.stage, t.occurredAt, known.get(t.contactId) ?? []),
        first_name: contact.first_name,
        last_name: contact.last_name,
        lead_source_id: contact.lead_source_id,
        campaign_id: contact.campaign_id,
        office_id: contact.office_id,
        case_type_key: contact.case_type_key,
        sub_case_type_key: contact.sub_case_type_key,
        agent_id: t.agentId ?? null,
        consultant_id: t.consultantId ?? null,
        channel: t.channel ?? null,
        objection_id: t.objectionId ?? null,
      };
    });
    await insertEvents(trx, events);
    await refreshContactStatus(trx, ids);
  });
}

export interface NewCall {
  workspaceId: string;
  callSid: string;
  direction: 'inbound' | 'outbound';
  category: 'sales' | 'client' | 'other';
  startedAt: string;
  agentId?: string | null;
  contactId?: string | null;
  leadSourceId?: string | null;
  campaignId?: string | null;
  trackingNumber?: string | null;
  answered?: boolean;
  connected?: boolean;
  missed?: boolean;
  abandoned?: boolean;
  waitSeconds?: number;
  durationSeconds?: number;
}

const flag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

export async function recordCalls(db: Db, calls: readonly NewCall[]): Promise<void> {
  if (calls.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const info = await workspaceInfo(
      trx,
      calls.map((c) => c.workspaceId),
    );
    const rollup = new RollupAccumulator(CALLS_DAILY);
    const rows = calls.map((c) => {
      const row: Insertable<Database['calls']> = {
        workspace_id: c.workspaceId,
        call_sid: c.callSid,
        direction: c.direction,
        category: c.category,
        agent_id: c.agentId ?? null,
        contact_id: c.contactId ?? null,
        lead_source_id: c.leadSourceId ?? null,
        campaign_id: c.campaignId ?? null,
        tracking_number: c.trackingNumber ?? null,
        started_at: c.startedAt,
        day: dayInTimezone(c.startedAt, info.get(c.workspaceId)!.timezone),
        answered: flag(c.answered),
        connected: flag(c.connected),
        missed: flag(c.missed),
        abandoned: flag(c.abandoned),
        wait_seconds: c.waitSeconds ?? 0,
        duration_seconds: c.durationSeconds ?? 0,
      };
      rollup.add(callRollupRow(row));
      return row;
    });
    for (const part of chunks(rows, 50)) await trx.insertInto('calls').values(part).execute();
    await upsertRollup(trx, CALLS_DAILY, rollup.drain());
  });
}

export interface NewAppointment {
  workspaceId: string;
  contactId: string;
  bookedAt: string;
  scheduledAt: string;
  status: 'scheduled' | 'showed' | 'no_show' | 'cancelled';
  officeId?: string | null;
  consultantId?: string | null;
  setByAgentId?: string | null;
}

export async function recordAppointments(
  db: Db,
  appointments: readonly NewAppointment[],
): Promise<void> {
  if (appointments.length === 0) return;
  const info = await workspaceInfo(
    db,
    appointments.map((a) => a.workspaceId),
  );
  const attributions = await contactAttributions(
    db,
    appointments.map((a) => a.contactId),
  );
  const rows = appointments.map((a) => ({
    workspace_id: a.workspaceId,
    contact_id: a.contactId,
    ...attributions.get(a.contactId)!,
    office_id: a.officeId ?? null,
    consultant_id: a.consultantId ?? null,
    set_by_agent_id: a.setByAgentId ?? null,
    booked_at: a.bookedAt,
    scheduled_at: a.scheduledAt,
    scheduled_day: dayInTimezone(a.scheduledAt, info.get(a.workspaceId)!.timezone),
    status: a.status,
  }));
  await insertCounted(db, 'appointments', rows, APPOINTMENTS_DAILY, appointmentRollupRow);
}

/** The contact's attribution as appointments and payments carry it (migration 0015). */
export type ContactAttributionCopy = Pick<
  PaymentTable,
  | 'lead_source_id'
  | 'campaign_id'
  | 'contact_office_id'
  | 'case_type_key'
  | 'sub_case_type_key'
  | 'contact_agent_id'
>;

/** Each contact's attribution (copied into appointments and payments). */
async function contactAttributions(
  db: Db | Trx,
  ids: readonly string[],
): Promise<Map<string, ContactAttributionCopy>> {
  const result = new Map<string, ContactAttributionCopy>();
  for (const part of chunks([...new Set(ids)], 200)) {
    const rows = await db
      .selectFrom('contacts')
      .select([
        'id',
        'lead_source_id',
        'campaign_id',
        'office_id',
        'case_type_key',
        'sub_case_type_key',
        'agent_id',
      ])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) {
      result.set(row.id, {
        lead_source_id: row.lead_source_id,
        campaign_id: row.campaign_id,
        contact_office_id: row.office_id,
        case_type_key: row.case_type_key,
        sub_case_type_key: row.sub_case_type_key,
        contact_agent_id: row.agent_id,
      });
    }
  }
  for (const id of ids) if (!result.has(id)) throw new Error(`Unknown contact ${id}`);
  return result;
}

export interface NewCallback {
  workspaceId: string;
  requestedAt: string;
  returnedAt?: string | null;
  contactId?: string | null;
  agentId?: string | null;
}

export async function recordCallbacks(db: Db, callbacks: readonly NewCallback[]): Promise<void> {
  if (callbacks.length === 0) return;
  const info = await workspaceInfo(
    db,
    callbacks.map((c) => c.workspaceId),
  );
  const rows = callbacks.map((c) => {
    const timezone = info.get(c.workspaceId)!.timezone;
    return {
      workspace_id: c.workspaceId,
      contact_id: c.contactId ?? null,
      agent_id: c.agentId ?? null,
      requested_at: c.requestedAt,
      requested_day: dayInTimezone(c.requestedAt, timezone),
      returned_at: c.returnedAt ?? null,
      returned_day: c.returnedAt ? dayInTimezone(c.returnedAt, timezone) : null,
    };
  });
  await insertCounted(db, 'callbacks', rows, CALLBACKS_DAILY, callbackRollupRow);
}

export interface NewOutboundTask {
  workspaceId: string;
  kind: 'relationship' | 'collection';
  dueDay: string;
  madeAt?: string | null;
  contactId?: string | null;
  agentId?: string | null;
}

export async function recordOutboundTasks(
  db: Db,
  tasks: readonly NewOutboundTask[],
): Promise<void> {
  if (tasks.length === 0) return;
  const info = await workspaceInfo(
    db,
    tasks.map((t) => t.workspaceId),
  );
  const rows = tasks.map((t) => ({
    workspace_id: t.workspaceId,
    kind: t.kind,
    contact_id: t.contactId ?? null,
    agent_id: t.agentId ?? null,
    due_day: t.dueDay,
    made_at: t.madeAt ?? null,
    made_day: t.madeAt ? dayInTimezone(t.madeAt, info.get(t.workspaceId)!.timezone) : null,
  }));
  await insertCounted(db, 'outbound_tasks', rows, OUTBOUND_TASKS_DAILY, outboundTaskRollupRow);
}

export interface NewPayment {
  id: string;
  dueDay: string;
  amountDueCents: number;
  amountPaidCents?: number;
  paidDay?: string | null;
  status: 'scheduled' | 'collected' | 'partial' | 'missed';
}

export interface NewPaymentPlan {
  id: string;
  workspaceId: string;
  contactId: string;
  createdAt: string;
  installmentCents: number;
  payments: readonly NewPayment[];
}

/** A payment plan with its payments; its first and last due days come from them. */
export async function recordPaymentPlans(db: Db, plans: readonly NewPaymentPlan[]): Promise<void> {
  if (plans.length === 0) return;
  const attributions = await contactAttributions(
    db,
    plans.map((p) => p.contactId),
  );
  await db.transaction().execute(async (trx) => {
    const rollup = new RollupAccumulator(PAYMENTS_DAILY);
    for (const plan of plans) {
      const days = plan.payments.map((p) => p.dueDay).sort();
      await trx
        .insertInto('payment_plans')
        .values({
          id: plan.id,
          workspace_id: plan.workspaceId,
          contact_id: plan.contactId,
          first_due_day: days[0],
          last_due_day: days[days.length - 1],
          total_cents: plan.payments.reduce((sum, p) => sum + p.amountDueCents, 0),
          installment_cents: plan.installmentCents,
          created_at: plan.createdAt,
        })
        .execute();
      const payments: Insertable<PaymentTable>[] = plan.payments.map((p) => ({
        id: p.id,
        workspace_id: plan.workspaceId,
        plan_id: plan.id,
        contact_id: plan.contactId,
        ...attributions.get(plan.contactId)!,
        due_day: p.dueDay,
        amount_due_cents: p.amountDueCents,
        amount_paid_cents: p.amountPaidCents ?? 0,
        paid_day: p.paidDay ?? null,
        status: p.status,
      }));
      for (const part of chunks(payments, 50))
        await trx.insertInto('payments').values(part).execute();
      for (const payment of payments) {
        const row = paymentRollupRow(payment);
        if (row) rollup.add(row);
      }
    }
    await upsertRollup(trx, PAYMENTS_DAILY, rollup.drain());
  });
}

export async function recordBankBalances(
  db: Db,
  balances: readonly Insertable<Database['bank_balances']>[],
): Promise<void> {
  await insertAll(db, 'bank_balances', balances);
}

export async function recordMarketingSpend(
  db: Db,
  spend: readonly Insertable<Database['marketing_spend']>[],
): Promise<void> {
  await insertAll(db, 'marketing_spend', spend);
}

export async function recordObjections(
  db: Db,
  objections: readonly Insertable<Database['objections']>[],
): Promise<void> {
  await insertAll(db, 'objections', objections);
}

/** Inserts the rows in one transaction: the caller's when it passes one, else its own. */
/** Inserts records of one table and adds each to its daily rollup, in one transaction. */
async function insertCounted<
  T extends keyof Database,
  Record extends Insertable<Database[T]>,
  Rollup extends { day: string },
>(
  db: Db,
  table: T,
  rows: readonly Record[],
  spec: RollupSpec<Rollup>,
  rollupRowOf: (row: Record) => Rollup,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, table, rows);
    const rollup = new RollupAccumulator(spec);
    rows.forEach((row) => rollup.add(rollupRowOf(row)));
    await upsertRollup(trx, spec, rollup.drain());
  });
}

async function insertAll<T extends keyof Database>(
  db: Db | Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const insert = async (trx: Trx) => {
    for (const part of chunks(rows, 50)) {
      await trx
        .insertInto(table)
        .values(part as never)
        .execute();
    }
  };
  if (db.isTransaction) await insert(db as Trx);
  else await db.transaction().execute(insert);
}
