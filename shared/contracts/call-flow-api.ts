import { z } from 'zod';
import { STEP_HISTORY_PAGE_LIMIT } from '@/shared/domain/intake-limits';
import {
  apiErrorSchema,
  idSchema,
  itemResponseSchema,
  listMetaSchema,
  listResponseSchema,
} from './common';
import {
  appStatusSchema,
  callFlowStateSchema,
  crmRecordTypeSchema,
  crmSyncRecordSchema,
  definitionProblemSchema,
  executionStatusSchema,
  processDefinitionSchema,
  stepDirectionSchema,
  stepTypeSchema,
  variablesSchema,
} from './call-flow';
import { workspaceSchema } from './workspace';

// The call-centre API of the reference server (server/call-center/), beside the request
// schemas of spec 7 "Call flow" / "CRM sync" that live in ./call-flow.ts. Every path below
// is relative to the call-centre base (shared/config/api-config.ts callCenterBase).
//
// Spec calls (spec: session 7 Call flow) answer small unwrapped objects, as
// startCaseResponseSchema does; the read endpoints the screens need (paths not in the
// spec) answer `{data}` / `{data, meta}` like the main API (./common.ts).

// ---------------------------------------------------------------- spec calls: answers

/** POST process-execution-history → the new history's id (CallFlowHttp.createExecutionHistory). */
export const executionHistoryCreatedSchema = z.object({ id: idSchema });
export type ExecutionHistoryCreated = z.infer<typeof executionHistoryCreatedSchema>;

/**
 * What the acknowledging spec calls answer: PATCH process-execution-history/{id},
 * PUT processmaker/{id}, POST process-execution-steps-history, POST
 * service-processes/sendEmail, POST error-notification. `id` is the row written or changed.
 */
export const callCenterAckSchema = z.object({ id: idSchema });
export type CallCenterAck = z.infer<typeof callCenterAckSchema>;

/** The literal path of spec 7's `{service-processes}/sendEmail` in this server. */
export const SEND_EMAIL_PATH = 'service-processes/sendEmail';

// ---------------------------------------------------------------- CRM sync (spec 7)

/** spec 7 Contact output: email_addresses (EMAIL1). */
export const crmEmailAddressSchema = z.object({
  email: z.string().max(320),
  field: z.literal('EMAIL1'),
});
/** spec 7 Contact output: phone_numbers (PHONE1 = mobile_phone, PHONE2 = phone_home). */
export const crmPhoneNumberSchema = z.object({
  number: z.string().max(40),
  field: z.enum(['PHONE1', 'PHONE2']),
});
/** spec 7 Contact output: an addresses entry with field BILLING. */
export const crmAddressSchema = z.object({
  field: z.literal('BILLING'),
  line1: z.string().max(500).optional(),
  line2: z.string().max(500).optional(),
  locality: z.string().max(200).optional(),
  region: z.string().max(100).optional(),
  country_code: z.string().max(10).optional(),
  postal_code: z.string().max(20).optional(),
});

const crmText = z.string().max(20_000);

/** spec 7 Contact output (given_name, family_name, ...). Tags: our choice, split on commas. */
export const crmContactPayloadSchema = z.object({
  given_name: crmText.optional(),
  family_name: crmText.optional(),
  email_addresses: z.array(crmEmailAddressSchema).max(1).default([]),
  phone_numbers: z.array(crmPhoneNumberSchema).max(2).default([]),
  addresses: z.array(crmAddressSchema).max(1).default([]),
  lead_source_id: crmText.optional(),
  tags: z.array(z.string().max(200)).max(100).default([]),
});
export type CrmContactPayload = z.infer<typeof crmContactPayloadSchema>;

/** spec 7: a note is ObjectType Note; a call is a Note with ActionType Call. */
export const crmNotePayloadSchema = z.object({
  ObjectType: z.literal('Note'),
  ActionType: z.literal('Call').optional(),
  ActionDescription: crmText.optional(),
  CreationNotes: crmText.optional(),
  ContactId: crmText.optional(),
  OpportunityId: crmText.optional(),
  custom_fields: crmText.optional(),
});
export type CrmNotePayload = z.infer<typeof crmNotePayloadSchema>;

