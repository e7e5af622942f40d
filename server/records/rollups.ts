import type { Insertable } from 'kysely';
import type {
  AppointmentDailyTable,
  AppointmentTable,
  CallbackDailyTable,
  CallbackTable,
  CallDailyTable,
  CallTable,
  ContactDailyTable,
  ContactTable,
  OutboundTaskDailyTable,
  OutboundTaskTable,
  PaymentDailyTable,
  PaymentTable,
  PipelineDailyCaseTable,
  PipelineDailyOfficePeopleTable,
  PipelineDailyOfficeTable,
  PipelineDailyPeopleTable,
  PipelineDailySourceTable,
  PipelineDailyTable,
  PipelineEventTable,
} from '../db/schema';

/**
 * The daily rollups kept on write (README "Reporting engine"). Both write paths — the
 * Kysely writers of record-writer.ts and the bulk seed of server/seed/bulk-record-sink.ts —
 * derive rollup rows from a record with these functions only (the bulk seed then sums
 * them per key and day itself), so a rollup always equals the GROUP BY of its records
 * (tests/server/reports/rollups.test.ts checks it).
 */

/**
 * The two perspectives of spec dashboards 2.7 as stored in the rollups, and the rates'
 * cohort (issue #30, migration 0026): a transition keyed by its parent's day, stored only
 * for the transitions that have a parent (parent_day).
 */
export const PERSPECTIVES = ['snapshot', 'conversion', 'cohort'] as const;
export type Perspective = (typeof PERSPECTIVES)[number];

/** Rollup key columns hold '' for "none". */
export const NONE = '';

export type PipelineDailyRow = PipelineDailyTable;
export type PipelineDailySourceRow = PipelineDailySourceTable;
export type PipelineDailyPeopleRow = PipelineDailyPeopleTable;
export type PipelineDailyOfficeRow = PipelineDailyOfficeTable;
export type PipelineDailyOfficePeopleRow = PipelineDailyOfficePeopleTable;
export type PipelineDailyCaseRow = PipelineDailyCaseTable;
export type CallDailyRow = CallDailyTable;
export type AppointmentDailyRow = AppointmentDailyTable;
export type ContactDailyRow = ContactDailyTable;
export type PaymentDailyRow = PaymentDailyTable;
export type OutboundTaskDailyRow = OutboundTaskDailyTable;
export type CallbackDailyRow = CallbackDailyTable;

/** A rollup table: its key columns (its unique constraint) and its summed columns. */
export interface RollupSpec<Row extends { day: string }> {
  table:
    | 'pipeline_daily'
    | 'pipeline_daily_source'
    | 'pipeline_daily_people'
    | 'pipeline_daily_office'
    | 'pipeline_daily_office_people'
    | 'pipeline_daily_case'
    | 'contacts_daily'
    | 'calls_daily'
    | 'appointments_daily'
    | 'payments_daily'
    | 'outbound_tasks_daily'
    | 'callbacks_daily';
  key: readonly (keyof Row & string)[];
  sums: readonly (keyof Row & string)[];
}

export const PIPELINE_DAILY: RollupSpec<PipelineDailyRow> = {
  table: 'pipeline_daily',
  key: [
    'workspace_id',
    'perspective',
    'day',
    'stage',
    'lead_source_id',
    'campaign_id',
    'case_type_key',
  ],
  sums: ['count'],
};
export const PIPELINE_DAILY_SOURCE: RollupSpec<PipelineDailySourceRow> = {
  table: 'pipeline_daily_source',
  key: ['workspace_id', 'perspective', 'day', 'stage', 'lead_source_id'],
  sums: ['count'],
};
export const PIPELINE_DAILY_PEOPLE: RollupSpec<PipelineDailyPeopleRow> = {
  table: 'pipeline_daily_people',
  key: [
    'workspace_id',
    'perspective',
    'day',
    'stage',
    'lead_source_id',
    'agent_id',
    'consultant_id',
    'channel',
  ],
  sums: ['count'],
};
/** The office filter (migration 0013). */
export const PIPELINE_DAILY_OFFICE: RollupSpec<PipelineDailyOfficeRow> = {
  table: 'pipeline_daily_office',
  key: ['workspace_id', 'perspective', 'day', 'stage', 'lead_source_id', 'office_id'],
  sums: ['count'],
};
/**
 * Per-person counts under the office filter (migration 0019): keyed stage and office first,
 * so a count of a few stages of one office reads only those rows.
 */
