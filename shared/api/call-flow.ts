import { z } from 'zod';
import {
  CALL_FLOW_TIMEOUT_MS,
  type CallFlowState,
  type CaseStatusUpdate,
  type CrmSyncRecord,
  type ErrorNotificationRequest,
  type ExecutionHistoryCreate,
  type ExecutionHistoryUpdate,
  type ExecutionStatus,
  type CrmRecordType,
  type ProcessDefinition,
  type SendEmailRequest,
  type StartCaseRequest,
  type StartCaseResponse,
  startCaseResponseSchema,
  type StepHistoryEntry,
  type SubmitStepRequest,
  type SubmitStepResponse,
  submitStepResponseSchema,
  type Variables,
} from '@/shared/contracts/call-flow';
import {
  type AsyncRecordResponse,
  asyncRecordResponseSchema,
  callCenterAckSchema,
  callCenterPaths,
  type CallerRecordsResponse,
  callerRecordsResponseSchema,
  type CrmRecordListResponse,
  crmRecordListResponseSchema,
  type ErrorNotificationListResponse,
  errorNotificationListResponseSchema,
  type ExecutionHistoryDetail,
  executionHistoryCreatedSchema,
  executionHistoryDetailResponseSchema,
  type ExecutionHistoryListResponse,
  executionHistoryListResponseSchema,
  type IfsMethod,
  type IfsQueryRequest,
  type IfsQueryResponse,
  ifsQueryResponseSchema,
  type OutboxListResponse,
  outboxListResponseSchema,
  processDefinitionResponseSchema,
  type ProcessListResponse,
  processListResponseSchema,
  type ParkedExecution,
  parkedExecutionListResponseSchema,
  parkExecutionRequestSchema,
  resumedExecutionResponseSchema,
  resumeExecutionRequestSchema,
  saveFlowStateRequestSchema,
  type StepDraft,
  stepDraftResponseSchema,
  stepDraftSaveSchema,
} from '@/shared/contracts/call-flow-api';
import type { ListMeta } from '@/shared/contracts/common';
import type { TransportRequest } from '@/shared/transport/transport';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// spec: session 7 "Call flow" and "CRM sync" — every call of the call-flow engine and of the
// Call Flows area, on the call-centre base (shared/config callCenterBase), with the paths of
// shared/contracts/call-flow-api.ts callCenterPaths and each answer checked by its contract.

/** A page of a list: JSON:API paging (shared/contracts/common.ts). */
export interface PageRequest {
  limit: number;
  offset: number;
}

function callCenter(
  method: TransportRequest['method'],
  path: string,
  extra: Pick<TransportRequest, 'body' | 'query' | 'timeoutMs'> = {},
): TransportRequest {
  // spec 9: call-flow calls time out at 60 s.
  return { method, path, base: 'callCenter', timeoutMs: CALL_FLOW_TIMEOUT_MS, ...extra };
}

function pageQuery(page: PageRequest | undefined) {
  return page ? { 'page[limit]': page.limit, 'page[offset]': page.offset } : {};
}

async function ack(
  api: ApiClient,
  request: TransportRequest,
  options?: CallOptions,
): Promise<void> {
  await api.call(callCenterAckSchema, request, options);
}

async function read<T>(api: ApiClient, schema: z.ZodType<T>, request: TransportRequest) {
  return api.call(schema, request);
}

// ---------------------------------------------------------------- the engine's calls (spec 7)

/**
 * POST processes/{process}: starts a case (tas_uid, variables, workspaceId). The body
 * repeats the process, and the server checks it is the path's.
 */
export function startCase(api: ApiClient, request: StartCaseRequest): Promise<StartCaseResponse> {
  return read(
    api,
    startCaseResponseSchema,
    callCenter('POST', callCenterPaths.process(request.process), { body: request }),
  );
}

/** PUT processes/{process}: submits a step's form (app_uid, dyn_uid, del_index, case_vars). */
export function submitStep(
  api: ApiClient,
  request: SubmitStepRequest,
): Promise<SubmitStepResponse> {
  return read(
    api,
    submitStepResponseSchema,
    callCenter('PUT', callCenterPaths.process(request.process), { body: request }),
  );
}

/** PUT processmaker/{id}: the case status (COMPLETED at the end, CALL_ENDED on hang-up). */
export function updateCaseStatus(
  api: ApiClient,
  processId: string,
  request: CaseStatusUpdate,
  timeoutMs = CALL_FLOW_TIMEOUT_MS,
): Promise<void> {
  return ack(
    api,
    callCenter('PUT', callCenterPaths.caseStatus(processId), { body: request, timeoutMs }),
  );
}

/** POST process-execution-history: the execution history, status started (spec 4 Start 1). */
export async function createExecutionHistory(
  api: ApiClient,
  request: ExecutionHistoryCreate,
): Promise<{ id: string }> {
  const created = await read(
    api,
    executionHistoryCreatedSchema,
    callCenter('POST', callCenterPaths.executionHistories(), { body: request }),
  );
  return { id: created.id };
}

