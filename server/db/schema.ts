import type { Generated } from 'kysely';

/**
 * The typed model of the database for Kysely. Column names are snake_case; repositories
 * map rows to the API contracts of shared/contracts.
 *
 * Portability (ARCHITECTURE.md: SQLite by default, PostgreSQL later):
 * - flags are 0/1 integers (better-sqlite3 cannot bind booleans; PostgreSQL stores 0/1 fine);
 * - timestamps are ISO-8601 UTC text ("2025-01-31T12:00:00.000Z"), which sorts correctly
 *   as text in both databases;
 * - nested settings are JSON text, parsed with their zod contract on read.
 */
export type Flag = 0 | 1;

export interface MetaTable {
  key: string;
  value: string;
}

export interface WorkspaceTable {
  id: string;
  name: string;
  timezone: string;
  edition: string;
  is_zoho: Flag;
  /** JSON: workspace settings without practiceAreas (those live in practice_areas). */
  settings: string;
  /** JSON: vendors (zoho, quickBooks, callTrackingMetrics, needsAuth). */
  vendors: string;
  /** JSON: processes (leadGeneration, relationshipCall). */
  processes: string;
  /** JSON: default weekly goals (shared/contracts/goals.ts). */
  goals: string;
  created_at: string;
}

export interface PersonTable {
  id: string;
  workspace_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  created_at: string;
}

export interface UserTable {
  id: string;
  /** Always stored lowercased and trimmed; unique. */
  username: string;
  email: string;
  password_hash: string;
  picture: string | null;
  language: string;
  timezone: string;
  calendar_type: string | null;
  cs_account_id: string | null;
  person_id: string | null;
  created_at: string;
}

export interface AuthorizationTable {
  id: string;
  user_id: string;
  /** null for the system role, which belongs to no workspace. */
  workspace_id: string | null;
  role: string;
  status: 'active' | 'inactive';
  created_at: string;
}

export interface RefreshTokenTable {
  jti: string;
  user_id: string;
  /** Every token rotated from one sign-in shares the family id of the first. */
  family_id: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The jti that replaced this token when it was rotated. */
  replaced_by: string | null;
}

export interface AgentTable {
  id: string;
  workspace_id: string;
  person_id: string | null;
  name: string;
  ctm_user_id: string | null;
  zoho_user_id: string | null;
  active: Flag;
  created_at: string;
}

export interface ConsultantTable {
  id: string;
  workspace_id: string;
  person_id: string | null;
  name: string;
  active: Flag;
  created_at: string;
}

export interface LeadSourceTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  medium: string | null;
  active: Flag;
  /** JSON `{ leadGen: {leadsMin, leadsMax} | null }` or null. */
  settings: string | null;
  created_at: string;
}

export interface CampaignTable {
  id: string;
  workspace_id: string;
  lead_source_id: string | null;
  /** The CRM id of the campaign (spec: dashboards 3 Campaign). */
  key: string;
  label: string;
  medium: string | null;
  active: Flag;
  created_at: string;
}

export interface OfficeTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  name: string;
  /** Offices without a timezone exist and are skipped by the client (spec: dashboards 3). */
  timezone: string | null;
  created_at: string;
}

export interface PracticeAreaTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The parent practice area's name, or null for a top-level area. */
  parent: string | null;
  sort_order: number;
}

export interface CaseTypeTable {
  id: string;
  workspace_id: string;
  key: string;
  label: string;
  /** The parent case type's key: set for sub case types (spec: dashboards 3). */
  parent_key: string | null;
  sort_order: number;
}