export const PIPELINE_DAILY_OFFICE_PEOPLE: RollupSpec<PipelineDailyOfficePeopleRow> = {
  table: 'pipeline_daily_office_people',
  key: [
    'workspace_id',
    'perspective',
    'stage',
    'office_id',
    'day',
    'lead_source_id',
    'agent_id',
    'consultant_id',
    'channel',
  ],
  sums: ['count'],
};
/** The sub-case-type filter and case types chosen by sub case type (migration 0013). */
export const PIPELINE_DAILY_CASE: RollupSpec<PipelineDailyCaseRow> = {
  table: 'pipeline_daily_case',
  key: [
    'workspace_id',
    'perspective',
    'day',
    'stage',
    'lead_source_id',
    'case_type_key',
    'sub_case_type_key',
  ],
  sums: ['count'],
};
/** Contacts by entered day and status now, per attribution dimension (migration 0014). */
export const CONTACTS_DAILY: RollupSpec<ContactDailyRow> = {
  table: 'contacts_daily',
  key: ['workspace_id', 'dimension', 'value', 'day', 'status', 'lead_source_id', 'detail'],
  sums: ['count'],
};
export const CALLS_DAILY: RollupSpec<CallDailyRow> = {
  table: 'calls_daily',
  key: ['workspace_id', 'day', 'agent_id', 'lead_source_id', 'direction', 'category'],
  sums: [
    'calls',
    'answered',
    'connected',
    'missed',
    'abandoned',
    'wait_seconds',
    'duration_seconds',
  ],
};
export const APPOINTMENTS_DAILY: RollupSpec<AppointmentDailyRow> = {
  table: 'appointments_daily',
  key: ['workspace_id', 'day', 'lead_source_id', 'status'],
  sums: ['count'],
};

/** ROI's revenue without a contact filter (migration 0015-payments-daily). */
export const PAYMENTS_DAILY: RollupSpec<PaymentDailyRow> = {
  table: 'payments_daily',
  key: ['workspace_id', 'day', 'lead_source_id'],
  sums: ['amount_paid_cents'],
};

/** Compliance's relationship and collection calls (migration 0018). */
export const OUTBOUND_TASKS_DAILY: RollupSpec<OutboundTaskDailyRow> = {
  table: 'outbound_tasks_daily',
  key: ['workspace_id', 'kind', 'day', 'agent_id'],
  sums: ['due', 'made'],
};

/** Compliance's callbacks (migration 0018). */
export const CALLBACKS_DAILY: RollupSpec<CallbackDailyRow> = {
  table: 'callbacks_daily',
  key: ['workspace_id', 'day', 'agent_id'],
  sums: ['requested', 'returned'],
};

/** A rollup row of any table, as the generic parts of the write paths see it. */
export type RollupRow = { day: string };

/**
 * The pipeline rollups: one transition adds to each of them (pipelineRollupRows answers
 * their rows keyed by table).
 */
export const PIPELINE_ROLLUPS = [
  PIPELINE_DAILY,
  PIPELINE_DAILY_SOURCE,
  PIPELINE_DAILY_PEOPLE,
  PIPELINE_DAILY_OFFICE,
  PIPELINE_DAILY_OFFICE_PEOPLE,
  PIPELINE_DAILY_CASE,
] as unknown as readonly (RollupSpec<RollupRow> & { table: PipelineRollupTable })[];

export type PipelineRollupTable =
  | 'pipeline_daily'
  | 'pipeline_daily_source'
  | 'pipeline_daily_people'
  | 'pipeline_daily_office'
  | 'pipeline_daily_office_people'
  | 'pipeline_daily_case';

export interface PipelineRollupRows {
  pipeline_daily: PipelineDailyRow[];
  pipeline_daily_source: PipelineDailySourceRow[];
  pipeline_daily_people: PipelineDailyPeopleRow[];
  pipeline_daily_office: PipelineDailyOfficeRow[];
  pipeline_daily_office_people: PipelineDailyOfficePeopleRow[];
  pipeline_daily_case: PipelineDailyCaseRow[];
}

/**
 * Every rollup table, the one list both write paths are driven by: the Kysely writers of
 * record-writer.ts upsert the pipeline ones through PIPELINE_ROLLUPS, and the bulk seed
 * keeps one day counter and one writer per entry. tests/server/reports/rollup-list.test.ts
 * checks that every rollup table of the schema is here.
 */
