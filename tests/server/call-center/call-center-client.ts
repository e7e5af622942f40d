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

/**
 * A new execution history of the Personal Injury intake (pi-intake) in `workspaceId`,
 * started five minutes ago by agent-1 with no steps yet, posted as `token`: an execution
 * for records that name no execution's contact. Answers its id.
 */
export async function newHistory(t: TestServer, token: string, workspaceId: string) {
  const body = await ok(
    callCenter(t, token)(callCenterPaths.executionHistories(), {
      method: 'POST',
      body: {
        workspace: workspaceId,
        user: 'agent-1',
        process: 'pi-intake',
        subProcess: null,
        status: 'started',
        startTime: new Date(Date.now() - 5 * 60_000).toISOString(),
        endTime: null,
        executionHistory: { processVariables: {}, steps: [] },
      },
    }),
  );
  return executionHistoryCreatedSchema.parse(body).id;
}

/**
 * The seeded Personal Injury intake (pi-intake) walked to its end by `token`'s agent in
 * `workspaceId`, for Jordan Reyes: the contact, the accident, the injuries, no prior
 * attorney, the conflict check, and a consultation booked at 15:00 UTC on 2026-12-03 (its
 * event's times, as the booking field keeps them). Answers the final state.
 */
export async function completePersonalInjuryIntake(
  t: TestServer,
  token: string,
  workspaceId: string,
) {
  const definition = await fetchDefinition(t, token, workspaceId, 'pi-intake');
  const { engine } = engineAgainst(t, token, { workspaceId, agentId: 'agent' });
  await engine.start({ definition, callData: { leadName: 'Jordan Reyes', phone: '6175550142' } });
  const submit = async (values: Record<string, unknown>) => {
    // The steps' values are checked by the flow's own forms, as an agent's would be.
    const outcome = await engine.submit(values as never);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    return outcome.state;
  };
  await submit({
    firstName: 'Jordan',
    lastName: 'Reyes',
    phone: '(617) 555-0142',
    email: 'jordan.reyes@example.com',
  });
  await submit({ accidentType: 'slip-and-fall', incidentDate: '2026-11-01' });
  await submit({ injuriesDescription: 'Broken wrist', receivedTreatment: 'no' });
  await submit({ priorAttorney: 'no' });
  await submit({ adverseParties: 'Main Street Grocery', relatedToFirm: 'no' });
  await submit({});
  return submit({
    consultation: {
      calendarId: 'cal_x',
      date: '2026-12-03',
      slotStart: '2026-12-03T15:00:00.000Z',
      eventId: 'evt_x',
      startTime: '2026-12-03T15:00:00.000Z',
      endTime: '2026-12-03T16:00:00.000Z',
      timezone: 'America/New_York',
      consultant: 'Dana Reyes',
      label: '12/03/2026 at 10:00 AM (America/New_York) with Dana Reyes',
    },
    consultMode: 'office',
  });
}
