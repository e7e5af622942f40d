import { z } from 'zod';
import { MAX_RECIPIENTS_PER_EMAIL } from '@/shared/domain/intake-limits';
import { incomingCallDataSchema, variablesSchema } from './call-data';

// spec: session 3 Call flow / Wizard step / Process execution history / Step history,
// 4 Call-flow engine, 5 Validation rules, 7 Call flow and CRM sync, 9 constants.
// Process definitions are data: conditions are strings of our expression language
// (shared/call-flow/expression.ts) and trigger "code" is a fixed list of actions, never script.

// ---------------------------------------------------------------- constants (spec 9)

/** spec 9: call-flow calls time out at 60 s. */
export const CALL_FLOW_TIMEOUT_MS = 60_000;
/** spec 9: the hang-up notification times out at 20 s. */
export const HANG_UP_NOTIFICATION_TIMEOUT_MS = 20_000;
/** spec 4 Hang up 6: call caches are cleared 1 s after hang-up. */
export const CALL_CACHE_CLEAR_DELAY_MS = 1_000;
/** spec 4 / 9: step variables are kept for at most 2 steps. */
export const STEP_VARIABLES_KEPT = 2;
/**
 * How many form-less steps one forward move may pass before the engine gives up. A
 * definition that passed validateProcessDefinition cannot loop, but the engine must not
 * spin on one that was never validated (issue 11: never a crash).
 */
export const MAX_AUTOMATIC_STEPS = 200;

/**
 * spec 5: "14 named large grid variables are emptied in history payloads". The spec does
 * not name them; these are the grids of our seeded intake flows whose rows would bloat
 * every history entry. Flows that keep long lists in a grid must use one of these names.
 */
export const LARGE_GRID_VARIABLES = [
  'injuriesGrid',
  'treatmentProvidersGrid',
  'medicalBillsGrid',
  'witnessesGrid',
  'vehiclesGrid',
  'insurancePoliciesGrid',
  'priorClaimsGrid',
  'employmentHistoryGrid',
  'familyMembersGrid',
  'addressHistoryGrid',
  'travelHistoryGrid',
  'immigrationHistoryGrid',
  'criminalHistoryGrid',
  'documentsGrid',
] as const;

// ---------------------------------------------------------------- variables

// The variables and a call's data live in ./call-data.ts: the extension's panel runtime
// reads the active call without loading the process-definition contracts.
export {
  incomingCallDataSchema,
  variablesSchema,
  variableValueSchema,
  type IncomingCallData,
  type Variables,
  type VariableValue,
} from './call-data';

/** Names that reach Object.prototype in plain objects; refused in definitions. */
export const RESERVED_VARIABLE_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** A process variable name as the flows write it (ProcessMaker style, without the @@ prefix). */
export const variableNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'must be letters, digits and underscores')
  .refine((name) => !RESERVED_VARIABLE_NAMES.has(name), 'is a reserved name');

const idString = z.string().min(1).max(128);
/** Condition text of our expression language; empty always holds (spec 4 Forward 2). */
const conditionString = z.string().max(2_000);
/** A template: text where @@var / @#var / @=var are replaced by variable values. */
const templateString = z.string().max(20_000);

// ---------------------------------------------------------------- form validators (spec 5)

export const formValidatorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('required') }),
  z.object({ type: z.literal('email') }),
  z.object({ type: z.literal('singleWord') }),
  /** Must equal the value of the named field. */
  z.object({ type: z.literal('confirmPassword'), field: variableNameSchema }),
  /** Compared with a fixed value or with another field's value. */
  z.object({
    type: z.literal('greaterThan'),
    value: z.number().optional(),
    field: variableNameSchema.optional(),
  }),
  z.object({
    type: z.literal('lowerThan'),
    value: z.number().optional(),
    field: variableNameSchema.optional(),
  }),
  z.object({ type: z.literal('onlyNumbers') }),
  z.object({ type: z.literal('phone') }),
  z.object({
    type: z.literal('regex'),
    pattern: z.string().min(1).max(500),
    flags: z
      .string()
      .regex(/^[imsu]{0,4}$/)
      .optional(),
    message: z.string().min(1).max(500),
  }),
]);
export type FormValidator = z.infer<typeof formValidatorSchema>;