export const ROLLUPS = [
  ...PIPELINE_ROLLUPS,
  CONTACTS_DAILY,
  CALLS_DAILY,
  APPOINTMENTS_DAILY,
  PAYMENTS_DAILY,
  OUTBOUND_TASKS_DAILY,
  CALLBACKS_DAILY,
] as unknown as readonly RollupSpec<RollupRow>[];

export type RollupTable = RollupSpec<RollupRow>['table'];

type EventRow = Pick<
  Insertable<PipelineEventTable>,
  | 'workspace_id'
  | 'stage'
  | 'day'
  | 'entered_day'
  | 'parent_day'
  | 'lead_source_id'
  | 'campaign_id'
  | 'office_id'
  | 'case_type_key'
  | 'sub_case_type_key'
  | 'agent_id'
  | 'consultant_id'
  | 'channel'
>;

/**
 * One transition = +1 in each perspective of each pipeline rollup (in the cohort only
 * when it has a parent day).
 */
export function pipelineRollupRows(event: EventRow): PipelineRollupRows {
  const daily: PipelineDailyRow[] = [];
  const bySource: PipelineDailySourceRow[] = [];
  const people: PipelineDailyPeopleRow[] = [];
  const offices: PipelineDailyOfficeRow[] = [];
  const officePeople: PipelineDailyOfficePeopleRow[] = [];
  const cases: PipelineDailyCaseRow[] = [];
  const leadSource = event.lead_source_id ?? NONE;
  const workspace = event.workspace_id;
  const stage = event.stage;
  // Object literals, not spreads of a shared base: the bulk seed calls this for millions
  // of transitions, and a spread here made it about a hundred times slower.
  for (const perspective of PERSPECTIVES) {
    const day =
      perspective === 'snapshot'
        ? event.day
        : perspective === 'conversion'
          ? event.entered_day
          : event.parent_day;
    if (!day) continue;
    daily.push({
      workspace_id: workspace,
      perspective,
      day,
      stage,
      lead_source_id: leadSource,
      campaign_id: event.campaign_id ?? NONE,
      case_type_key: event.case_type_key ?? NONE,
      count: 1,
    });
    bySource.push({
      workspace_id: workspace,
      perspective,
      day,
      stage,
      lead_source_id: leadSource,
      count: 1,
    });
    people.push({
      workspace_id: workspace,
      perspective,
      day,
      stage,
      lead_source_id: leadSource,
      agent_id: event.agent_id ?? NONE,
      consultant_id: event.consultant_id ?? NONE,
      channel: event.channel ?? NONE,
      count: 1,
    });
    offices.push({
      workspace_id: workspace,
      perspective,
      day,
      stage,
      lead_source_id: leadSource,
      office_id: event.office_id ?? NONE,
      count: 1,
    });
    officePeople.push({
      workspace_id: workspace,
      perspective,
      stage,
      office_id: event.office_id ?? NONE,
      day,
      lead_source_id: leadSource,
      agent_id: event.agent_id ?? NONE,
      consultant_id: event.consultant_id ?? NONE,
      channel: event.channel ?? NONE,
      count: 1,
    });
    cases.push({
      workspace_id: workspace,
      perspective,
      day,
      stage,
      lead_source_id: leadSource,
      case_type_key: event.case_type_key ?? NONE,
      sub_case_type_key: event.sub_case_type_key ?? NONE,
      count: 1,
    });
  }
  return {
    pipeline_daily: daily,
    pipeline_daily_source: bySource,
    pipeline_daily_people: people,
    pipeline_daily_office: offices,
    pipeline_daily_office_people: officePeople,
    pipeline_daily_case: cases,
  };
}

type ContactRow = Pick<
  Insertable<ContactTable>,
  | 'workspace_id'
  | 'entered_day'
  | 'status'
  | 'lead_source_id'
  | 'campaign_id'
  | 'office_id'
  | 'case_type_key'
  | 'sub_case_type_key'
  | 'agent_id'
>;

/**
 * A contact in its status = `count` (1 when it is recorded or reaches a status, -1 when
 * it leaves one) in each dimension of contacts_daily.
 */