/** spec 7: an event is ObjectType Appointment with ActionDate, EndDate, Location. */
export const crmEventPayloadSchema = z.object({
  ObjectType: z.literal('Appointment'),
  ActionDescription: crmText.optional(),
  CreationNotes: crmText.optional(),
  ContactId: crmText.optional(),
  OpportunityId: crmText.optional(),
  ActionDate: crmText.optional(),
  EndDate: crmText.optional(),
  Location: crmText.optional(),
  custom_fields: crmText.optional(),
});
export type CrmEventPayload = z.infer<typeof crmEventPayloadSchema>;

/** spec 7: deals pass through unchanged (the trigger's field → text pairs). */
export const crmDealPayloadSchema = z.record(z.string().max(64), crmText);
/** CONTACT-TAGS deletes tags of contact_id (all of them when tags is empty: our choice). */
export const crmContactTagsPayloadSchema = z.object({
  contact_id: crmText.optional(),
  tags: z.array(z.string().max(200)).max(100).default([]),
});

/**
 * spec 7: "a re-mapped record with type (CONTACT, NOTE, CALL, EVENT or DEAL, upper-cased)
 * and crmFieldMappings". shared/domain/crm-sync-mapping.ts toAsyncRecordPayload builds it
 * from a trigger's CrmSyncRecord.
 */
export const asyncRecordPayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CONTACT'), crmFieldMappings: crmContactPayloadSchema }),
  z.object({ type: z.literal('NOTE'), crmFieldMappings: crmNotePayloadSchema }),
  z.object({ type: z.literal('CALL'), crmFieldMappings: crmNotePayloadSchema }),
  z.object({ type: z.literal('EVENT'), crmFieldMappings: crmEventPayloadSchema }),
  z.object({ type: z.literal('DEAL'), crmFieldMappings: crmDealPayloadSchema }),
  z.object({ type: z.literal('CONTACT-TAGS'), crmFieldMappings: crmContactTagsPayloadSchema }),
]);
export type AsyncRecordPayload = z.infer<typeof asyncRecordPayloadSchema>;

/**
 * POST workspaces/{id}/async-records/{processExecutionHistoryId}: the spec's re-mapped
 * record, or (accepted too) the trigger's raw CrmSyncRecord `{type, fields}`, which the
 * server re-maps with the same function.
 */
export const asyncRecordRequestSchema = z.union([asyncRecordPayloadSchema, crmSyncRecordSchema]);
export type AsyncRecordRequest = z.infer<typeof asyncRecordRequestSchema>;

/**
 * The answer: the simulated CRM record written (for CONTACT-TAGS the contact whose tags
 * were removed). A NOTE / CALL / EVENT without ContactId is linked to the last contact
 * the same execution wrote.
 */
export const asyncRecordResponseSchema = z.object({
  id: idSchema,
  type: crmRecordTypeSchema,
  contactId: idSchema.nullable(),
  /**
   * Set (with status 202) when the CRM refused the write in a workspace with asynchronous
   * lead generation: the record is kept for Settings > Async error resolution and `id` is
   * that kept record's id (shared/contracts/async-errors.ts).
   */
  failure: z.object({ id: idSchema, code: z.string(), message: z.string() }).optional(),
});
export type AsyncRecordResponse = z.infer<typeof asyncRecordResponseSchema>;