// ---------------------------------------------------------------- form fields

const fieldBase = {
  /** The process variable the field writes. */
  name: variableNameSchema,
  label: z.string().min(1).max(500),
  help: z.string().max(2_000).optional(),
  validators: z.array(formValidatorSchema).max(20).default([]),
  disabled: z.boolean().optional(),
  autofocus: z.boolean().optional(),
  /**
   * The field shows only while this condition holds, read against the form's current
   * values in the language of route conditions (spec 4 Forward 2: `@=policeReport`,
   * `@@vehicleRole == 'driver'`); empty or absent: always shown. A hidden field is neither
   * checked nor submitted (shared/call-flow/field-visibility.ts).
   */
  showWhen: conditionString.optional(),
};

/** spec 5: text inputs support minlength, maxlength, min, max, placeholder, disabled, autofocus. */
const textAttributes = {
  placeholder: z.string().max(500).optional(),
  minlength: z.number().int().min(0).max(100_000).optional(),
  maxlength: z.number().int().min(1).max(100_000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
};

export const fieldOptionSchema = z.object({
  value: z.string().max(500),
  label: z.string().min(1).max(500),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

const textFieldSchema = z.object({ ...fieldBase, ...textAttributes, type: z.literal('text') });
const textareaFieldSchema = z.object({
  ...fieldBase,
  ...textAttributes,
  type: z.literal('textarea'),
  rows: z.number().int().min(1).max(50).optional(),
});
const numberFieldSchema = z.object({ ...fieldBase, ...textAttributes, type: z.literal('number') });
const emailFieldSchema = z.object({ ...fieldBase, ...textAttributes, type: z.literal('email') });
const phoneFieldSchema = z.object({ ...fieldBase, ...textAttributes, type: z.literal('phone') });
const dateFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('date'),
  /** yyyy-mm-dd bounds. */
  min: z.iso.date().optional(),
  max: z.iso.date().optional(),
});
const selectFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('select'),
  placeholder: z.string().max(500).optional(),
  options: z.array(fieldOptionSchema).min(1).max(500),
});
const radioFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('radio'),
  options: z.array(fieldOptionSchema).min(1).max(100),
});
/** Without options: one yes/no box (value boolean). With options: a group (value string[]). */
const checkboxFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('checkbox'),
  options: z.array(fieldOptionSchema).min(1).max(100).optional(),
});
/** An address with postal verification (dashboards 7 "Address check"). */
const addressFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('address'),
  verify: z.boolean().default(true),
});

/**
 * Books a consultation on a consultant's calendar during the call (issue #16; spec:
 * dashboards 7 calendars and events): the agent picks a calendar, a day and a free slot,
 * and the event is saved at once. Its value is a ConsultationValue (./scheduling.ts).
 */
const consultationFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('consultation'),
  /** Minutes a consultation lasts (the slot length). */
  durationMinutes: z.number().int().min(15).max(240).default(60),
});

/** The one-value fields: what a grid row may hold (no nested grids or addresses). */
const simpleFieldSchemas = [
  textFieldSchema,
  textareaFieldSchema,
  numberFieldSchema,
  emailFieldSchema,
  phoneFieldSchema,
  dateFieldSchema,
  selectFieldSchema,
  radioFieldSchema,
  checkboxFieldSchema,
] as const;

export const gridColumnSchema = z.discriminatedUnion('type', [...simpleFieldSchemas]);
export type GridColumn = z.infer<typeof gridColumnSchema>;

const gridFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('grid'),
  columns: z.array(gridColumnSchema).min(1).max(30),
  minRows: z.number().int().min(0).max(500).optional(),
  maxRows: z.number().int().min(1).max(500).optional(),
});

export const formFieldSchema = z.discriminatedUnion('type', [
  ...simpleFieldSchemas,
  addressFieldSchema,
  gridFieldSchema,
  consultationFieldSchema,
]);
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldType = FormField['type'];