export function contactRollupRows(contact: ContactRow, count = 1): ContactDailyRow[] {
  const base = (dimension: string, value?: string | null, detail?: string | null) => ({
    workspace_id: contact.workspace_id,
    dimension,
    value: value ?? NONE,
    day: contact.entered_day,
    status: contact.status,
    lead_source_id: contact.lead_source_id ?? NONE,
    detail: detail ?? NONE,
    count,
  });
  return [
    base('all', NONE),
    base('office', contact.office_id),
    base('campaign', contact.campaign_id),
    base('case', contact.case_type_key, contact.sub_case_type_key),
    base('sub_case', contact.sub_case_type_key),
    base('agent', contact.agent_id),
  ];
}

type CallRow = Pick<
  Insertable<CallTable>,
  | 'workspace_id'
  | 'day'
  | 'agent_id'
  | 'lead_source_id'
  | 'direction'
  | 'category'
  | 'answered'
  | 'connected'
  | 'missed'
  | 'abandoned'
  | 'wait_seconds'
  | 'duration_seconds'
>;

export function callRollupRow(call: CallRow): CallDailyRow {
  return {
    workspace_id: call.workspace_id,
    day: call.day,
    agent_id: call.agent_id ?? NONE,
    lead_source_id: call.lead_source_id ?? NONE,
    direction: call.direction,
    category: call.category,
    calls: 1,
    answered: call.answered,
    connected: call.connected,
    missed: call.missed,
    abandoned: call.abandoned,
    wait_seconds: call.wait_seconds,
    duration_seconds: call.duration_seconds,
  };
}

type AppointmentRow = Pick<
  Insertable<AppointmentTable>,
  'workspace_id' | 'scheduled_day' | 'lead_source_id' | 'status'
>;

export function appointmentRollupRow(appointment: AppointmentRow): AppointmentDailyRow {
  return {
    workspace_id: appointment.workspace_id,
    day: appointment.scheduled_day,
    lead_source_id: appointment.lead_source_id ?? NONE,
    status: appointment.status,
    count: 1,
  };
}

type PaymentRow = Pick<
  Insertable<PaymentTable>,
  'workspace_id' | 'paid_day' | 'lead_source_id' | 'amount_paid_cents'
>;

/** A payment's share of payments_daily: none until it is paid (no paid day). */
export function paymentRollupRow(payment: PaymentRow): PaymentDailyRow | null {
  if (payment.paid_day === null || payment.paid_day === undefined) return null;
  return {
    workspace_id: payment.workspace_id,
    day: payment.paid_day,
    lead_source_id: payment.lead_source_id ?? NONE,
    amount_paid_cents: payment.amount_paid_cents ?? 0,
  };
}

type OutboundTaskRow = Pick<
  Insertable<OutboundTaskTable>,
  'workspace_id' | 'kind' | 'due_day' | 'agent_id' | 'made_day'
>;

/** A task counts on its due day; made once it has a made day. */
export function outboundTaskRollupRow(task: OutboundTaskRow): OutboundTaskDailyRow {
  return {
    workspace_id: task.workspace_id,
    kind: task.kind,
    day: task.due_day,
    agent_id: task.agent_id ?? NONE,
    due: 1,
    made: task.made_day === null || task.made_day === undefined ? 0 : 1,
  };
}

type CallbackRow = Pick<
  Insertable<CallbackTable>,
  'workspace_id' | 'requested_day' | 'agent_id' | 'returned_day'
>;

/** A callback counts on its requested day; returned once it has a returned day. */
export function callbackRollupRow(callback: CallbackRow): CallbackDailyRow {
  return {
    workspace_id: callback.workspace_id,
    day: callback.requested_day,
    agent_id: callback.agent_id ?? NONE,
    requested: 1,
    returned: callback.returned_day === null || callback.returned_day === undefined ? 0 : 1,
  };
}

/**
 * Adds rows with the same key together (so one INSERT never touches a key twice, which
 * PostgreSQL's ON CONFLICT refuses).
 */
export class RollupAccumulator<Row extends { day: string }> {
  private readonly rows = new Map<string, Row>();

  constructor(readonly spec: RollupSpec<Row>) {}

  add(row: Row): void {
    let id = '';
    for (const column of this.spec.key) id += `${row[column] as string}\u0001`;
    const existing = this.rows.get(id);
    if (!existing) {
      this.rows.set(id, { ...row });
      return;
    }
    for (const column of this.spec.sums) {
      (existing[column] as number) += row[column] as number;
    }
  }

  get size(): number {
    return this.rows.size;
  }

  /** The accumulated rows; the accumulator is empty afterwards. */
  drain(): Row[] {
    const rows = [...this.rows.values()];
    this.rows.clear();
    return rows;
  }
}
