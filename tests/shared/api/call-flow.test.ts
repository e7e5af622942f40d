import { describe, expect, it } from 'vitest';
import {
  createExecutionHistory,
  fetchExecutionHistory,
  fetchProcessDefinition,
  listCrmRecords,
  listExecutionHistories,
  listProcesses,
  queryCrm,
  recordStepHistory,
  sendEmail,
  sendErrorNotification,
  startCase,
  submitStep,
  syncCrmRecord,
  updateCaseStatus,
  updateExecutionHistory,
} from '@/shared/api/call-flow';
import { ShapeMismatchError } from '@/shared/api/client';
import {
  CALL_FLOW_TIMEOUT_MS,
  HANG_UP_NOTIFICATION_TIMEOUT_MS,
  type ProcessDefinitionInput,
} from '@/shared/contracts/call-flow';
import { TransportError } from '@/shared/transport/transport';
import { recordingApi } from './recording-api';

// spec: session 7 Call flow / CRM sync — each call's method, call-centre path and payload,
// and its answer checked against the contract through the real ApiClient.

const fakeTransport = recordingApi;

const DEFINITION: ProcessDefinitionInput = {
  uid: 'proc_pi',
  name: 'Personal Injury intake',
  workspace: 'ws_harbor',
  prj_id: 'prj_pi',
  steps: [
    {
      id: 'step_caller',
      name: 'Caller',
      type: 'TASK',
      prj_id: 'prj_pi',
      dynaform: {
        dyn_uid: 'dyn_caller',
        title: 'Caller details',
        fields: [{ type: 'text', name: 'first_name', label: 'First name' }],
      },
      routes: [
        { flo_condition: '', flo_element_dest: 'step_end', flo_element_origin: 'step_caller' },
      ],
    },
    { id: 'step_end', name: 'End', type: 'END', prj_id: 'prj_pi' },
  ],
};

const NOW = '2026-03-02T15:00:00.000Z';