/** A record of the simulated CRM store (what a finished intake wrote). */
export const crmRecordSchema = z.object({
  id: idSchema,
  workspace: idSchema,
  type: crmRecordTypeSchema,
  /** The contact the record belongs to (a CONTACT's own id). */
  contactId: idSchema.nullable(),
  processExecutionHistoryId: idSchema.nullable(),
  /** The re-mapped payload (crmFieldMappings), as stored. */
  payload: z.record(z.string(), z.json()),
  createdAt: z.iso.datetime(),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;

/** The ifs methods the simulated CRM answers (spec 7: default getRecords). */
export const IFS_METHODS = ['getRecords', 'countRecords'] as const;
export const ifsMethodSchema = z.enum(IFS_METHODS);
export type IfsMethod = z.infer<typeof ifsMethodSchema>;
export const DEFAULT_IFS_METHOD: IfsMethod = 'getRecords';

/** POST workspaces/{id}/ifs/{method}: a query object with an ascending flag "1" or "0". */
export const ifsQueryRequestSchema = z.object({
  query: z
    .object({
      type: crmRecordTypeSchema.optional(),
      contactId: idSchema.optional(),
      processExecutionHistoryId: idSchema.optional(),
    })
    .strict()
    .default({}),
  /** spec 7: "1" oldest first, "0" newest first. */
  ascending: z.enum(['1', '0']).default('1'),
  limit: z.number().int().min(1).max(1000).default(100),
  page: z.number().int().min(0).max(100_000).default(0),
});
export type IfsQueryRequest = z.input<typeof ifsQueryRequestSchema>;
/** getRecords answers the records; countRecords answers `records: []` and the count. */
export const ifsQueryResponseSchema = z.object({
  method: ifsMethodSchema,
  count: z.number().int().min(0),
  records: z.array(crmRecordSchema),
});
export type IfsQueryResponse = z.infer<typeof ifsQueryResponseSchema>;

/** GET workspaces/{id}/crm-records?type=&page[limit]&page[offset] (newest first). */
export const crmRecordListQuerySchema = z.object({ type: crmRecordTypeSchema.optional() });
export const crmRecordListResponseSchema = listResponseSchema(crmRecordSchema);
export type CrmRecordListResponse = z.infer<typeof crmRecordListResponseSchema>;

/** The simulated CRM's newest contacts the card looks through for a caller. */
export const CALLER_SEARCH_LIMIT = 100;

/** The longest phone a caller search takes (a number with its formatting and extension). */
export const CALLER_PHONE_MAX = 40;

/** GET workspaces/{id}/crm-records/caller?phone= (issue #33; not in the spec). */
export const callerRecordsQuerySchema = z.object({
  phone: z.string().trim().min(1, "Give the caller's phone.").max(CALLER_PHONE_MAX),
});

/**
 * The records the active call's card searches for the caller: the contacts with that
 * phone in the workspace's connected Zoho CRM (source zoho), else the simulated CRM's
 * newest contacts (source simulator; the card matches the phone itself).
 */
export const callerRecordsResponseSchema = z.object({
  data: z.array(crmRecordSchema),
  meta: z.object({ source: z.enum(['zoho', 'simulator']) }),
});
export type CallerRecordsResponse = z.infer<typeof callerRecordsResponseSchema>;

// ---------------------------------------------------------------- process definitions

/** GET processes/{x}?workspace={id}[&processName=] → the definition (by name when given, else by uid x). */
export const processDefinitionQuerySchema = z.object({
  workspace: idSchema,
  processName: z.string().min(1).max(200).optional(),
});
export type ProcessDefinitionQuery = z.infer<typeof processDefinitionQuerySchema>;
export const processDefinitionResponseSchema = itemResponseSchema(processDefinitionSchema);
export type ProcessDefinitionResponse = z.infer<typeof processDefinitionResponseSchema>;

/** One process of a workspace, as the Call Flows list shows it. */
export const processSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  /** The definition's practice area (issue #16), null (or absent) for none. */
  practiceAreaId: idSchema.nullable().optional(),
  /** Every step of the definition, sub-process steps included. */
  stepCount: z.number().int().min(0),
  /** The steps with a form (what the agent sees). */
  formStepCount: z.number().int().min(0),
  /** The version published last (issue #34): what new calls run; 1 from a server before versions. */
  version: z.number().int().min(1).default(1),
  updatedAt: z.iso.datetime(),
});
export type ProcessSummary = z.infer<typeof processSummarySchema>;