/** PATCH process-execution-history/{id}: partial-complete on hang-up, completed at the end. */
export function updateExecutionHistory(
  api: ApiClient,
  id: string,
  request: ExecutionHistoryUpdate,
): Promise<void> {
  return ack(api, callCenter('PATCH', callCenterPaths.executionHistory(id), { body: request }));
}

/** POST process-execution-steps-history: one traversal, forward or backward. */
export function recordStepHistory(api: ApiClient, entry: StepHistoryEntry): Promise<void> {
  return ack(api, callCenter('POST', callCenterPaths.stepHistories(), { body: entry }));
}

/** POST {service-processes}/sendEmail: destinations.to, subject, body.htmlBody / textBody. */
export function sendEmail(api: ApiClient, request: SendEmailRequest): Promise<void> {
  return ack(api, callCenter('POST', callCenterPaths.sendEmail(), { body: request }));
}

/** POST error-notification (spec 8: a call-flow error, once per session). */
export function sendErrorNotification(
  api: ApiClient,
  request: ErrorNotificationRequest,
): Promise<void> {
  // Silent: the agent already sees the call-flow error itself; this is support's copy.
  return ack(api, callCenter('POST', callCenterPaths.errorNotification(), { body: request }), {
    silent: true,
  });
}

/** POST workspaces/{id}/async-records/{processExecutionHistoryId}: a record for the CRM. */
export function syncCrmRecord(
  api: ApiClient,
  workspaceId: string,
  processExecutionHistoryId: string,
  record: CrmSyncRecord,
): Promise<AsyncRecordResponse> {
  return read(
    api,
    asyncRecordResponseSchema,
    callCenter('POST', callCenterPaths.asyncRecords(workspaceId, processExecutionHistoryId), {
      body: record,
    }),
  );
}

/** POST workspaces/{id}/ifs/{method} (default getRecords): a query of the CRM's records. */
export function queryCrm(
  api: ApiClient,
  workspaceId: string,
  request: IfsQueryRequest,
  method?: IfsMethod,
): Promise<IfsQueryResponse> {
  return read(
    api,
    ifsQueryResponseSchema,
    callCenter('POST', callCenterPaths.ifs(workspaceId, method), { body: request }),
  );
}

// ---------------------------------------------------------------- the Call Flows area

/** GET processes/{id}?workspace=: a process definition to run. */
export async function fetchProcessDefinition(
  api: ApiClient,
  workspaceId: string,
  processId: string,
): Promise<ProcessDefinition> {
  const response = await read(
    api,
    processDefinitionResponseSchema,
    callCenter('GET', callCenterPaths.processDefinition(processId), {
      query: { workspace: workspaceId },
    }),
  );
  return response.data;
}

/** GET workspaces/{id}/processes: the workspace's processes, by name. */
export function listProcesses(
  api: ApiClient,
  workspaceId: string,
  page?: PageRequest,
): Promise<ProcessListResponse> {
  return read(
    api,
    processListResponseSchema,
    callCenter('GET', callCenterPaths.workspaceProcesses(workspaceId), { query: pageQuery(page) }),
  );
}

/** GET workspaces/{id}/process-execution-history: newest first (owners and admins). */
export function listExecutionHistories(
  api: ApiClient,
  workspaceId: string,
  options: { page?: PageRequest; status?: ExecutionStatus } = {},
): Promise<ExecutionHistoryListResponse> {
  return read(
    api,
    executionHistoryListResponseSchema,
    callCenter('GET', callCenterPaths.workspaceExecutionHistories(workspaceId), {
      query: { ...pageQuery(options.page), status: options.status },
    }),
  );
}

/**
 * GET process-execution-history/{id}: one history with a page of its step histories
 * (issue #29: at most STEP_HISTORY_PAGE_LIMIT a page, the server's default without one).
 * `meta` counts every step; a server before the paging answered them all, without it.
 */
export async function fetchExecutionHistory(
  api: ApiClient,
  id: string,
  page?: PageRequest,
): Promise<ExecutionHistoryPage> {
  const response = await read(
    api,
    executionHistoryDetailResponseSchema,
    callCenter('GET', callCenterPaths.executionHistory(id), { query: pageQuery(page) }),
  );
  const steps = response.data.stepHistories;
  return {
    history: response.data,
    meta: response.meta ?? { total: steps.length, limit: Math.max(1, steps.length), offset: 0 },
  };
}

/** A page of an execution history's steps: the history (this page's steps) and where it is. */
export interface ExecutionHistoryPage {
  history: ExecutionHistoryDetail;
  meta: ListMeta;
}

/** GET workspaces/{id}/crm-records: what the simulated CRM holds, newest first. */
export function listCrmRecords(
  api: ApiClient,
  workspaceId: string,
  options: { page?: PageRequest; type?: CrmRecordType } = {},
): Promise<CrmRecordListResponse> {
  return read(
    api,
    crmRecordListResponseSchema,
    callCenter('GET', callCenterPaths.workspaceCrmRecords(workspaceId), {
      query: { ...pageQuery(options.page), type: options.type },
    }),
  );
}