export interface CtmUserTable {
  /** The call-tracking service's user id. */
  id: string;
  workspace_id: string;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface CrmUserTable {
  id: string;
  workspace_id: string;
  /** 'zoho' or 'ifs' (Keap / Infusionsoft). */
  provider: string;
  /** The user id inside the CRM, which is what the API answers as `id`. */
  external_id: string;
  name: string;
  email: string;
}

export interface CoachingCategoryTable {
  id: string;
  name: string;
  sort_order: number;
}

/* ---------- Reporting records (migration 0002; issue #3) ---------- */

export interface ObjectionTable {
  id: string;
  workspace_id: string;
  name: string;
  /** 'price', 'timing', 'decision', 'competition', 'eligibility'... */
  type: string;
}

/** A lead of the intake operation (spec: dashboards 3 Contact row). */
export interface ContactTable {
  id: string;
  workspace_id: string;
  /** The record's id in the CRM (the CRM link uses it with module, spec: dashboards 9). */
  crm_id: string;
  /** 'Leads' | 'Contacts' | 'Deals' (Zoho), 'Contact' (Keap, or no CRM). */
  module: string;
  first_name: string;
  last_name: string;
  lead_source_id: string | null;
  campaign_id: string | null;
  office_id: string | null;
  case_type_key: string | null;
  sub_case_type_key: string | null;
  /** The intake agent the contact is assigned to. */
  agent_id: string | null;
  consultant_id: string | null;
  created_at: string;
  /** The new-lead transition's time; entered_day is its workspace-local day. */
  entered_pipeline_at: string;
  entered_day: string;
  /** 'pending' | 'qualified' | 'unqualified' */
  qualification: string;
  /** The last pipeline stage reached (shared/contracts/reports/pipeline-stages.ts). */
  status: string;
}

export interface PipelineEventTable {
  id: Generated<number>;
  workspace_id: string;
  contact_id: string;
  stage: string;
  occurred_at: string;
  /** Workspace-local day of occurred_at. */
  day: string;
  /** Copied from the contact: the day it entered the pipeline (conversion perspective). */
  entered_day: string;
  /** Copied from the contact (migration 0020): the contact lists' order, read from an index. */
  first_name: string;
  last_name: string;
  lead_source_id: string | null;
  campaign_id: string | null;
  office_id: string | null;
  case_type_key: string | null;
  sub_case_type_key: string | null;
  /** The agent who made (or is credited with) the transition. */
  agent_id: string | null;
  /** The consultant of show, unqualified at appointment, hire, no hire and filed. */
  consultant_id: string | null;
  /** For sets: 'inbound' or 'outbound', the kind of call the set came from. */
  channel: string | null;
  /** For unqualified and no-hire transitions: why. */
  objection_id: string | null;
  /**
   * The day of the parent transition this one's rate is measured from (migration 0026,
   * shared/domain/funnel-rates.ts COHORT_PARENT_STAGE): the cohort perspective's day.
   * Null for stages without a parent and for a transition whose parent is missing.
   */
  parent_day: string | null;
}

/**
 * perspective: 'snapshot' (day = transition day), 'conversion' (day = entered day) or
 * 'cohort' (day = the parent transition's day; transitions with one only, migration 0026).
 */
export interface PipelineDailyTable {
  workspace_id: string;
  perspective: string;
  day: string;
  stage: string;
  lead_source_id: string;
  campaign_id: string;
  case_type_key: string;
  count: number;
}

export interface PipelineDailySourceTable {
  workspace_id: string;
  perspective: string;
  day: string;
  stage: string;
  lead_source_id: string;
  count: number;
}

/** Transitions by agent, consultant and set channel ('' = none). */
export interface PipelineDailyPeopleTable {
  workspace_id: string;
  perspective: string;
  day: string;
  stage: string;
  lead_source_id: string;
  agent_id: string;
  consultant_id: string;
  channel: string;
  count: number;
}

/**
 * Transitions per day, stage, lead source, office, agent, consultant and set channel
 * ('' = none): per-person counts under the office filter (migration 0019).
 */
export interface PipelineDailyOfficePeopleTable {
  workspace_id: string;
  perspective: string;
  stage: string;
  office_id: string;
  day: string;
  lead_source_id: string;
  agent_id: string;
  consultant_id: string;
  channel: string;
  count: number;
}

/**
 * Transitions per day, stage, lead source and the contact's office ('' = none): the office
 * filter (migration 0013, docs/reporting-engine.md).
 */
export interface PipelineDailyOfficeTable {
  workspace_id: string;
  perspective: string;
  day: string;
  stage: string;
  lead_source_id: string;
  office_id: string;
  count: number;
}

/**
 * Transitions per day, stage, lead source, case type and sub case type ('' = none): the
 * sub-case-type filter and case types chosen by sub case type (migration 0013).
 */
export interface PipelineDailyCaseTable {
  workspace_id: string;
  perspective: string;
  day: string;
  stage: string;
  lead_source_id: string;
  case_type_key: string;
  sub_case_type_key: string;
  count: number;
}

/**
 * Contacts by the day they entered the pipeline, their status now and lead source, once
 * per attribution dimension (migration 0014): `dimension` 'all' (value ''), 'office',
 * 'campaign', 'agent' (value = the contact's id of it), 'case' (value = case type,
 * detail = sub case type) and 'sub_case' (value = sub case type); '' = none. Total
 * Pipeline under any one filter family reads one dimension's rows. A status change moves
 * a contact from one row to another, so a row may hold 0.
 */
export interface ContactDailyTable {
  workspace_id: string;
  dimension: string;
  value: string;
  day: string;
  status: string;
  lead_source_id: string;
  detail: string;
  count: number;
}

/** Appointments per scheduled day, lead source and status ('' = none). */
export interface AppointmentDailyTable {
  workspace_id: string;
  day: string;
  lead_source_id: string;
  status: string;
  count: number;
}

/**
 * Payments collected per paid day and lead source ('' = none): ROI's revenue without a
 * contact filter (migration 0015-payments-daily).
 */
export interface PaymentDailyTable {
  workspace_id: string;
  day: string;
  lead_source_id: string;
  amount_paid_cents: number;
}

export interface AppointmentTable {
  id: Generated<number>;
  workspace_id: string;
  contact_id: string;
  /**
   * Copied from the contact, with the rest of its attribution below (migration 0015):
   * the contact filters read them without joining the contacts.
   */
  lead_source_id: string | null;
  campaign_id: string | null;
  /** The contact's office (office_id is the appointment's own). */
  contact_office_id: string | null;
  case_type_key: string | null;
  sub_case_type_key: string | null;
  /** The contact's agent (set_by_agent_id is the one who booked it). */
  contact_agent_id: string | null;
  office_id: string | null;
  consultant_id: string | null;
  set_by_agent_id: string | null;
  booked_at: string;
  scheduled_at: string;
  scheduled_day: string;
  /** 'scheduled' | 'showed' | 'no_show' | 'cancelled' */
  status: string;
}

export interface CallTable {
  id: Generated<number>;
  workspace_id: string;
  /** The call-tracking service's call id. */
  call_sid: string;
  /** 'inbound' | 'outbound' */
  direction: string;
  /** 'sales' | 'client' | 'other' */
  category: string;
  agent_id: string | null;
  contact_id: string | null;
  lead_source_id: string | null;
  campaign_id: string | null;
  tracking_number: string | null;
  started_at: string;
  day: string;
  /** Picked up (by an agent for inbound calls, by the callee for outbound). */
  answered: Flag;
  /** A conversation took place (counted by call compliance). */
  connected: Flag;
  /** Inbound: an agent was rung and nobody answered. */
  missed: Flag;
  /** Inbound: the caller hung up while waiting. */
  abandoned: Flag;
  wait_seconds: number;
  duration_seconds: number;
}

/** Daily call counts per agent, lead source, direction and category ('' = none). */
export interface CallDailyTable {
  workspace_id: string;
  day: string;
  agent_id: string;
  lead_source_id: string;
  direction: string;
  category: string;
  calls: number;
  answered: number;
  connected: number;
  missed: number;
  abandoned: number;
  wait_seconds: number;
  duration_seconds: number;
}

export interface CallbackTable {
  id: Generated<number>;
  workspace_id: string;
  contact_id: string | null;
  agent_id: string | null;
  requested_at: string;
  requested_day: string;
  returned_at: string | null;
  returned_day: string | null;
}

export interface OutboundTaskTable {
  id: Generated<number>;
  workspace_id: string;
  /** 'relationship' | 'collection' */
  kind: string;
  contact_id: string | null;
  agent_id: string | null;
  due_day: string;
  made_at: string | null;
  made_day: string | null;
}

/**
 * Relationship and collection calls due per due day, kind and agent ('' = none), and how
 * many were made (migration 0018).
 */
export interface OutboundTaskDailyTable {
  workspace_id: string;
  /** 'relationship' | 'collection' */
  kind: string;
  day: string;
  agent_id: string;
  due: number;
  made: number;
}

/** Callbacks requested per requested day and agent ('' = none), and returned (migration 0018). */
export interface CallbackDailyTable {
  workspace_id: string;
  day: string;
  agent_id: string;
  requested: number;
  returned: number;
}

export interface PaymentPlanTable {
  id: string;
  workspace_id: string;
  contact_id: string;
  first_due_day: string;
  last_due_day: string;
  total_cents: number;
  installment_cents: number;
  created_at: string;
}

export interface PaymentTable {
  id: string;
  workspace_id: string;
  plan_id: string;
  contact_id: string;
  /**
   * Copied from the contact, with the rest of its attribution (migration 0015): ROI's
   * revenue per lead source under any contact filter, without joining the contacts.
   */
  lead_source_id: string | null;
  campaign_id: string | null;
  contact_office_id: string | null;
  case_type_key: string | null;
  sub_case_type_key: string | null;
  contact_agent_id: string | null;
  due_day: string;
  amount_due_cents: number;
  amount_paid_cents: number;
  paid_day: string | null;
  /** 'scheduled' | 'collected' | 'partial' | 'missed' */
  status: string;
}

export interface BankBalanceTable {
  workspace_id: string;
  /** 'operating' | 'profit' */
  account: string;
  day: string;
  balance_cents: number;
}

export interface MarketingSpendTable {
  workspace_id: string;
  lead_source_id: string;
  /** 'YYYY-MM' */
  month: string;
  amount_cents: number;
}

/** A refresh-token family: one sign-in or extension handoff (migration 0003, issue 9). */
export interface RefreshFamilyTable {
  id: string;
  user_id: string;
  /** 'sign-in' | 'extension' */
  kind: string;
  /** The family's first sign-in: its absolute lifetime counts from here. */
  started_at: string;
  revoked_at: string | null;
}

/** The tables of migration 0001 (sign-in and lookups). */
export interface FoundationDatabase {
  meta: MetaTable;
  workspaces: WorkspaceTable;
  persons: PersonTable;
  users: UserTable;
  authorizations: AuthorizationTable;
  refresh_tokens: RefreshTokenTable;
  agents: AgentTable;
  consultants: ConsultantTable;
  lead_sources: LeadSourceTable;
  campaigns: CampaignTable;
  offices: OfficeTable;
  practice_areas: PracticeAreaTable;
  case_types: CaseTypeTable;
  ctm_users: CtmUserTable;
  crm_users: CrmUserTable;
  coaching_categories: CoachingCategoryTable;
}

/** The tables of migration 0002 (the records behind the reports). */
export interface ReportingDatabase {
  objections: ObjectionTable;
  contacts: ContactTable;
  pipeline_events: PipelineEventTable;
  pipeline_daily: PipelineDailyTable;
  pipeline_daily_source: PipelineDailySourceTable;
  pipeline_daily_people: PipelineDailyPeopleTable;
  pipeline_daily_office: PipelineDailyOfficeTable;
  pipeline_daily_office_people: PipelineDailyOfficePeopleTable;
  pipeline_daily_case: PipelineDailyCaseTable;
  contacts_daily: ContactDailyTable;
  appointments: AppointmentTable;
  appointments_daily: AppointmentDailyTable;
  payments_daily: PaymentDailyTable;
  calls: CallTable;
  calls_daily: CallDailyTable;
  callbacks: CallbackTable;
  outbound_tasks: OutboundTaskTable;
  outbound_tasks_daily: OutboundTaskDailyTable;
  callbacks_daily: CallbackDailyTable;
  payment_plans: PaymentPlanTable;
  payments: PaymentTable;
  bank_balances: BankBalanceTable;
  marketing_spend: MarketingSpendTable;
}

/** The tables of migration 0003 (session hardening). */
export interface SessionDatabase {
  refresh_families: RefreshFamilyTable;
}

/** Migration 0004: a workspace's process definitions (JSON checked on the way in). */
export interface ProcessDefinitionTable {
  workspace_id: string;
  uid: string;
  name: string;
  description: string | null;
  /** JSON: ProcessDefinition (shared/contracts/call-flow.ts), parsed with its contract on read. */
  definition: string;
  step_count: number;
  form_step_count: number;
  updated_by: string | null;
  updated_at: string;
  /** Migration 0034: the version published last (what new calls run). */
  version: number;
  /** Migration 0035: when an owner archived it (no new call starts it); null while in use. */
  archived_at: string | null;
  archived_by: string | null;
}

/** Migration 0034: one published version of a process (issue #34). */
export interface ProcessVersionTable {
  workspace_id: string;
  uid: string;
  version: number;
  /** JSON: ProcessDefinition as published, its `version` set. */
  definition: string;
  step_count: number;
  /** The version a restore copied; null for an edit. */
  restored_from: number | null;
  published_by: string | null;
  published_at: string;
}

/** Migration 0034: the draft of a process being edited in the designer (issue #34). */
export interface ProcessDraftTable {
  workspace_id: string;
  uid: string;
  /** JSON: the definition as last saved, possibly unfinished. */
  definition: string;
  /** 1 at the first save, one more at each: a save names the revision it replaces. */
  revision: number;
  /** The version the draft started from; null for a process never published. */
  based_on_version: number | null;
  updated_by: string | null;
  updated_at: string;
}

/** A case of a process (spec 7 processes/{process}, processmaker/{id}). */
export interface CaseTable {
  app_uid: string;
  workspace_id: string;
  process_uid: string;
  /** The execution history the case belongs to (linked when the case starts). */
  execution_id: string | null;
  tas_uid: string;
  dyn_uid: string | null;
  del_index: number;
  /** AppStatus: DRAFT, TO_DO, COMPLETED, CALL_ENDED. */
  status: string;
  /** JSON: Variables. */
  case_vars: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Migration 0034: the version of the process the case runs; null before versions. */
  process_version?: number | null;
}

/** spec 3 Process execution history. */
export interface ProcessExecutionTable {
  id: string;
  workspace_id: string;
  process_uid: string;
  sub_process: string | null;
  /** ExecutionStatus: started, partial-complete, completed. */
  status: string;
  /** The `user` the client sent; created_by is the signed-in user who sent it. */
  user_ref: string;
  created_by: string;
  start_time: string;
  end_time: string | null;
  /** JSON: {processVariables, steps}. */
  execution_history: string;
  created_at: string;
  updated_at: string;
  /** Migration 0034: the version of the process the call ran; null before versions. */
  process_version?: number | null;
}

/** spec 3 Step history. */
export interface StepHistoryTable {
  id: string;
  execution_id: string;
  previous_step_id: string | null;
  current_step_id: string;
  current_step_name: string;
  current_step_type: string;
  current_step_process_id: string;
  /** JSON: Variables. */
  variable_state: string;
  direction: string;
  executed_on: string;
  created_by: string;
  created_at: string;
}

/** What POST service-processes/sendEmail "sent". */
export interface EmailOutboxTable {
  id: string;
  workspace_id: string | null;
  created_by: string;
  /** JSON: string[]. */
  recipients: string;
  subject: string;
  html_body: string;
  text_body: string;
  created_at: string;
  /**
   * The execution whose trigger sent it (migration 0025, issue #29: e-mails per execution
   * are bounded); null for one sent without (clients before the bound, or none given).
   */
  execution_id: string | null;
  /**
   * 'call-flow' for what POST sendEmail queued (migration 0025): the e-mails the hourly
   * bound counts. null for the server's own (invitations) and the rows before 0025.
   */
  kind: 'call-flow' | null;
  /**
   * Migration 0029 (issue #33): the e-mail's delivery — pending, sending (claimed until
   * next_attempt_at), sent, failed, or kept (written before mail could be sent).
   */
  delivery: Generated<MailDeliveryStatus>;
  delivery_attempts: Generated<number>;
  /** When a pending e-mail is tried again, or when a sending claim runs out. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** The SMTP server's words for the last failure. */
  delivery_error: string | null;
}

/** email_outbox.delivery (migration 0029). */
export type MailDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'kept';

/** What POST error-notification received. */
export interface ErrorNotificationTable {
  id: string;
  workspace_id: string | null;
  created_by: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The simulated CRM store (spec 7 CRM sync). */
export interface CrmRecordTable {
  id: string;
  workspace_id: string;
  /** CrmRecordType. */
  type: string;
  contact_id: string | null;
  execution_id: string | null;
  /** JSON: the re-mapped payload (crmFieldMappings). */
  payload: string;
  created_at: string;
}

/** Migration 0022 (issue #28): a step's unsubmitted values, one per execution and step. */
export interface StepDraftTable {
  execution_id: string;
  step_id: string;
  /** The agent who typed it (the execution's own). */
  user_id: string;
  /** JSON: Variables. */
  draft_values: string;
  updated_at: string;
}

/** Migration 0022 (issue #28): a walk-in parked by its agent to take a real call. */
export interface ParkedExecutionTable {
  execution_id: string;
  workspace_id: string;
  user_id: string;
  /** JSON: CallFlowState. */
  state: string;
  /** When it was parked, or (an open one) last saved. */
  parked_at: string;
  /** Migration 0024: 'parked' (a walk-in parked for a call) or 'open' (an intake in progress). */
  kind: Generated<'parked' | 'open'>;
  /** Migration 0024: the wizard that runs an open one (null for a parked one). */
  holder: string | null;
}

/** The tables of migration 0022 (drafts and parked walk-ins). */
export interface CallFlowContinuityDatabase {
  step_drafts: StepDraftTable;
  parked_executions: ParkedExecutionTable;
}

/** The tables of migration 0004 (call flows). */
export interface CallFlowDatabase {
  process_definitions: ProcessDefinitionTable;
  process_versions: ProcessVersionTable;
  process_drafts: ProcessDraftTable;
  cases: CaseTable;
  process_executions: ProcessExecutionTable;
  step_histories: StepHistoryTable;
  email_outbox: EmailOutboxTable;
  error_notifications: ErrorNotificationTable;
  crm_records: CrmRecordTable;
}

/** A notification of the notification centre (migration 0005, issue 12). */
export interface NotificationTable {
  id: string;
  workspace_id: string;
  /** null: every user of the workspace; else that one user. */
  user_id: string | null;
  title: string;
  description: string;
  action_required: Flag;
  /** The /app path a click opens, or null. */
  path: string | null;
  created_at: string;
  /** Automatic notifications only (one per key, user and workspace); null for manual ones. */
  dedupe_key: string | null;
}

/** Who read which notification (the read state every browser of the user shares). */
export interface NotificationReadTable {
  notification_id: string;
  user_id: string;
  read_at: string;
}

/** The tables of migration 0005 (notifications). */
export interface NotificationDatabase {
  notifications: NotificationTable;
  notification_reads: NotificationReadTable;
}

/** Migration 0006: a workspace's tracking numbers (spec 7 ctm/numbers). */
export interface CtmTrackingNumberTable {
  id: string;
  workspace_id: string;
  /** As stored: E.164 for US numbers. */
  number: string;
  label: string;
  campaign_id: string | null;
  lead_source_id: string | null;
  sort_order: number;
  created_at: string;
}

/** A call of the simulated call-tracking provider (spec 7 ctm/calls). */
export interface CtmCallTable {
  id: string;
  workspace_id: string;
  sid: string | null;
  /** CallDirection: inbound, outbound. */
  direction: string;
  /** CallStatus: ringing, in-progress, completed, no-answer, failed. */
  status: string;
  from_number: string;
  to_number: string;
  agent_ctm_user_id: string;
  agent_id: string | null;
  tracking_number: string | null;
  campaign_id: string | null;
  lead_source_id: string | null;
  lead_name: string | null;
  created_by: string | null;
  started_at: string;
  connected: Flag;
  connected_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  /**
   * Migration 0017: the server process (server_instances.id) whose timers move the call
   * on; null on calls placed before it (no running process owns them).
   */
  owner_instance: string | null;
  /** Migration 0021 (issue #28): CallEndedBy — agent, caller, system; null while live. */
  ended_by: string | null;
  /**
   * Migration 0021: when an agent's client first marked the call connected (PUT connected);
   * an inbound call that ends without it was missed.
   */
  taken_at: string | null;
  /** Migration 0021: 0 for the demo activity's calls, which never raise a missed call. */
  notify_missed: Generated<Flag>;
  /**
   * Migration 0027 (issue #32): CallTrackingMetrics' call id, unique per workspace, for a
   * call of a connected CTM account; null for the simulator's calls. A call with one is
   * moved on by CTM's webhooks, never by a server's timers or heartbeat.
   */
  ctm_call_id: string | null;
  /** Migration 0027: when a CTM call joined the reports (claimed once; null until then). */
  recorded_at: string | null;
  /** Migration 0027: CTM's recording of the call (its `audio`), when there is one. */
  recording_url: string | null;
}

/** Migration 0027: a workspace's connection to its CallTrackingMetrics account (issue #32). */
export interface CallTrackingConnectionTable {
  workspace_id: string;
  /** CallTrackingProvider: 'ctm' (no row: the simulator). */
  provider: string;
  account_id: string;
  access_key: string;
  /** The API secret key, sealed by server/secrets/secret-box.ts ("v1:…"); never plain. */
  secret_sealed: string;
  account_name: string | null;
  connected_by: string;
  connected_at: string;
  /** When CTM's API was last reached (or tried), and how that went. */
  checked_at: string;
  /** CallTrackingHealthStatus: ok, failing. */
  status: string;
  last_error: string | null;
  last_webhook_at: string | null;
  /** The catch-up's cursor: calls started before it were read from CTM's calls list. */
  catch_up_cursor: string | null;
  /** Migration 0028: the catch-up's lease (one process at a time reads CTM's calls list). */
  catch_up_claimed_until: string | null;
}

/** Migration 0030: a workspace's OAuth connection to its real CRM (issue #33). */
export interface CrmConnectionTable {
  workspace_id: string;
  /** 'zoho' or 'keap' (server/crm/crm-oauth.ts CRM_VENDORS). */
  vendor: string;
  /** The data centre's accounts server that issued the tokens (refresh, revoke go there). */
  accounts_server: string;
  /** Where that data centre's CRM API is (Zoho's api_domain). */
  api_domain: string | null;
  /** Zoho's location of the organisation (us, eu, in, au, jp, ca, cn). */
  location: string | null;
  /** Sealed by server/secrets/secret-box.ts; never plain, never in an answer. */
  access_sealed: string;
  access_expires_at: string;
  refresh_sealed: string;
  /** ok, or reconnect (the grant is gone). */
  status: string;
  last_error: string | null;
  connected_by: string;
  connected_at: string;
  checked_at: string;
  /** Migration 0031: JSON, the workspace's Zoho fields for ours; null: the defaults. */
  field_mapping: string | null;
}

/** Migration 0031: the records waiting for, or sent to, a workspace's real CRM (issue #33). */
export interface CrmOutboxTable {
  id: string;
  workspace_id: string;
  /** 'zoho'. */
  vendor: string;
  execution_id: string | null;
  /** CONTACT, NOTE, CALL, EVENT, DEAL or CONTACT-TAGS. */
  type: string;
  /** JSON: the AsyncRecordPayload the intake sent. */
  payload: string;
  /** The outbox row of the contact this record is about (sent first). */
  contact_outbox_id: string | null;
  /** The CRM's id of the contact, when the intake named one already in the CRM. */
  contact_crm_id: string | null;
  delivery: CrmOutboxDelivery;
  attempts: Generated<number>;
  /** 1 when the last attempt ended without the CRM's answer: look for the record first. */
  uncertain: Generated<Flag>;
  /** When a pending row is tried again, or when a sending claim runs out. */
  next_attempt_at: string | null;
  /** The CRM's words for the last failure. */
  last_error: string | null;
  /** Where the CRM keeps the record once sent (Contacts, Notes, Calls, Events, Deals). */
  crm_module: string | null;
  crm_id: string | null;
  /** The async_record_failures row of a record the CRM refused. */
  failure_id: string | null;
  created_by: string;
  created_at: string;
  sent_at: string | null;
}

/** Migration 0032: the SMTP account and From a workspace's e-mails go out with (issue #33). */
export interface WorkspaceMailTable {
  workspace_id: string;
  from_name: string | null;
  from_address: string;
  smtp_host: string;
  smtp_port: number;
  /** 'starttls' (587: upgraded when offered) or 'tls' (465: TLS from the start). */
  smtp_security: string;
  smtp_user: string;
  /** The smtp(s):// URL with the password, sealed by server/secrets/secret-box.ts. */
  smtp_sealed: string;
  updated_by: string;
  updated_at: string;
}

/** Migration 0033: a workspace's connection to its QuickBooks Online company (issue #33). */
export interface AccountingConnectionTable {
  workspace_id: string;
  /** 'quickbooks'. */
  vendor: string;
  /** Intuit's company id (realmId). */
  realm_id: string;
  company_name: string | null;
  /** Intuit's token endpoint (refreshes and revokes go there). */
  accounts_server: string;
  /** The Accounting API base: production or sandbox. */
  api_domain: string | null;
  access_sealed: string;
  access_expires_at: string;
  refresh_sealed: string;
  /** ok, or reconnect (the grant is gone). */
  status: string;
  last_error: string | null;
  connected_by: string;
  connected_at: string;
  checked_at: string;
  /** When the local copy was last read whole from QuickBooks; null: never yet. */
  synced_at: string | null;
  /** Why the last reading failed (cleared by the next that succeeds). */
  sync_error: string | null;
  /** Someone asked for a reading now (Refresh now, a new connection). */
  sync_requested_at: string | null;
  /** A server is reading it until then (one at a time in a cluster). */
  sync_claimed_until: string | null;
}

/** Migration 0033: the company's customers, as the missed-payment list names them. */
export interface QboCustomerTable {
  workspace_id: string;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** Migration 0033: an invoice, one payment due (total and what is still owed, in cents). */
export interface QboInvoiceTable {
  workspace_id: string;
  id: string;
  customer_id: string;
  doc_number: string | null;
  txn_day: string;
  due_day: string;
  total_cents: number;
  balance_cents: number;
  /** The recurring template (payment plan) it was made from, when QuickBooks says. */
  plan_id: string | null;
}

/** Migration 0033: money received, by payment line (invoice_id null: not applied). */
export interface QboPaymentLineTable {
  workspace_id: string;
  payment_id: string;
  line: number;
  invoice_id: string | null;
  customer_id: string;
  txn_day: string;
  amount_cents: number;
}

/** Migration 0033: a recurring invoice template, the firm's payment plan. */
export interface QboPlanTable {
  workspace_id: string;
  id: string;
  name: string;
  customer_id: string | null;
  active: number;
  /** QuickBooks' IntervalType: Daily, Weekly, Monthly, Yearly. */
  interval_type: string;
  num_interval: number;
  start_day: string;
  end_day: string | null;
  next_day: string | null;
  amount_cents: number;
}

/** Migration 0033: a bank account's balance on each day it was read. */
export interface QboBalanceTable {
  workspace_id: string;
  account_id: string;
  day: string;
  name: string;
  /** operating, profit or other (by the account's name). */
  kind: string;
  balance_cents: number;
}

/** crm_outbox.delivery (migration 0031). */
export type CrmOutboxDelivery = 'pending' | 'sending' | 'sent' | 'failed';

/** Migration 0027: CTM's webhooks as received, applied once (issue #32). */
export interface CtmWebhookInboxTable {
  id: string;
  workspace_id: string;
  /** CtmCallEvent: start, end. */
  event: string;
  ctm_call_id: string;
  /** The body as received (a CTM call object, JSON). */
  body: string;
  received_at: string;
  processed_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** The tables of migration 0006 (call tracking). */
export interface CallTrackingDatabase {
  ctm_tracking_numbers: CtmTrackingNumberTable;
  ctm_calls: CtmCallTable;
  call_tracking_connections: CallTrackingConnectionTable;
  crm_connections: CrmConnectionTable;
  crm_outbox: CrmOutboxTable;
  workspace_mail: WorkspaceMailTable;
  accounting_connections: AccountingConnectionTable;
  qbo_customers: QboCustomerTable;
  qbo_invoices: QboInvoiceTable;
  qbo_payment_lines: QboPaymentLineTable;
  qbo_plans: QboPlanTable;
  qbo_balances: QboBalanceTable;
  ctm_webhook_inbox: CtmWebhookInboxTable;
}

/** Migration 0007: an invite's link token (its SHA-256 only), single use, expiring. */
export interface UserInvitationTable {
  id: string;
  token_hash: string;
  user_id: string;
  workspace_id: string;
  /** The owner, admin or system user who sent it. */
  created_by: string;
  created_at: string;
  expires_at: string;
  /** When the invitee set their password with it; it works once. */
  accepted_at: string | null;
  /** When a newer invite of the same user replaced it. */
  revoked_at: string | null;
}

/** A campaign's spend (Settings > Campaign apportion), split by campaign_spend_shares. */
export interface CampaignSpendTable {
  campaign_id: string;
  workspace_id: string;
  spend_cents: number;
  updated_by: string;
  updated_at: string;
}

/** One lead source's share of a campaign's spend in one month; they add up to the spend. */
export interface CampaignSpendShareTable {
  workspace_id: string;
  campaign_id: string;
  lead_source_id: string;
  /** 'YYYY-MM' */
  month: string;
  amount_cents: number;
}

/**
 * Migration 0017: a running server process and its heartbeat (server/call-tracking/
 * server-instances.ts). The row is removed when the process closes; a crashed one's
 * heartbeat goes stale.
 */
export interface ServerInstanceTable {
  id: string;
  /** `host pid N`, for an operator reading the table. */
  label: string;
  started_at: string;
  last_seen_at: string;
}

/** The table of migration 0017 (call owners). */
export interface ServerInstancesDatabase {
  server_instances: ServerInstanceTable;
}

/** The tables of migration 0007 (workspace administration, issue #16). */
export interface AdministrationDatabase {
  user_invitations: UserInvitationTable;
  campaign_spend: CampaignSpendTable;
  campaign_spend_shares: CampaignSpendShareTable;
}

export interface Database
  extends
    FoundationDatabase,
    ReportingDatabase,
    SessionDatabase,
    CallFlowDatabase,
    CallFlowContinuityDatabase,
    NotificationDatabase,
    CallTrackingDatabase,
    AdministrationDatabase,
    UsersParametersDatabase,
    AsyncErrorsDatabase,
    SchedulingDatabase,
    CoachingDatabase,
    WorkspaceWizardDatabase,
    ServerInstancesDatabase {}

/** Migration 0008: an agent's parameters (Settings > Users parameters, issue #16). */
export interface AgentParametersTable {
  agent_id: string;
  workspace_id: string;
  office_id: string | null;
  consultant_id: string | null;
  /** Per-week minimums; null = no personal minimum. */
  min_outbound_calls: number | null;
  min_outbound_answers: number | null;
  min_outbound_sets: number | null;
  /** 0..100; null = the workspace default (the compliance bar's marker). */
  min_compliance_percent: number | null;
  updated_by: string;
  updated_at: string;
}

/** One practice area an agent takes. */
export interface AgentPracticeAreaTable {
  agent_id: string;
  practice_area_id: string;
  workspace_id: string;
}

/** The tables of migration 0008 (users parameters, issue #16). */
export interface UsersParametersDatabase {
  agent_parameters: AgentParametersTable;
  agent_practice_areas: AgentPracticeAreaTable;
}

/** A CRM write of the async pipeline the CRM refused (migration 0009, issue #16). */
export interface AsyncRecordFailureTable {
  id: string;
  workspace_id: string;
  execution_id: string | null;
  /** CrmRecordType. */
  record_type: string;
  /** JSON: AsyncRecordPayload ({type, crmFieldMappings}), what a retry writes. */
  payload: string;
  contact_name: string | null;
  error_code: string;
  error_message: string;
  attempts: number;
  /** open | resolved | dismissed */
  status: string;
  created_by: string;
  created_at: string;
  last_attempt_at: string;
  crm_record_id: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  dismissed_by: string | null;
  dismissed_at: string | null;
}

/** A workspace whose simulated CRM is down (migration 0009). */
export interface SimulatedCrmOutageTable {
  workspace_id: string;
  set_by: string;
  since: string;
}

/** The tables of migration 0009 (async error resolution, issue #16). */
export interface AsyncErrorsDatabase {
  async_record_failures: AsyncRecordFailureTable;
  simulated_crm_outages: SimulatedCrmOutageTable;
}

/** A training video of a workspace: a YouTube link or an uploaded file (migration 0012). */
export interface CoachingVideoTable {
  id: string;
  workspace_id: string;
  /** A coaching category id, or "immigration". */
  category_id: string;
  title: string;
  /** youtube | upload */
  source: string;
  youtube_id: string | null;
  /** The stored file's name under DATA_DIR/coaching-videos (ours, never the client's). */
  file_name: string | null;
  original_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  created_by: string;
  created_at: string;
}

/** A coaching score a manager gave an agent (migration 0012). */
export interface CoachingScoreTable {
  id: string;
  workspace_id: string;
  agent_id: string;
  category_id: string;
  /** YYYY-MM-DD */
  scored_on: string;
  score: number;
  note: string;
  entered_by: string;
  created_at: string;
}

/** The tables of migration 0012 (coaching, issue #16). */
export interface CoachingDatabase {
  coaching_videos: CoachingVideoTable;
  coaching_scores: CoachingScoreTable;
}

/** Migration 0011: the workspace wizard's draft, one per system user (issue #16). */
export interface WorkspaceWizardDraftTable {
  user_id: string;
  /** JSON: wizardDraftSchema without updatedAt (shared/contracts/system-workspaces.ts). */
  draft: string;
  updated_at: string;
}

/** The tables of migration 0011 (workspace wizard, issue #16). */
export interface WorkspaceWizardDatabase {
  workspace_wizard_drafts: WorkspaceWizardDraftTable;
}

/** Migration 0010: a workspace's calendar, most of them one consultant's (issue #16). */
export interface CalendarTable {
  id: string;
  workspace_id: string;
  consultant_id: string | null;
  name: string;
  /** IANA timezone: the calendar's days and consultation hours are its own. */
  timezone: string;
  created_at: string;
}

/** A booking on a calendar (spec: dashboards 7 event POST / PUT / DELETE). */
export interface CalendarEventTable {
  id: string;
  workspace_id: string;
  calendar_id: string;
  title: string;
  /** ISO UTC instants. */
  start_time: string;
  end_time: string;
  location: string;
  notes: string;
  /** The call's execution history (async lead generation) or its case (otherwise). */
  execution_id: string | null;
  app_uid: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** An outcome an appointment may end in (spec: dashboards 7 appointmentoutcomes). */
export interface AppointmentOutcomeTable {
  id: string;
  workspace_id: string;
  key: string;
  name: string;
  sort_order: number;
}

/** The tables of migration 0010 (scheduling, issue #16). */
export interface SchedulingDatabase {
  calendars: CalendarTable;
  calendar_events: CalendarEventTable;
  appointment_outcomes: AppointmentOutcomeTable;
}