/** GET workspaces/{id}/processes (sorted by name). */
export const processListResponseSchema = listResponseSchema(processSummarySchema);
export type ProcessListResponse = z.infer<typeof processListResponseSchema>;

/**
 * PUT workspaces/{id}/processes/{uid} with a ProcessDefinitionInput body (owners, admins,
 * system): creates or replaces it. The body's uid and workspace must match the path.
 */
export const processSavedResponseSchema = itemResponseSchema(processSummarySchema);
export type ProcessSavedResponse = z.infer<typeof processSavedResponseSchema>;

/**
 * Where a process stands in the designer (issue #34): published (new calls run its latest
 * version), unpublished (a draft never published: no call runs it yet), or archived (no new
 * call starts it; its versions and histories stay).
 */
export const PROCESS_DESIGN_STATUSES = ['published', 'unpublished', 'archived'] as const;
export type ProcessDesignStatus = (typeof PROCESS_DESIGN_STATUSES)[number];

/** GET workspaces/{id}/process-designs: one row of the designer's list. */
export const processDesignSchema = z.object({
  id: idSchema,
  name: z.string(),
  practiceAreaId: idSchema.nullable(),
  status: z.enum(PROCESS_DESIGN_STATUSES),
  /** The version new calls run; null for a process never published. */
  version: z.number().int().min(1).nullable(),
  /** Changes not published yet: the draft's revision (null: none). */
  draftRevision: z.number().int().min(1).nullable(),
  /** Who saved its draft or published it last, and when. */
  editedBy: z.string().nullable(),
  editedAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type ProcessDesign = z.infer<typeof processDesignSchema>;
/** Sorted by name, archived ones included. */
export const processDesignListResponseSchema = z.object({ data: z.array(processDesignSchema) });
export type ProcessDesignListResponse = z.infer<typeof processDesignListResponseSchema>;
export const processDesignResponseSchema = itemResponseSchema(processDesignSchema);
export type ProcessDesignResponse = z.infer<typeof processDesignResponseSchema>;

/**
 * PUT workspaces/{id}/lead-generation-process: the process an incoming call that names none
 * runs (issue #34), or null for none; answers the workspace's processes setting.
 */
export const leadGenerationProcessSchema = z.object({ process: idSchema.nullable() }).strict();
export type LeadGenerationProcess = z.infer<typeof leadGenerationProcessSchema>;
export const leadGenerationSetResponseSchema = z.object({
  data: workspaceSchema.shape.attributes.shape.processes,
});
export type LeadGenerationSetResponse = z.infer<typeof leadGenerationSetResponseSchema>;

/** PUT workspaces/{id}/processes/{uid}/archived: archives it, or brings it back. */
export const processArchivedSchema = z.object({ archived: z.boolean() }).strict();
export type ProcessArchived = z.infer<typeof processArchivedSchema>;

/** One published version of a process (issue #34), newest first in the list. */
export const processVersionSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: z.iso.datetime(),
  /** Who published it: a name, or null for the demo seed and the API without a user. */
  publishedBy: z.string().nullable(),
  stepCount: z.number().int().min(0),
  /** The version whose content this one restored, if it was a restore. */
  restoredFrom: z.number().int().min(1).nullable(),
});
export type ProcessVersion = z.infer<typeof processVersionSchema>;

/** GET workspaces/{id}/processes/{uid}/versions. */
export const processVersionListResponseSchema = z.object({ data: z.array(processVersionSchema) });
export type ProcessVersionListResponse = z.infer<typeof processVersionListResponseSchema>;

/** How large a saved draft may be (within the server's 1 MiB body limit). */
export const MAX_PROCESS_DRAFT_BYTES = 1_000_000;

/**
 * The draft of a process in the designer (issue #34): the definition as last saved
 * (possibly unfinished: `problems` says what stands in the way of publishing it), the
 * revision the next save must name, the version it started from, who saved it and when.
 */