/**
 * GET workspaces/{id}/crm-records/caller?phone=: the records the active call's card looks
 * through for the caller (the connected Zoho CRM's matches, or the simulated CRM's newest).
 */
export function callerCrmRecords(
  api: ApiClient,
  workspaceId: string,
  phone: string,
): Promise<CallerRecordsResponse> {
  return read(
    api,
    callerRecordsResponseSchema,
    callCenter('GET', callCenterPaths.workspaceCallerRecords(workspaceId), { query: { phone } }),
  );
}

/** GET service-processes/outbox: the emails the server "sent" (system users). */
export function listOutbox(
  api: ApiClient,
  options: { page?: PageRequest; workspace?: string } = {},
): Promise<OutboxListResponse> {
  return read(
    api,
    outboxListResponseSchema,
    callCenter('GET', callCenterPaths.outbox(), {
      query: { ...pageQuery(options.page), workspace: options.workspace },
    }),
  );
}

/** GET error-notification: the call-flow error notifications received (system users). */
export function listErrorNotifications(
  api: ApiClient,
  options: { page?: PageRequest; workspace?: string } = {},
): Promise<ErrorNotificationListResponse> {
  return read(
    api,
    errorNotificationListResponseSchema,
    callCenter('GET', callCenterPaths.errorNotification(), {
      query: { ...pageQuery(options.page), workspace: options.workspace },
    }),
  );
}

// ---------------------------------------------------------------- drafts and parked walk-ins (issue #28)

/** A 204: nothing to check but that it came. */
const noContentSchema = z.unknown();

/**
 * PUT process-execution-history/{id}/drafts/{stepId}: the step's typed values (the last
 * save wins). Silent: drafts sync in the background and the caller decides what, if
 * anything, the agent hears of a failure (never a toast per keystroke).
 */
export async function saveStepDraft(
  api: ApiClient,
  executionId: string,
  stepId: string,
  values: Variables,
): Promise<void> {
  await api.call(
    noContentSchema,
    callCenter('PUT', callCenterPaths.stepDraft(executionId, stepId), {
      body: stepDraftSaveSchema.parse({ values }),
    }),
    { silent: true },
  );
}

/** GET process-execution-history/{id}/drafts/{stepId}: the draft, or null. Silent. */
export async function loadStepDraft(
  api: ApiClient,
  executionId: string,
  stepId: string,
): Promise<StepDraft | null> {
  return callForData(
    api,
    stepDraftResponseSchema,
    callCenter('GET', callCenterPaths.stepDraft(executionId, stepId)),
    { silent: true },
  );
}

/** DELETE process-execution-history/{id}/drafts/{stepId}. Silent. */
export async function deleteStepDraft(
  api: ApiClient,
  executionId: string,
  stepId: string,
): Promise<void> {
  await api.call(
    noContentSchema,
    callCenter('DELETE', callCenterPaths.stepDraft(executionId, stepId)),
    { silent: true },
  );
}

/** PUT process-execution-history/{id}/parked {state}: parks a walk-in to take a call. */
export async function parkExecution(
  api: ApiClient,
  executionId: string,
  state: CallFlowState,
): Promise<void> {
  await api.call(
    noContentSchema,
    callCenter('PUT', callCenterPaths.parkedExecution(executionId), {
      body: parkExecutionRequestSchema.parse({ state }),
    }),
  );
}

/**
 * PUT process-execution-history/{id}/flow-state {state, holder}: the latest state of an
 * intake in progress, so another computer can resume it. Silent: it syncs in the
 * background; a 409 (TAKEN_OVER_MESSAGE) says the intake was resumed elsewhere.
 */
export async function saveFlowState(
  api: ApiClient,
  executionId: string,
  state: CallFlowState,
  holder: string,
): Promise<void> {
  await api.call(
    noContentSchema,
    callCenter('PUT', callCenterPaths.flowState(executionId), {
      body: saveFlowStateRequestSchema.parse({ state, holder }),
    }),
    { silent: true },
  );
}

/** GET workspaces/{id}/parked-executions: the agent's unfinished intakes (both kinds), newest first. */
export async function listParkedExecutions(
  api: ApiClient,
  workspaceId: string,
): Promise<ParkedExecution[]> {
  const answer = await read(
    api,
    parkedExecutionListResponseSchema,
    callCenter('GET', callCenterPaths.workspaceParkedExecutions(workspaceId)),
  );
  return answer.data;
}

/**
 * POST process-execution-history/{id}/parked/resume: the kept state, once: without a
 * holder the server deletes the record as it answers (a second resume is a 404,
 * ALREADY_RESUMED_MESSAGE); with one the record stays as an open intake held by it (the
 * wizard that held it before is refused its next save).
 */
export async function resumeParkedExecution(
  api: ApiClient,
  executionId: string,
  holder?: string,
): Promise<CallFlowState> {
  const answer = await read(
    api,
    resumedExecutionResponseSchema,
    callCenter('POST', callCenterPaths.resumeParkedExecution(executionId), {
      body: holder ? resumeExecutionRequestSchema.parse({ holder }) : undefined,
    }),
  );
  return answer.data.state;
}