/** Address value as the form stores it (dashboards 7 Address check). */
export const addressValueSchema = z.object({
  street1: z.string().max(200),
  street2: z.string().max(200).default(''),
  city: z.string().max(100),
  state: z.string().max(100),
  zip: z.string().max(20),
  country: z.string().max(100).default('US'),
  verified: z.boolean().optional(),
});
export type AddressValue = z.infer<typeof addressValueSchema>;

/** A step's form ("dynaform"): JSON field definitions, rendered by our own components. */
export const dynaformSchema = z.object({
  dyn_uid: idString,
  title: z.string().min(1).max(500),
  description: z.string().max(5_000).optional(),
  fields: z.array(formFieldSchema).min(1).max(200),
});
export type Dynaform = z.infer<typeof dynaformSchema>;

// ---------------------------------------------------------------- routes and triggers

/** spec 3 Call flow: a route has flo_condition, flo_element_dest and flo_element_origin. */
export const routeSchema = z.object({
  flo_condition: conditionString.default(''),
  flo_element_dest: idString,
  flo_element_origin: idString,
});
export type Route = z.infer<typeof routeSchema>;

/** spec 7 CRM sync record types (CONTACT-TAGS deletes a contact's tags). */
export const crmRecordTypeSchema = z.enum([
  'CONTACT',
  'NOTE',
  'CALL',
  'EVENT',
  'DEAL',
  'CONTACT-TAGS',
]);
export type CrmRecordType = z.infer<typeof crmRecordTypeSchema>;

export const setVariableActionSchema = z
  .object({
    action: z.literal('setVariable'),
    variable: variableNameSchema,
    /** An expression whose value is stored (`'yes'`, `@#age >= 18`, `@=other`). */
    expression: conditionString.min(1).optional(),
    /** Or a template whose text is stored (`@@first_name @@last_name`). */
    template: templateString.optional(),
  })
  .refine((a) => (a.expression === undefined) !== (a.template === undefined), {
    message: 'give exactly one of expression or template',
  });