export const processDraftSchema = z.object({
  definition: z.record(z.string(), z.unknown()),
  revision: z.number().int().min(1),
  basedOnVersion: z.number().int().min(1).nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  problems: z.array(definitionProblemSchema),
});
export type ProcessDraft = z.infer<typeof processDraftSchema>;
export const processDraftResponseSchema = z.object({ data: processDraftSchema });
export type ProcessDraftResponse = z.infer<typeof processDraftResponseSchema>;

/**
 * PUT workspaces/{id}/processes/{uid}/draft: the definition and the revision it replaces
 * (0 when there is no draft yet). POST …/draft/publish names the revision it publishes.
 */
export const processDraftSaveSchema = z.object({
  definition: z.record(z.string(), z.unknown()),
  revision: z.number().int().min(0),
});
export type ProcessDraftSave = z.infer<typeof processDraftSaveSchema>;
export const processDraftPublishSchema = z.object({ revision: z.number().int().min(1) });
export type ProcessDraftPublish = z.infer<typeof processDraftPublishSchema>;

/** DELETE workspaces/{id}/processes/{uid}/draft: the draft is gone (or was never there). */
export const processDraftDiscardedSchema = z.object({ data: z.null() });

/** 409: someone saved the draft since the revision given; theirs is `draft`, nothing is lost. */
export const draftConflictSchema = apiErrorSchema.extend({ draft: processDraftSchema.nullable() });
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/** A refused definition: 400 with every problem validateProcessDefinition found. */
export const definitionRejectedSchema = apiErrorSchema.extend({
  problems: z.array(definitionProblemSchema),
});
export type DefinitionRejected = z.infer<typeof definitionRejectedSchema>;

// ---------------------------------------------------------------- execution histories

/** One execution history as the Call Flows histories list shows it. */
export const executionHistorySummarySchema = z.object({
  id: idSchema,
  workspace: idSchema,
  process: idSchema,
  processName: z.string(),
  subProcess: z.string().nullable(),
  status: executionStatusSchema,
  /** The signed-in user who started it, and their name. */
  userId: idSchema,
  agentName: z.string(),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime().nullable(),
  /** The case status of the execution's case (null until one was started). */
  appStatus: appStatusSchema.nullable(),
  stepCount: z.number().int().min(0),
  /**
   * The version of the process the call ran (issue #34); null for calls before versions
   * (and absent from a server before them).
   */
  processVersion: z.number().int().min(1).nullable().default(null),
});
export type ExecutionHistorySummary = z.infer<typeof executionHistorySummarySchema>;

/** GET workspaces/{id}/process-execution-history?status=&page[limit]&page[offset] (newest first). */
export const executionHistoryListQuerySchema = z.object({
  status: executionStatusSchema.optional(),
});
export const executionHistoryListResponseSchema = listResponseSchema(executionHistorySummarySchema);
export type ExecutionHistoryListResponse = z.infer<typeof executionHistoryListResponseSchema>;

/** One step history row: who, when, direction, which step, the values given. */
export const stepHistoryRecordSchema = z.object({
  id: idSchema,
  previousStepId: z.string().nullable(),
  currentStepId: z.string(),
  currentStepName: z.string(),
  currentStepType: stepTypeSchema,
  currentStepProcessId: z.string(),
  direction: stepDirectionSchema,
  executedOn: z.iso.datetime(),
  variableState: variablesSchema,
  userId: idSchema,
  agentName: z.string(),
});
export type StepHistoryRecord = z.infer<typeof stepHistoryRecordSchema>;

/**
 * GET process-execution-history/{id}: the history, its variables and one page of its step
 * histories (oldest first). Issue #29: the steps are paged, `page[limit]` at most
 * STEP_HISTORY_PAGE_LIMIT (also the default) from `page[offset]`, and `meta` says which
 * page of how many steps it is. A client that asks without paging gets the first page in
 * the shape it knew (`meta` is new and optional to read); `meta` is absent from servers
 * before issue #29, which answered every step at once.
 */
