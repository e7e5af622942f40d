import { createCallFlowEngine, type CallFlowEngine } from '@/shared/call-flow/engine';
import { systemScheduler } from '@/shared/call-flow/effects';
import { createSessionErrorReporter } from '@/shared/call-flow/errors';
import {
  processDefinitionSchema,
  type ProcessDefinition,
  startCaseResponseSchema,
  submitStepResponseSchema,
} from '@/shared/contracts/call-flow';
import { callCenterPaths, executionHistoryCreatedSchema } from '@/shared/contracts/call-flow-api';
import { toAsyncRecordPayload } from '@/shared/domain/crm-sync-mapping';
import type { ApiAnswer, ApiCall, TestServer } from '../helpers/test-server';

// The real call-flow engine (shared/call-flow) wired to the real server over HTTP, as the
// app wires it, so a test walks a seeded flow exactly as an agent would.

export function callCenter(t: TestServer, token: string) {
  return (path: string, call: Omit<ApiCall, 'token'> = {}): Promise<ApiAnswer> =>
    t.api(`/call-center/${path}`, { ...call, token });
}

async function ok(answer: Promise<ApiAnswer>): Promise<unknown> {
  const a = await answer;
  if (a.status !== 200) throw new Error(`HTTP ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body;
}

export async function fetchDefinition(
  t: TestServer,
  token: string,
  workspaceId: string,
  uid: string,
): Promise<ProcessDefinition> {
  const body = await ok(
    callCenter(t, token)(`${callCenterPaths.processDefinition(uid)}?workspace=${workspaceId}`),
  );
  return processDefinitionSchema.parse((body as { data: unknown }).data);
}

export function engineAgainst(
  t: TestServer,
  token: string,
  context: { workspaceId: string; agentId: string },
): { engine: CallFlowEngine; errors: unknown[] } {
  const cc = callCenter(t, token);
  const errors: unknown[] = [];
  const drafts = new Map<string, string>();
  const engine = createCallFlowEngine({
    context: { ...context, agentName: 'Test agent', environment: 'test' },
    effects: {
      http: {
        startCase: async (request) =>
          startCaseResponseSchema.parse(
            await ok(
              cc(callCenterPaths.process(request.process), { method: 'POST', body: request }),
            ),
          ),
        submitStep: async (request) =>
          submitStepResponseSchema.parse(
            await ok(
              cc(callCenterPaths.process(request.process), { method: 'PUT', body: request }),
            ),
          ),
        updateCaseStatus: async (processId, request) => {
          await ok(cc(callCenterPaths.caseStatus(processId), { method: 'PUT', body: request }));
        },
        createExecutionHistory: async (request) =>
          executionHistoryCreatedSchema.parse(
            await ok(cc(callCenterPaths.executionHistories(), { method: 'POST', body: request })),
          ),
        updateExecutionHistory: async (id, request) => {
          await ok(cc(callCenterPaths.executionHistory(id), { method: 'PATCH', body: request }));
        },
        recordStepHistory: async (entry) => {
          await ok(cc(callCenterPaths.stepHistories(), { method: 'POST', body: entry }));
        },
      },
      sendEmail: async (request) => {
        await ok(cc(callCenterPaths.sendEmail(), { method: 'POST', body: request }));
      },
      crmSync: async (executionId, record) => {
        await ok(
          cc(callCenterPaths.asyncRecords(context.workspaceId, executionId), {
            method: 'POST',
            body: toAsyncRecordPayload(record),
          }),
        );
      },
      scheduler: systemScheduler,
      drafts: {
        get: (key) => drafts.get(key) ?? null,
        set: (key, value) => void drafts.set(key, value),
        remove: (key) => void drafts.delete(key),
      },
      logger: { error: (m, d) => errors.push([m, d]), warn: () => {} },
      errorReporter: createSessionErrorReporter(async (request) => {
        await ok(cc(callCenterPaths.errorNotification(), { method: 'POST', body: request }));
      }),
      clearCallCaches: () => {},
    },
  });
  return { engine, errors };
}