describe('call-flow API calls (spec: session 7 Call flow)', () => {
  it('starts a case with POST processes/{process} on the call-centre base, the process repeated in the body', async () => {
    const { api, requests } = fakeTransport(() => ({ app_uid: 'app_1', del_index: 1 }));
    const answer = await startCase(api, {
      process: 'proc_pi',
      tas_uid: 'step_caller',
      variables: { caller_name: 'Dana Reyes' },
      workspaceId: 'ws_harbor',
    });
    expect(answer).toEqual({ app_uid: 'app_1', del_index: 1 });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: 'processes/proc_pi',
      base: 'callCenter',
      timeoutMs: CALL_FLOW_TIMEOUT_MS,
      body: {
        process: 'proc_pi',
        tas_uid: 'step_caller',
        variables: { caller_name: 'Dana Reyes' },
        workspaceId: 'ws_harbor',
      },
    });
  });

  it('submits a step with PUT processes/{process}: app_uid, dyn_uid, del_index and case_vars', async () => {
    const { api, requests } = fakeTransport(() => ({ del_index: 2 }));
    const answer = await submitStep(api, {
      process: 'proc pi/1',
      app_uid: 'app_1',
      dyn_uid: 'dyn_caller',
      del_index: 1,
      case_vars: { first_name: 'Dana' },
    });
    expect(answer).toEqual({ del_index: 2 });
    expect(requests[0].method).toBe('PUT');
    // Path segments are encoded: a process id never reaches another path.
    expect(requests[0].path).toBe('processes/proc%20pi%2F1');
    expect(requests[0].body).toEqual({
      process: 'proc pi/1',
      app_uid: 'app_1',
      dyn_uid: 'dyn_caller',
      del_index: 1,
      case_vars: { first_name: 'Dana' },
    });
  });

  it('sends the hang-up notice with PUT processmaker/{id} and its 20 s time-out', async () => {
    const { api, requests } = fakeTransport(() => ({ id: 'app_1' }));
    const update = {
      app_uid: 'app_1',
      dyn_uid: 'dyn_caller',
      del_index: 1,
      case_vars: {},
      workspaceId: 'ws_harbor',
      app_status: 'CALL_ENDED' as const,
    };
    await updateCaseStatus(api, 'proc_pi', update, HANG_UP_NOTIFICATION_TIMEOUT_MS);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: 'processmaker/proc_pi',
      body: update,
      timeoutMs: 20_000,
    });
  });

  it('creates, updates and records an execution history at the spec paths', async () => {
    const { api, requests } = fakeTransport((req) =>
      req.method === 'POST' && req.path === 'process-execution-history'
        ? { id: 'peh_1' }
        : { id: 'x' },
    );
    const created = await createExecutionHistory(api, {
      workspace: 'ws_harbor',
      user: 'usr_1',
      process: 'proc_pi',
      subProcess: null,
      status: 'started',
      startTime: NOW,
      endTime: null,
      executionHistory: { processVariables: {}, steps: [] },
    });
    expect(created).toEqual({ id: 'peh_1' });
    await updateExecutionHistory(api, 'peh_1', { status: 'partial-complete', endTime: NOW });
    await recordStepHistory(api, {
      processExecutionHistoryId: 'peh_1',
      previousStepId: null,
      currentStepId: 'step_caller',
      currentStepName: 'Caller',
      currentStepType: 'TASK',
      currentStepProcessId: 'prj_pi',
      variableState: {},
      direction: 'forward',
      executedOn: NOW,
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST process-execution-history',
      'PATCH process-execution-history/peh_1',
      'POST process-execution-steps-history',
    ]);
    expect(requests[1].body).toEqual({ status: 'partial-complete', endTime: NOW });
  });

  it('sends email to service-processes/sendEmail and the error notification silently', async () => {
    const { api, requests, notify } = fakeTransport((req) => {
      if (req.path === 'error-notification') throw new TransportError('down', 503, 'Mail is down');
      return { id: 'mail_1' };
    });
    await sendEmail(api, {
      destinations: { to: ['intake@harbor.test'] },
      subject: 'New intake',
      body: { htmlBody: '<p>Hi</p>', textBody: 'Hi' },
    });
    await expect(
      sendErrorNotification(api, { subject: 'Call flow error', body: 'Step: Caller' }),
    ).rejects.toBeInstanceOf(TransportError);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST service-processes/sendEmail',
      'POST error-notification',
    ]);
    // The agent already sees the call-flow error: support's copy failing shows no toast.
    expect(notify).not.toHaveBeenCalled();
  });

  it('syncs a CRM record to workspaces/{id}/async-records/{historyId} and reads the answer', async () => {
    const { api, requests } = fakeTransport(() => ({
      id: 'crm_1',
      type: 'CONTACT',
      contactId: 'crm_1',
    }));
    const answer = await syncCrmRecord(api, 'ws_harbor', 'peh_1', {
      type: 'CONTACT',
      fields: { first_name: 'Dana', last_name: 'Reyes' },
    });
    expect(answer).toEqual({ id: 'crm_1', type: 'CONTACT', contactId: 'crm_1' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      base: 'callCenter',
      path: 'workspaces/ws_harbor/async-records/peh_1',
      body: { type: 'CONTACT', fields: { first_name: 'Dana', last_name: 'Reyes' } },
    });
  });

  it('queries the CRM with POST workspaces/{id}/ifs/{method}, getRecords by default', async () => {
    const { api, requests } = fakeTransport(() => ({
      method: 'getRecords',
      count: 0,
      records: [],
    }));
    await queryCrm(api, 'ws_harbor', { query: { type: 'CONTACT' }, ascending: '0' });
    await queryCrm(api, 'ws_harbor', { query: {} }, 'countRecords');
    expect(requests.map((r) => r.path)).toEqual([
      'workspaces/ws_harbor/ifs/getRecords',
      'workspaces/ws_harbor/ifs/countRecords',
    ]);
    expect(requests[0].body).toEqual({ query: { type: 'CONTACT' }, ascending: '0' });
  });

  it('refuses an answer that does not match its contract, with the mismatch notice', async () => {
    const { api, notify } = fakeTransport(() => ({ app_uid: '', del_index: -1 }));
    await expect(
      startCase(api, { process: 'p', tas_uid: 't', variables: {}, workspaceId: 'w' }),
    ).rejects.toBeInstanceOf(ShapeMismatchError);
    expect(notify).toHaveBeenCalledWith('danger', expect.any(String));
  });
});