export const executionHistoryDetailQuerySchema = z.object({
  'page[limit]': z.coerce
    .number()
    .int()
    .min(1)
    .max(STEP_HISTORY_PAGE_LIMIT, {
      message: `at most ${STEP_HISTORY_PAGE_LIMIT} step histories per page`,
    })
    .default(STEP_HISTORY_PAGE_LIMIT),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ExecutionHistoryDetailQuery = z.infer<typeof executionHistoryDetailQuerySchema>;
export const executionHistoryDetailSchema = executionHistorySummarySchema.extend({
  executionHistory: z.object({
    processVariables: z.record(z.string(), variablesSchema),
    steps: z.array(z.string()),
  }),
  /** This page of the step histories; meta.total (= stepCount) counts them all. */
  stepHistories: z.array(stepHistoryRecordSchema),
});
export type ExecutionHistoryDetail = z.infer<typeof executionHistoryDetailSchema>;
export const executionHistoryDetailResponseSchema = itemResponseSchema(
  executionHistoryDetailSchema,
).extend({ meta: listMetaSchema.optional() });
export type ExecutionHistoryDetailResponse = z.infer<typeof executionHistoryDetailResponseSchema>;

// ---------------------------------------------------------------- step drafts (issue #28)

/**
 * What the agent typed on a step and has not submitted, kept on the server so a sign-out,
 * a crash or another computer restores it (issue #28 "Typed answers are never lost").
 * Bounded like the device's copy: MAX_DRAFT_BYTES (shared/call-flow/drafts.ts) of JSON,
 * which the server checks (413) because a schema cannot measure it.
 */
export const stepIdSchema = z.string().min(1).max(128);
export const stepDraftParamsSchema = z.object({ id: idSchema, stepId: stepIdSchema });

/** PUT process-execution-history/{id}/drafts/{stepId}: the step's values (the last wins). */
export const stepDraftSaveSchema = z.object({ values: variablesSchema }).strict();
export type StepDraftSave = z.infer<typeof stepDraftSaveSchema>;

export const stepDraftSchema = z.object({
  values: variablesSchema,
  updatedAt: z.iso.datetime(),
});
export type StepDraft = z.infer<typeof stepDraftSchema>;
/** GET process-execution-history/{id}/drafts/{stepId}: the draft, or null without one. */
export const stepDraftResponseSchema = itemResponseSchema(stepDraftSchema.nullable());
export type StepDraftResponse = z.infer<typeof stepDraftResponseSchema>;

// ---------------------------------------------------------------- parked walk-ins (issue #28)

/**
 * "Park this walk-in and take the call": the walk-in's whole wizard state, kept on the
 * server until its agent resumes it. A state larger than this (its JSON) is refused (413).
 */
export const MAX_PARKED_STATE_BYTES = 1024 * 1024;

/** PUT process-execution-history/{id}/parked → 204. The state must be this execution's. */
export const parkExecutionRequestSchema = z.object({ state: callFlowStateSchema }).strict();
export type ParkExecutionRequest = z.input<typeof parkExecutionRequestSchema>;

/**
 * "Unfinished intakes" (issue #28, another computer): the server keeps the latest wizard
 * state of every intake in progress, saved by the client as the agent moves, beside the
 * parked walk-ins. 'parked': parked by its agent to take a call; 'open': in progress (on
 * another tab or computer, or left by a sign-out or a closed browser).
 */
export const unfinishedKindSchema = z.enum(['parked', 'open']);
export type UnfinishedKind = z.infer<typeof unfinishedKindSchema>;

/**
 * Who runs an open intake: an id a wizard makes for itself (a tab, the extension) and
 * sends with every save and resume. A save of another holder is refused (409
 * TAKEN_OVER_MESSAGE): the last Resume took the intake, so two wizards never run it.
 */
export const flowHolderSchema = z.string().min(8).max(64);

/** PUT process-execution-history/{id}/flow-state → 204 (a parked one is left as it is). */
export const saveFlowStateRequestSchema = z
  .object({ state: callFlowStateSchema, holder: flowHolderSchema })
  .strict();
export type SaveFlowStateRequest = z.input<typeof saveFlowStateRequestSchema>;

/** POST …/parked/resume body: with a holder the intake stays listed as open, held by it. */
export const resumeExecutionRequestSchema = z
  .object({ holder: flowHolderSchema.optional() })
  .strict();

/** The 409 of a save from a wizard whose intake was resumed elsewhere. */
export const TAKEN_OVER_MESSAGE = 'This intake was resumed in another tab or on another computer.';

/** One unfinished flow of the signed-in agent, as the list of intakes to resume shows it. */
export const parkedExecutionSchema = z.object({
  executionId: idSchema,
  processName: z.string(),
  leadName: z.string(),
  phone: z.string(),
  /** When it was parked, or (an open one) last saved. */
  parkedAt: z.iso.datetime(),
  kind: unfinishedKindSchema,
  /** The title of the step it is at, when it is at one. */
  stepTitle: z.string().nullable(),
});
export type ParkedExecution = z.infer<typeof parkedExecutionSchema>;
/** GET workspaces/{workspaceId}/parked-executions: the signed-in agent's, both kinds, newest first. */
export const parkedExecutionListResponseSchema = z.object({ data: z.array(parkedExecutionSchema) });
export type ParkedExecutionListResponse = z.infer<typeof parkedExecutionListResponseSchema>;

/** POST process-execution-history/{id}/parked/resume: the state, once (the record goes). */
export const resumedExecutionResponseSchema = itemResponseSchema(
  z.object({ state: callFlowStateSchema }),
);
export type ResumedExecutionResponse = z.infer<typeof resumedExecutionResponseSchema>;

/** The message of a second resume (the record is gone). */
export const ALREADY_RESUMED_MESSAGE = 'This walk-in was already resumed.';

// ---------------------------------------------------------------- outbox and error notifications

/**
 * Where an e-mail of the outbox is (issue #33 "Mail"): pending (to be sent, or kept for
 * system users while no SMTP is configured), sending, sent, failed (the SMTP server's
 * words in `error`), kept (written before e-mail could be sent; read here only).
 */
export const MAIL_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;
export const outboxDeliverySchema = z.object({
  status: z.enum(MAIL_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  deliveredAt: z.iso.datetime().nullable(),
  /** The last failure's words (a retry may still come while pending). */
  error: z.string().nullable(),
});
export type OutboxDelivery = z.infer<typeof outboxDeliverySchema>;

/** An e-mail the server wrote (the outbox table; system users read it; sent over SMTP once configured). */
export const outboxEmailSchema = z.object({
  id: idSchema,
  workspace: idSchema.nullable(),
  userId: idSchema,
  to: z.array(z.string()),
  subject: z.string(),
  htmlBody: z.string(),
  textBody: z.string(),
  createdAt: z.iso.datetime(),
  delivery: outboxDeliverySchema,
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
/** GET service-processes/outbox?workspace=&page[limit]&page[offset] (system only, newest first). */
export const outboxListQuerySchema = z.object({ workspace: idSchema.optional() });
export const outboxListResponseSchema = listResponseSchema(outboxEmailSchema);
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;

/** An error notification received (spec 8 call-flow error). */
export const errorNotificationRecordSchema = z.object({
  id: idSchema,
  workspace: idSchema.nullable(),
  userId: idSchema,
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type ErrorNotificationRecord = z.infer<typeof errorNotificationRecordSchema>;
/** GET error-notification?workspace=&page[limit]&page[offset] (system only, newest first). */
export const errorNotificationListResponseSchema = listResponseSchema(
  errorNotificationRecordSchema,
);
export type ErrorNotificationListResponse = z.infer<typeof errorNotificationListResponseSchema>;

// ---------------------------------------------------------------- paths

const seg = (value: string) => encodeURIComponent(value);

/** Every call-centre path, relative to callCenterBase, so client and server cannot drift. */
export const callCenterPaths = {
  /** POST start / PUT submit (spec 7). */
  process: (process: string) => `processes/${seg(process)}`,
  /** GET the definition: add `?workspace=` (and `&processName=`). */
  processDefinition: (x: string) => `processes/${seg(x)}`,
  /** PUT case status (spec 7). */
  caseStatus: (processId: string) => `processmaker/${seg(processId)}`,
  executionHistories: () => 'process-execution-history',
  executionHistory: (id: string) => `process-execution-history/${seg(id)}`,
  /** PUT / GET / DELETE a step's draft (issue #28). */
  stepDraft: (executionId: string, stepId: string) =>
    `process-execution-history/${seg(executionId)}/drafts/${seg(stepId)}`,
  /** PUT park a walk-in (issue #28). */
  parkedExecution: (executionId: string) => `process-execution-history/${seg(executionId)}/parked`,
  /** PUT the latest state of an intake in progress (issue #28 Unfinished intakes). */
  flowState: (executionId: string) => `process-execution-history/${seg(executionId)}/flow-state`,
  /** POST resume a parked walk-in or an open intake (issue #28). */
  resumeParkedExecution: (executionId: string) =>
    `process-execution-history/${seg(executionId)}/parked/resume`,
  /** GET the signed-in agent's unfinished intakes (parked and open). */
  workspaceParkedExecutions: (workspaceId: string) =>
    `workspaces/${seg(workspaceId)}/parked-executions`,
  stepHistories: () => 'process-execution-steps-history',
  sendEmail: () => SEND_EMAIL_PATH,
  outbox: () => 'service-processes/outbox',
  errorNotification: () => 'error-notification',
  ifs: (workspaceId: string, method: string = DEFAULT_IFS_METHOD) =>
    `workspaces/${seg(workspaceId)}/ifs/${seg(method)}`,
  asyncRecords: (workspaceId: string, processExecutionHistoryId: string) =>
    `workspaces/${seg(workspaceId)}/async-records/${seg(processExecutionHistoryId)}`,
  /** GET the list (summaries). */
  workspaceProcesses: (workspaceId: string) => `workspaces/${seg(workspaceId)}/processes`,
  /** PUT save a definition. */
  workspaceProcess: (workspaceId: string, uid: string) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}`,
  /** GET the designer's list (issue #34). */
  workspaceProcessDesigns: (workspaceId: string) =>
    `workspaces/${seg(workspaceId)}/process-designs`,
  /** GET / PUT / DELETE the draft; POST …/publish (issue #34). */
  processDraft: (workspaceId: string, uid: string) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}/draft`,
  processDraftPublish: (workspaceId: string, uid: string) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}/draft/publish`,
  /** GET the published versions; POST …/{n}/restore (issue #34). */
  processVersions: (workspaceId: string, uid: string) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}/versions`,
  processVersionRestore: (workspaceId: string, uid: string, version: number) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}/versions/${version}/restore`,
  /** PUT the process incoming calls without one run (issue #34). */
  leadGenerationProcess: (workspaceId: string) =>
    `workspaces/${seg(workspaceId)}/lead-generation-process`,
  /** PUT archive or bring back (issue #34). */
  processArchived: (workspaceId: string, uid: string) =>
    `workspaces/${seg(workspaceId)}/processes/${seg(uid)}/archived`,
  /** GET the histories list (owners, admins, system). */
  workspaceExecutionHistories: (workspaceId: string) =>
    `workspaces/${seg(workspaceId)}/process-execution-history`,
  workspaceCrmRecords: (workspaceId: string) => `workspaces/${seg(workspaceId)}/crm-records`,
  workspaceCallerRecords: (workspaceId: string) =>
    `workspaces/${seg(workspaceId)}/crm-records/caller`,
} as const;