/** The spec's EMAIL trigger (config: to, subject, body), as an action. */
export const emailConfigSchema = z.object({
  to: templateString.min(1),
  subject: templateString.min(1),
  body: templateString,
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

export const sendEmailActionSchema = z.object({
  action: z.literal('sendEmail'),
  ...emailConfigSchema.shape,
});

export const crmSyncActionSchema = z.object({
  action: z.literal('crmSync'),
  recordType: crmRecordTypeSchema,
  /** CRM input field → template (spec 7 contact input: first_name, last_name, email, ...). */
  fields: z
    .array(
      z.object({ field: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), value: templateString }),
    )
    .max(100),
});

export const TRIGGER_ACTIONS = ['setVariable', 'sendEmail', 'crmSync'] as const;
export const triggerActionSchema = z.discriminatedUnion('action', [
  setVariableActionSchema,
  sendEmailActionSchema,
  crmSyncActionSchema,
]);
export type TriggerAction = z.infer<typeof triggerActionSchema>;

/**
 * spec 3: a trigger has name, condition, code and an optional marker EMAIL (config: to,
 * subject, body). A trigger with the EMAIL marker sends its config's email after its code.
 */
export const triggerSchema = z
  .object({
    name: z.string().min(1).max(200),
    condition: conditionString.default(''),
    code: z.array(triggerActionSchema).max(50).default([]),
    marker: z.literal('EMAIL').optional(),
    config: emailConfigSchema.optional(),
  })
  .refine((t) => t.marker !== 'EMAIL' || t.config !== undefined, {
    message: 'an EMAIL trigger needs its config (to, subject, body)',
    path: ['config'],
  });
export type Trigger = z.infer<typeof triggerSchema>;

export const triggerTimingSchema = z.enum(['BEFORE', 'AFTER']);
export type TriggerTiming = z.infer<typeof triggerTimingSchema>;

// ---------------------------------------------------------------- steps and process

export const stepTypeSchema = z.enum(['TASK', 'END', 'SUB_PROCESS']);
export type StepType = z.infer<typeof stepTypeSchema>;

/** spec 3 Call flow: each step has id, name, type, prj_id, dynaform and routes. */
export const stepSchema = z.object({
  id: idString,
  name: z.string().min(1).max(500),
  type: stepTypeSchema,
  /** The project (process or sub-process) the step belongs to. */
  prj_id: idString,
  dynaform: dynaformSchema.nullable().default(null),
  routes: z.array(routeSchema).max(50).default([]),
  triggers: z
    .object({
      BEFORE: z.array(triggerSchema).max(50).default([]),
      AFTER: z.array(triggerSchema).max(50).default([]),
    })
    .default({ BEFORE: [], AFTER: [] }),
});
export type Step = z.infer<typeof stepSchema>;

/** spec 3: variablesMapping (sourceProjectId, destinationProjectId, mapping). */
export const variablesMappingSchema = z.object({
  sourceProjectId: idString,
  destinationProjectId: idString,
  /** Names may carry the @@ prefix; they are stripped on use (spec 5). */
  mapping: z.array(z.object({ source: z.string().max(200), target: z.string().max(200) })).max(500),
});
export type VariablesMapping = z.infer<typeof variablesMappingSchema>;

export const processDefinitionSchema = z.object({
  uid: idString,
  name: z.string().min(1).max(200),
  /** What the Call Flows list says about the process (server call-flow-api processSummary). */
  description: z.string().max(2_000).optional(),
  /**
   * The workspace's practice area the flow takes callers of (issue #16): an agent's own
   * practice areas (Settings > Users parameters) list their flows first. Null or absent = none.
   */
  practiceAreaId: idString.nullish(),
  workspace: idString,
  /** The main project's id; steps of other projects are its sub-processes. */
  prj_id: idString,
  /** Where the flow starts; the first step of the main project when absent. */
  startStepId: idString.optional(),
  steps: z.array(stepSchema).min(1).max(500),
  variablesMapping: z.array(variablesMappingSchema).max(100).default([]),
  is_sub_process: z.boolean().default(false),
  /**
   * The published version this is (issue #34): given by the server when it publishes
   * (1, 2, …), ignored on input. A call runs the version it started with, and its
   * execution history names it.
   */
  version: z.number().int().min(1).optional(),
});
export type ProcessDefinition = z.infer<typeof processDefinitionSchema>;
/** What a definition looks like before zod fills in defaults (how seeds and tests write it). */
export type ProcessDefinitionInput = z.input<typeof processDefinitionSchema>;

/** One problem validateProcessDefinition finds; the server answers 400 with a list of them. */
export const definitionProblemSchema = z.object({
  code: z.enum([
    'invalid-shape',
    'duplicate-step',
    'missing-start-step',
    'route-to-missing-step',
    'route-origin-mismatch',
    'cycle-without-form',
    'malformed-condition',
    'unknown-trigger-action',
    'task-without-form',
    'malformed-validator',
    'unknown-mapping-project',
  ]),
  stepId: z.string().optional(),
  stepName: z.string().optional(),
  /** Where in the definition (e.g. `steps.3.routes.0.flo_condition`). */
  path: z.string(),
  message: z.string(),
});
export type DefinitionProblem = z.infer<typeof definitionProblemSchema>;

// ---------------------------------------------------------------- call data and wizard

/** spec 3 Call data (incoming): lead name and phone, processExecutionHistoryId, processVariables. */

/** spec 3 Wizard step: the form the agent is on and the case coordinates to submit it. */
export const wizardStepSchema = z.object({
  title: z.string(),
  dyn_uid: z.string(),
  tas_uid: z.string(),
  pro_uid: z.string(),
  app_uid: z.string(),
  del_index: z.number().int().min(0),
  /** The form's definition (spec "content"), never server HTML. */
  content: dynaformSchema,
  /** The values the form opens with (process variables of the step's project). */
  vars: variablesSchema,
});
export type WizardStep = z.infer<typeof wizardStepSchema>;

export const appStatusSchema = z.enum(['DRAFT', 'TO_DO', 'COMPLETED', 'CALL_ENDED']);
export type AppStatus = z.infer<typeof appStatusSchema>;

export const stepDirectionSchema = z.enum(['forward', 'backward']);
export type StepDirection = z.infer<typeof stepDirectionSchema>;

/** spec 3 Call flow stepTraversed: steps, currentIndex, currentStepDef, stepVariables. */
export const stepTraversedSchema = z.object({
  /** Every step passed, in order (form-less ones too); the last is the current one. */
  steps: z.array(z.string()),
  currentIndex: z.number().int().min(-1),
  currentStepDef: z.string().nullable(),
  /** Variables saved when leaving a form step, newest last, at most STEP_VARIABLES_KEPT. */
  stepVariables: z.array(
    z.object({
      stepId: z.string(),
      index: z.number().int().min(0),
      processVariables: z.record(z.string(), variablesSchema),
    }),
  ),
});
export type StepTraversed = z.infer<typeof stepTraversedSchema>;

// ---------------------------------------------------------------- server calls (spec 7)

/** POST processes/{process}: start sends tas_uid, variables, workspaceId. */
export const startCaseRequestSchema = z.object({
  process: idString,
  tas_uid: idString,
  variables: variablesSchema,
  workspaceId: idString,
});
export type StartCaseRequest = z.infer<typeof startCaseRequestSchema>;
export const startCaseResponseSchema = z.object({
  app_uid: idString,
  del_index: z.number().int().min(0),
});
export type StartCaseResponse = z.infer<typeof startCaseResponseSchema>;

/** PUT processes/{process}: submit sends app_uid, dyn_uid, del_index, case_vars. */
export const submitStepRequestSchema = z.object({
  process: idString,
  app_uid: idString,
  dyn_uid: idString,
  del_index: z.number().int().min(0),
  case_vars: variablesSchema,
});
export type SubmitStepRequest = z.infer<typeof submitStepRequestSchema>;
/** The server may hand back the case's new del index (spec 3 Wizard step "new del index"). */
export const submitStepResponseSchema = z.object({
  del_index: z.number().int().min(0).optional(),
});
export type SubmitStepResponse = z.infer<typeof submitStepResponseSchema>;

/** PUT processmaker/{id}: the case status (COMPLETED at an END step; CALL_ENDED on hang-up). */
export const caseStatusUpdateSchema = z.object({
  app_uid: idString,
  dyn_uid: z.string(),
  del_index: z.number().int().min(0),
  case_vars: variablesSchema,
  workspaceId: idString,
  app_status: appStatusSchema,
});
export type CaseStatusUpdate = z.infer<typeof caseStatusUpdateSchema>;

export const executionStatusSchema = z.enum(['started', 'partial-complete', 'completed']);
export type ExecutionStatus = z.infer<typeof executionStatusSchema>;

/** spec 3 Process execution history (POST process-execution-history). */
export const executionHistoryCreateSchema = z.object({
  workspace: idString,
  user: idString,
  process: idString,
  subProcess: z.string().nullable(),
  status: executionStatusSchema,
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime().nullable(),
  /**
   * The version of the process the call runs (issue #34: the definition's `version`);
   * absent from clients before versions, which run the version published when they start.
   */
  processVersion: z.number().int().min(1).optional(),
  /** The process variables per project (spec 3 "processVariables per project") and the steps taken. */
  executionHistory: z.object({
    processVariables: z.record(z.string(), variablesSchema),
    steps: z.array(z.string()),
  }),
});
export type ExecutionHistoryCreate = z.infer<typeof executionHistoryCreateSchema>;

/** PATCH process-execution-history/{id}. */
export const executionHistoryUpdateSchema = executionHistoryCreateSchema
  .pick({ status: true, endTime: true, executionHistory: true })
  .partial()
  .extend({ status: executionStatusSchema });
export type ExecutionHistoryUpdate = z.infer<typeof executionHistoryUpdateSchema>;

/** spec 3 Step history (POST process-execution-steps-history). */
export const stepHistoryEntrySchema = z.object({
  processExecutionHistoryId: idString,
  previousStepId: z.string().nullable(),
  currentStepId: z.string(),
  currentStepName: z.string(),
  currentStepType: stepTypeSchema,
  currentStepProcessId: z.string(),
  variableState: variablesSchema,
  direction: stepDirectionSchema,
  executedOn: z.iso.datetime(),
});
export type StepHistoryEntry = z.infer<typeof stepHistoryEntrySchema>;

/**
 * POST {service-processes}/sendEmail (spec 7). Issue #29: at most MAX_RECIPIENTS_PER_EMAIL
 * recipients; `processExecutionHistoryId` names the execution whose trigger sends it, so the
 * server counts the e-mails of each execution (optional: clients before it did not send it,
 * and their e-mails count only against the sender's hour).
 */
export const sendEmailRequestSchema = z.object({
  destinations: z.object({
    to: z
      .array(z.string().min(3).max(320))
      .min(1)
      .max(MAX_RECIPIENTS_PER_EMAIL, {
        message: `an e-mail goes to at most ${MAX_RECIPIENTS_PER_EMAIL} recipients`,
      }),
  }),
  subject: z.string().min(1).max(1_000),
  body: z.object({ htmlBody: z.string().max(200_000), textBody: z.string().max(200_000) }),
  processExecutionHistoryId: idString.optional(),
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

/** POST error-notification (spec 7, spec 8 call-flow error). */
export const errorNotificationRequestSchema = z.object({
  subject: z.string().min(1).max(1_000),
  body: z.string().max(50_000),
});
export type ErrorNotificationRequest = z.infer<typeof errorNotificationRequestSchema>;

/** What a crmSync trigger hands to POST workspaces/{id}/async-records/{historyId}, before re-mapping. */
export const crmSyncRecordSchema = z.object({
  type: crmRecordTypeSchema,
  fields: z.record(z.string(), z.string()),
});
export type CrmSyncRecord = z.infer<typeof crmSyncRecordSchema>;

// ---------------------------------------------------------------- engine state (spec 3 Session state)

export const callFlowErrorSchema = z.object({
  kind: z.enum([
    'task-without-form',
    'malformed-condition',
    'no-route',
    'missing-step',
    'loop-limit',
    'trigger-failed',
    'request-failed',
    'timeout',
    'not-allowed',
  ]),
  operation: z.enum(['start', 'forward', 'backward', 'trigger', 'next-step', 'hang-up']),
  /** What the agent is shown (spec 8 texts where it gives them). */
  message: z.string(),
  stepId: z.string().optional(),
  stepTitle: z.string().optional(),
  trigger: z.string().optional(),
});
export type CallFlowError = z.infer<typeof callFlowErrorSchema>;
export type CallFlowErrorKind = CallFlowError['kind'];
export type CallFlowOperation = CallFlowError['operation'];

/**
 * The engine's whole state: serialisable, so the screen can keep it in session storage and
 * an engine created after a reload resumes at the same step (spec 3 Session state
 * "automated intake: wizardStep, callFlow").
 */
export const callFlowStateSchema = z.object({
  /** idle: no call flow; at-form: waiting for the agent; completed: END reached; error: start failed. */
  status: z.enum(['idle', 'at-form', 'completed', 'error']),
  /** True while a move talks to the server; the screen disables Back / Next. */
  busy: z.boolean(),
  processDefinition: processDefinitionSchema.nullable(),
  callData: incomingCallDataSchema.nullable(),
  processVariables: z.record(z.string(), variablesSchema),
  stepTraversed: stepTraversedSchema,
  processExecutionHistoryId: z.string().nullable(),
  caseRef: z.object({ app_uid: z.string(), del_index: z.number().int().min(0) }).nullable(),
  wizardStep: wizardStepSchema.nullable(),
  appStatus: appStatusSchema,
  startTime: z.string().nullable(),
  error: callFlowErrorSchema.nullable(),
});
export type CallFlowState = z.infer<typeof callFlowStateSchema>;
