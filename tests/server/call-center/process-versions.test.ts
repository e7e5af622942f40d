import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  processDefinitionSchema,
  startCaseResponseSchema,
  type ProcessDefinitionInput,
} from '@/shared/contracts/call-flow';
import {
  executionHistoryCreatedSchema,
  executionHistoryDetailResponseSchema,
  processDefinitionResponseSchema,
  processSavedResponseSchema,
  processVersionListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Issue #34 "Versions": publishing makes a new version; calls in progress keep the version
// they started with; execution histories name the version; the previous version can be
// restored. Against the real server with a fresh database, as Harbor's owner and agent.

const HARBOR = 'ws_harbor';
const UID = 'walk-in';

/** A two-step flow whose form is `formId` with one field labelled `label`. */
function walkIn(formId: string, label: string): ProcessDefinitionInput {
  return {
    uid: UID,
    name: 'Walk-in',
    workspace: HARBOR,
    prj_id: 'p',
    steps: [
      {
        id: 'ask',
        name: 'Ask',
        type: 'TASK',
        prj_id: 'p',
        dynaform: {
          dyn_uid: formId,
          title: 'Ask',
          fields: [{ type: 'text', name: 'answer', label }],
        },
        routes: [{ flo_condition: '', flo_element_origin: 'ask', flo_element_dest: 'end' }],
      },
      { id: 'end', name: 'End', type: 'END', prj_id: 'p' },
    ],
  };
}

describe('process versions (issue #34)', () => {
  let t: TestServer;
  let owner: ReturnType<typeof callCenter>;
  let agent: ReturnType<typeof callCenter>;
  beforeAll(async () => {
    t = await startTestServer();
    owner = callCenter(t, (await t.signIn('owner@harbor.test')).accessToken);
    agent = callCenter(t, (await t.signIn('intake@harbor.test')).accessToken);
  });
  afterAll(() => t.close());

  const publish = async (definition: ProcessDefinitionInput) => {
    const answer = await owner(`workspaces/${HARBOR}/processes/${UID}`, {
      method: 'PUT',
      body: definition,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return processSavedResponseSchema.parse(answer.body).data;
  };

  /** What a call does first: its execution history (naming a version, or not), then its case. */
  /** An execution history of the walk-in flow, on `processVersion` when given. */
  const openHistory = (processVersion?: number) =>
    agent('process-execution-history', {
      method: 'POST',
      body: {
        workspace: HARBOR,
        user: 'agent-1',
        process: UID,
        subProcess: null,
        status: 'started',
        startTime: new Date().toISOString(),
        endTime: null,
        ...(processVersion === undefined ? {} : { processVersion }),
        executionHistory: { processVariables: {}, steps: [] },
      },
    });

  const startCall = async (processVersion?: number) => {
    const history = await openHistory(processVersion);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const started = await agent(`processes/${UID}`, {
      method: 'POST',
      body: { process: UID, tas_uid: 'ask', variables: {}, workspaceId: HARBOR },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return {
      historyId: executionHistoryCreatedSchema.parse(history.body).id,
      appUid: startCaseResponseSchema.parse(started.body).app_uid,
    };
  };

  const submit = (appUid: string, formId: string) =>
    agent(`processes/${UID}`, {
      method: 'PUT',
      body: { process: UID, app_uid: appUid, dyn_uid: formId, del_index: 1, case_vars: { a: 'x' } },
    });

  const historyVersion = async (id: string) =>
    executionHistoryDetailResponseSchema.parse(
      (await owner(`process-execution-history/${id}`)).body,
    ).data.processVersion;

  it('publishes version 1, and the same content again publishes nothing', async () => {
    expect((await publish(walkIn('f-ask', 'Answer'))).version).toBe(1);
    expect((await publish(walkIn('f-ask', 'Answer'))).version).toBe(1);
    const read = processDefinitionResponseSchema.parse(
      (await agent(`processes/${UID}?workspace=${HARBOR}`)).body,
    ).data;
    expect(read.version).toBe(1);
  });

  it('keeps a call on the version it started with while version 2 is published', async () => {
    const onOne = await startCall(1);
    expect(await historyVersion(onOne.historyId)).toBe(1);

    // Version 2 renames the form: calls on version 1 still submit theirs.
    expect((await publish(walkIn('f-ask-2', 'Your answer'))).version).toBe(2);
    const submitted = await submit(onOne.appUid, 'f-ask');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // A new call runs version 2: the old form is not in it.
    const onTwo = await startCall();
    expect(await historyVersion(onTwo.historyId)).toBe(2);
    expect((await submit(onTwo.appUid, 'f-ask')).status).toBe(400);
    expect((await submit(onTwo.appUid, 'f-ask-2')).status).toBe(200);
  });

  it('lists the versions newest first with who published them, and restores an old one as the newest', async () => {
    const list = processVersionListResponseSchema.parse(
      (await owner(`workspaces/${HARBOR}/processes/${UID}/versions`)).body,
    ).data;
    expect(list.map((v) => [v.version, v.restoredFrom])).toEqual([
      [2, null],
      [1, null],
    ]);
    expect(list[0]!.publishedBy).toMatch(/\w/);

    const restored = await owner(`workspaces/${HARBOR}/processes/${UID}/versions/1/restore`, {
      method: 'POST',
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(processSavedResponseSchema.parse(restored.body).data.version).toBe(3);
    const head = processDefinitionSchema.parse(
      processDefinitionResponseSchema.parse(
        (await agent(`processes/${UID}?workspace=${HARBOR}`)).body,
      ).data,
    );
    expect(head.version).toBe(3);
    expect(head.steps[0]!.dynaform?.dyn_uid).toBe('f-ask');
    const after = processVersionListResponseSchema.parse(
      (await owner(`workspaces/${HARBOR}/processes/${UID}/versions`)).body,
    ).data;
    expect(after[0]).toMatchObject({ version: 3, restoredFrom: 1 });
  });

  it('refuses an unknown version, and versions to an agent', async () => {
    const history = await openHistory(99);
    expect(history.status).toBe(400);
    expect(JSON.stringify(history.body)).toContain('no version 99');
    expect(
      (
        await owner(`workspaces/${HARBOR}/processes/${UID}/versions/99/restore`, {
          method: 'POST',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner(`workspaces/${HARBOR}/processes/${UID}/versions/zero/restore`, {
          method: 'POST',
        })
      ).status,
    ).toBe(400);
    expect((await agent(`workspaces/${HARBOR}/processes/${UID}/versions`)).status).toBe(403);
    expect((await owner(`workspaces/${HARBOR}/processes/nope/versions`)).status).toBe(404);
  });

  it('names version 1 for the seeded flows published before versions existed', async () => {
    const seeded = processVersionListResponseSchema.parse(
      (await owner(`workspaces/${HARBOR}/processes/pi-intake/versions`)).body,
    ).data;
    expect(seeded.map((v) => v.version)).toEqual([1]);
  });
});