describe('Call Flows area reads', () => {
  it('loads a process definition with GET processes/{id}?workspace= and checks it', async () => {
    const { api, requests } = fakeTransport(() => ({ data: DEFINITION }));
    const definition = await fetchProcessDefinition(api, 'ws_harbor', 'proc_pi');
    expect(definition.steps[0].dynaform?.title).toBe('Caller details');
    // zod filled the defaults the seed leaves out.
    expect(definition.steps[1].routes).toEqual([]);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: 'processes/proc_pi',
      query: { workspace: 'ws_harbor' },
    });
  });

  it('lists processes, histories (paged, by status) and CRM records of a workspace', async () => {
    const meta = { total: 0, limit: 20, offset: 40 };
    const { api, requests } = fakeTransport(() => ({ data: [], meta }));
    await listProcesses(api, 'ws_harbor');
    await listExecutionHistories(api, 'ws_harbor', {
      page: { limit: 20, offset: 40 },
      status: 'partial-complete',
    });
    await listCrmRecords(api, 'ws_harbor', { page: { limit: 25, offset: 0 }, type: 'NOTE' });
    expect(requests.map((r) => r.path)).toEqual([
      'workspaces/ws_harbor/processes',
      'workspaces/ws_harbor/process-execution-history',
      'workspaces/ws_harbor/crm-records',
    ]);
    expect(requests[1].query).toEqual({
      'page[limit]': 20,
      'page[offset]': 40,
      status: 'partial-complete',
    });
    expect(requests[2].query).toEqual({ 'page[limit]': 25, 'page[offset]': 0, type: 'NOTE' });
  });

  it('reads one execution history with its step histories', async () => {
    const { api, requests } = fakeTransport(() => ({
      data: {
        id: 'peh_1',
        workspace: 'ws_harbor',
        process: 'proc_pi',
        processName: 'Personal Injury intake',
        subProcess: null,
        status: 'partial-complete',
        userId: 'usr_1',
        agentName: 'Ivy Intake',
        startTime: NOW,
        endTime: NOW,
        appStatus: 'CALL_ENDED',
        stepCount: 1,
        executionHistory: {
          processVariables: { prj_pi: { first_name: 'Dana' } },
          steps: ['step_caller'],
        },
        stepHistories: [],
      },
    }));
    const { history, meta } = await fetchExecutionHistory(api, 'peh_1');
    expect(history.executionHistory.processVariables.prj_pi).toEqual({ first_name: 'Dana' });
    expect(requests[0]).toMatchObject({ method: 'GET', path: 'process-execution-history/peh_1' });
    // A server before the paging (issue #29) answered every step, without meta.
    expect(meta).toEqual({ total: 0, limit: 1, offset: 0 });
  });

  it('asks for a page of the steps and answers where the page is (issue #29)', async () => {
    const { api, requests } = fakeTransport(() => ({
      data: {
        id: 'peh_1',
        workspace: 'ws_harbor',
        process: 'proc_pi',
        processName: 'Personal Injury intake',
        subProcess: null,
        status: 'completed',
        userId: 'usr_1',
        agentName: 'Ivy Intake',
        startTime: NOW,
        endTime: NOW,
        appStatus: 'COMPLETED',
        stepCount: 130,
        executionHistory: { processVariables: {}, steps: [] },
        stepHistories: [],
      },
      meta: { total: 130, limit: 21, offset: 19 },
    }));
    const { meta } = await fetchExecutionHistory(api, 'peh_1', { limit: 21, offset: 19 });
    expect(requests[0].query).toEqual({ 'page[limit]': 21, 'page[offset]': 19 });
    expect(meta).toEqual({ total: 130, limit: 21, offset: 19 });
  });
});
