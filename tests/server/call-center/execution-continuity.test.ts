import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialCallFlowState } from '@/shared/call-flow/engine';
import { MAX_DRAFT_BYTES } from '@/shared/call-flow/drafts';
import type { CallFlowState } from '@/shared/contracts/call-flow';
import {
  ALREADY_RESUMED_MESSAGE,
  callCenterPaths,
  executionHistoryCreatedSchema,
  MAX_PARKED_STATE_BYTES,
  parkedExecutionListResponseSchema,
  resumedExecutionResponseSchema,
  stepDraftResponseSchema,
  TAKEN_OVER_MESSAGE,
} from '@/shared/contracts/call-flow-api';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Issue #28 "Typed answers are never lost" and "Park this walk-in and take the call": the
// server's drafts and parked walk-ins, over HTTP on a fresh database. Who may (the
// execution's agent writes; managers read drafts; another workspace sees a 404), the caps,
// and the server deleting them when a step is submitted and when the execution ends.

const HARBOR = 'ws_harbor';
const SUMMIT = 'ws_summit';
const NOW = new Date().toISOString();

type Who = 'agent' | 'otherAgent' | 'owner' | 'system' | 'otherWorkspace';

describe('drafts and parked walk-ins on the server', () => {
  let t: TestServer;
  const cc = {} as Record<Who, ReturnType<typeof callCenter>>;

  beforeAll(async () => {
    t = await startTestServer();
    const users: Record<Who, string> = {
      agent: 'intake@harbor.test',
      otherAgent: 'agent@harbor.test',
      owner: 'owner@harbor.test',
      system: 'system@intake.test',
      otherWorkspace: 'owner@summit.test',
    };
    for (const [who, username] of Object.entries(users) as [Who, string][]) {
      cc[who] = callCenter(t, (await t.signIn(username)).accessToken);
    }
  });
  afterAll(() => t.close());

  async function newExecution(): Promise<string> {
    const answer = await cc.agent(callCenterPaths.executionHistories(), {
      method: 'POST',
      body: {
        workspace: HARBOR,
        user: 'agent-1',
        process: 'pi-intake',
        subProcess: null,
        status: 'started',
        startTime: NOW,
        endTime: null,
        executionHistory: { processVariables: {}, steps: [] },
      },
    });
    expect(answer.status).toBe(200);
    return executionHistoryCreatedSchema.parse(answer.body).id;
  }

  const putDraft = (who: Who, id: string, stepId: string, values: unknown) =>
    cc[who](callCenterPaths.stepDraft(id, stepId), { method: 'PUT', body: { values } });
  const getDraft = (who: Who, id: string, stepId: string) =>
    cc[who](callCenterPaths.stepDraft(id, stepId));
  async function draftValues(id: string, stepId: string) {
    const answer = await getDraft('agent', id, stepId);
    expect(answer.status).toBe(200);
    return stepDraftResponseSchema.parse(answer.body).data?.values ?? null;
  }
  const end = (id: string, status: 'completed' | 'partial-complete') =>
    cc.agent(callCenterPaths.executionHistory(id), {
      method: 'PATCH',
      body: { status, endTime: new Date().toISOString() },
    });

  function walkIn(id: string, leadName = 'Walk In', phone = '+15550100'): CallFlowState {
    return {
      ...initialCallFlowState(),
      status: 'at-form',
      processExecutionHistoryId: id,
      callData: { leadName, phone },
      processVariables: { 'pi-intake': { firstName: 'Wanda' } },
      startTime: NOW,
    };
  }
  const park = (who: Who, id: string, state: unknown) =>
    cc[who](callCenterPaths.parkedExecution(id), { method: 'PUT', body: { state } });
  const resume = (who: Who, id: string, holder?: string) =>
    cc[who](callCenterPaths.resumeParkedExecution(id), {
      method: 'POST',
      ...(holder ? { body: { holder } } : {}),
    });
  const TAB_A = 'holder-tab-a';
  const TAB_B = 'holder-tab-b';
  const saveOpen = (who: Who, id: string, state: unknown, holder = TAB_A) =>
    cc[who](callCenterPaths.flowState(id), { method: 'PUT', body: { state, holder } });
  function atStep(id: string, title: string, leadName = 'Olive Open'): CallFlowState {
    return {
      ...walkIn(id, leadName, '+15550123'),
      wizardStep: {
        title,
        dyn_uid: 'dyn-1',
        tas_uid: 'tas-1',
        pro_uid: 'pi-intake',
        app_uid: 'app-1',
        del_index: 1,
        content: {
          dyn_uid: 'dyn-1',
          title,
          fields: [{ type: 'text', name: 'firstName', label: 'First name', validators: [] }],
        },
        vars: {},
      },
    };
  }
  async function listed(who: Who = 'agent') {
    const answer = await cc[who](callCenterPaths.workspaceParkedExecutions(HARBOR));
    expect(answer.status).toBe(200);
    return parkedExecutionListResponseSchema.parse(answer.body).data;
  }

  describe('step drafts', () => {
    it('keeps the last values the agent saved and gives them back to the agent', async () => {
      const id = await newExecution();
      expect(await draftValues(id, 'pi-caller')).toBeNull();
      expect((await putDraft('agent', id, 'pi-caller', { firstName: 'Jo' })).status).toBe(204);
      expect((await putDraft('agent', id, 'pi-caller', { firstName: 'Joan' })).status).toBe(204);
      const answer = stepDraftResponseSchema.parse((await getDraft('agent', id, 'pi-caller')).body);
      expect(answer.data?.values).toEqual({ firstName: 'Joan' });
      expect(Date.parse(answer.data?.updatedAt ?? '')).not.toBeNaN();
    });

    it('lets only the agent write, the agent and managers read, and hides it from another workspace', async () => {
      const id = await newExecution();
      await putDraft('agent', id, 'pi-caller', { firstName: 'Jo' });
      const writes: Record<Who, number> = {
        agent: 204,
        otherAgent: 403,
        owner: 403,
        system: 403,
        otherWorkspace: 404,
      };
      const reads: Record<Who, number> = {
        agent: 200,
        otherAgent: 403,
        owner: 200,
        system: 200,
        otherWorkspace: 404,
      };
      for (const who of Object.keys(writes) as Who[]) {
        const put = await putDraft(who, id, 'pi-caller', { firstName: `by ${who}` });
        expect({ who, status: put.status }).toEqual({ who, status: writes[who] });
        const del = await cc[who](callCenterPaths.stepDraft(id, 'pi-other'), { method: 'DELETE' });
        expect({ who, status: del.status }).toEqual({ who, status: writes[who] });
        const get = await getDraft(who, id, 'pi-caller');
        expect({ who, status: get.status }).toEqual({ who, status: reads[who] });
        if (reads[who] === 200) {
          // Nobody but the agent changed it.
          expect(stepDraftResponseSchema.parse(get.body).data?.values).toEqual({
            firstName: 'by agent',
          });
        } else {
          expect(JSON.stringify(get.body)).not.toContain('by agent');
        }
      }
      expect((await putDraft('agent', 'no-such-execution', 'pi-caller', {})).status).toBe(404);
    });

    it('refuses a draft over the cap with a 413 that says why, and keeps the last one', async () => {
      const id = await newExecution();
      await putDraft('agent', id, 'pi-caller', { firstName: 'Jo' });
      const huge = await putDraft('agent', id, 'pi-caller', { notes: 'x'.repeat(MAX_DRAFT_BYTES) });
      expect(huge.status).toBe(413);
      expect((huge.body as { message: string }).message).toMatch(/larger than 256 KB/);
      expect(await draftValues(id, 'pi-caller')).toEqual({ firstName: 'Jo' });
    });

    it('answers 400 to bad input, never 500', async () => {
      const id = await newExecution();
      for (const body of [
        null,
        'text',
        [],
        {},
        { values: [] },
        { values: 'x' },
        { values: {}, extra: 1 },
      ]) {
        const answer = await cc.agent(callCenterPaths.stepDraft(id, 'pi-caller'), {
          method: 'PUT',
          body: body === null ? undefined : body,
        });
        expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      }
      // Ids beyond their columns: refused (the server's URL bound may answer 414 first).
      const longStep = await putDraft('agent', id, 's'.repeat(129), {});
      expect([400, 414]).toContain(longStep.status);
      const longId = await getDraft('agent', 'i'.repeat(65), 'pi-caller');
      expect([400, 414]).toContain(longId.status);
    });

    it("deletes a step's draft when the step is submitted, not when the agent goes back", async () => {
      const id = await newExecution();
      await putDraft('agent', id, 'pi-caller', { firstName: 'Jo' });
      await putDraft('agent', id, 'pi-details', { injury: 'Knee' });
      const step = (direction: 'forward' | 'backward', previous: string, current: string) =>
        cc.agent(callCenterPaths.stepHistories(), {
          method: 'POST',
          body: {
            processExecutionHistoryId: id,
            previousStepId: previous,
            currentStepId: current,
            currentStepName: current,
            currentStepType: 'TASK',
            currentStepProcessId: 'pi-intake',
            variableState: {},
            direction,
            executedOn: new Date().toISOString(),
          },
        });
      expect((await step('backward', 'pi-details', 'pi-caller')).status).toBe(200);
      expect(await draftValues(id, 'pi-details')).toEqual({ injury: 'Knee' });
      expect((await step('forward', 'pi-caller', 'pi-details')).status).toBe(200);
      expect(await draftValues(id, 'pi-caller')).toBeNull();
      expect(await draftValues(id, 'pi-details')).toEqual({ injury: 'Knee' });
    });

    it.each(['completed', 'partial-complete'] as const)(
      'deletes every draft of an execution that ends %s, and keeps no later one',
      async (status) => {
        const id = await newExecution();
        await putDraft('agent', id, 'pi-caller', { firstName: 'Jo' });
        await putDraft('agent', id, 'pi-details', { injury: 'Knee' });
        expect((await end(id, status)).status).toBe(200);
        expect(await draftValues(id, 'pi-caller')).toBeNull();
        expect(await draftValues(id, 'pi-details')).toBeNull();
        const late = await putDraft('agent', id, 'pi-caller', { firstName: 'Late' });
        expect(late.status).toBe(409);
        expect(await draftValues(id, 'pi-caller')).toBeNull();
      },
    );
  });

  describe('parked walk-ins', () => {
    it('parks a walk-in, lists it for its agent only, and resumes it once', async () => {
      const first = await newExecution();
      const second = await newExecution();
      expect((await park('agent', first, walkIn(first, 'Early Bird'))).status).toBe(204);
      expect((await park('agent', second, walkIn(second, 'Late Comer', '+15550199'))).status).toBe(
        204,
      );
      const listed = await cc.agent(callCenterPaths.workspaceParkedExecutions(HARBOR));
      expect(listed.status).toBe(200);
      const mine = parkedExecutionListResponseSchema
        .parse(listed.body)
        .data.filter((p) => p.executionId === first || p.executionId === second);
      // Newest first, with what a list shows.
      expect(mine.map((p) => [p.leadName, p.phone])).toEqual([
        ['Late Comer', '+15550199'],
        ['Early Bird', '+15550100'],
      ]);
      expect(mine.map((p) => p.processName)).toEqual([
        'Personal Injury intake',
        'Personal Injury intake',
      ]);

      const others = await cc.otherAgent(callCenterPaths.workspaceParkedExecutions(HARBOR));
      expect(parkedExecutionListResponseSchema.parse(others.body).data).toEqual([]);
      expect((await cc.agent(callCenterPaths.workspaceParkedExecutions(SUMMIT))).status).toBe(403);

      const resumed = await resume('agent', first);
      expect(resumed.status).toBe(200);
      const state = resumedExecutionResponseSchema.parse(resumed.body).data.state;
      expect(state.callData?.leadName).toBe('Early Bird');
      expect(state.processVariables['pi-intake']).toEqual({ firstName: 'Wanda' });
      const again = await resume('agent', first);
      expect(again.status).toBe(404);
      expect((again.body as { message: string }).message).toBe(ALREADY_RESUMED_MESSAGE);
      const after = await cc.agent(callCenterPaths.workspaceParkedExecutions(HARBOR));
      expect(
        parkedExecutionListResponseSchema.parse(after.body).data.map((p) => p.executionId),
      ).not.toContain(first);
    });

    it('gives the state to one of two resumes at once', async () => {
      const id = await newExecution();
      await park('agent', id, walkIn(id));
      const answers = await Promise.all([resume('agent', id), resume('agent', id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    });

    it('lets only the agent park and resume, and hides it from another workspace', async () => {
      const id = await newExecution();
      const expected: Record<Who, number> = {
        agent: 204,
        otherAgent: 403,
        owner: 403,
        system: 403,
        otherWorkspace: 404,
      };
      for (const who of ['otherAgent', 'owner', 'system', 'otherWorkspace', 'agent'] as Who[]) {
        const parked = await park(who, id, walkIn(id));
        expect({ who, status: parked.status }).toEqual({ who, status: expected[who] });
      }
      for (const who of ['otherAgent', 'owner', 'system', 'otherWorkspace'] as Who[]) {
        const answer = await resume(who, id);
        expect({ who, status: answer.status }).toEqual({ who, status: expected[who] });
      }
      // Still parked for its agent after every refusal.
      expect((await resume('agent', id)).status).toBe(200);
    });

    it('refuses a state that is too large, another execution, or not a state (never 500)', async () => {
      const id = await newExecution();
      const other = await newExecution();
      const huge = walkIn(id);
      huge.processVariables = { 'pi-intake': { notes: 'x'.repeat(MAX_PARKED_STATE_BYTES) } };
      const tooLarge = await park('agent', id, huge);
      expect(tooLarge.status).toBe(413);
      expect((tooLarge.body as { message: string }).message).toMatch(/larger than 1 MB/);
      expect((await park('agent', id, walkIn(other))).status).toBe(400);
      for (const state of [undefined, null, 'x', {}, { ...walkIn(id), status: 'nope' }]) {
        const answer = await park('agent', id, state);
        expect({ state, status: answer.status }).toEqual({ state, status: 400 });
      }
      expect((await resume('agent', id)).status).toBe(404);
    });

    it.each(['completed', 'partial-complete'] as const)(
      'drops the parked walk-in when its execution ends %s',
      async (status) => {
        const id = await newExecution();
        await park('agent', id, walkIn(id));
        expect((await end(id, status)).status).toBe(200);
        expect((await resume('agent', id)).status).toBe(404);
        expect((await park('agent', id, walkIn(id))).status).toBe(409);
      },
    );
  });

  describe('unfinished intakes (open ones)', () => {
    it('keeps the latest state of an intake in progress and lists it with its kind and step, newest first', async () => {
      const parkedId = await newExecution();
      const openId = await newExecution();
      await park('agent', parkedId, walkIn(parkedId, 'Parked Pat'));
      expect((await saveOpen('agent', openId, atStep(openId, 'Caller information'))).status).toBe(
        204,
      );
      const later = atStep(openId, 'Accident details');
      later.processVariables = { 'pi-intake': { firstName: 'Olive', injury: 'Wrist' } };
      expect((await saveOpen('agent', openId, later)).status).toBe(204);

      const mine = (await listed()).filter(
        (p) => p.executionId === parkedId || p.executionId === openId,
      );
      expect(mine.map((p) => [p.executionId, p.kind, p.leadName, p.stepTitle])).toEqual([
        [openId, 'open', 'Olive Open', 'Accident details'],
        [parkedId, 'parked', 'Parked Pat', null],
      ]);
      expect(await listed('otherAgent')).toEqual([]);

      // Resumed anywhere (another computer, a new holder): the latest state, once.
      const resumed = await resume('agent', openId);
      expect(resumed.status).toBe(200);
      const state = resumedExecutionResponseSchema.parse(resumed.body).data.state;
      expect(state.wizardStep?.title).toBe('Accident details');
      expect(state.processVariables['pi-intake']).toEqual({ firstName: 'Olive', injury: 'Wrist' });
      expect((await resume('agent', openId)).status).toBe(404);
    });

    it('never turns a parked walk-in back into an open one, nor changes its state', async () => {
      const id = await newExecution();
      await park('agent', id, walkIn(id, 'Parked Pat'));
      // A late save of the wizard that parked it: accepted, and nothing changes.
      expect((await saveOpen('agent', id, atStep(id, 'Later step', 'Changed'))).status).toBe(204);
      const row = (await listed()).find((p) => p.executionId === id);
      expect([row?.kind, row?.leadName]).toEqual(['parked', 'Parked Pat']);
      // Parking an open one makes it parked.
      const open = await newExecution();
      await saveOpen('agent', open, atStep(open, 'Caller information'));
      await park('agent', open, walkIn(open, 'Now Parked'));
      expect((await listed()).find((p) => p.executionId === open)?.kind).toBe('parked');
    });

    it('lets the last Resume take an intake: the wizard that ran it is refused its next save (409)', async () => {
      const id = await newExecution();
      expect((await saveOpen('agent', id, atStep(id, 'Caller information'), TAB_A)).status).toBe(
        204,
      );
      // Another computer's save without resuming it first: refused, the record is tab A's.
      const stray = await saveOpen('agent', id, atStep(id, 'Stray'), TAB_B);
      expect(stray.status).toBe(409);
      expect((stray.body as { message: string }).message).toBe(TAKEN_OVER_MESSAGE);

      // Tab B resumes it: it stays listed as open (held by B) with the state A saved.
      const resumed = await resume('agent', id, TAB_B);
      expect(resumed.status).toBe(200);
      expect(resumedExecutionResponseSchema.parse(resumed.body).data.state.wizardStep?.title).toBe(
        'Caller information',
      );
      expect((await listed()).find((p) => p.executionId === id)?.kind).toBe('open');
      expect((await saveOpen('agent', id, atStep(id, 'By B'), TAB_B)).status).toBe(204);
      expect((await saveOpen('agent', id, atStep(id, 'By A'), TAB_A)).status).toBe(409);
      expect((await listed()).find((p) => p.executionId === id)?.stepTitle).toBe('By B');

      // A parked walk-in resumed with a holder becomes that wizard's open intake.
      const walk = await newExecution();
      await park('agent', walk, walkIn(walk));
      expect((await resume('agent', walk, TAB_A)).status).toBe(200);
      expect((await listed()).find((p) => p.executionId === walk)?.kind).toBe('open');
      expect((await saveOpen('agent', walk, atStep(walk, 'Resumed'), TAB_A)).status).toBe(204);
    });

    it('lets only the agent save and resume it, and hides it from another workspace', async () => {
      const id = await newExecution();
      const expected: Record<Who, number> = {
        agent: 204,
        otherAgent: 403,
        owner: 403,
        system: 403,
        otherWorkspace: 404,
      };
      for (const who of ['otherAgent', 'owner', 'system', 'otherWorkspace', 'agent'] as Who[]) {
        const saved = await saveOpen(who, id, atStep(id, `by ${who}`));
        expect({ who, status: saved.status }).toEqual({ who, status: expected[who] });
      }
      for (const who of ['otherAgent', 'owner', 'system', 'otherWorkspace'] as Who[]) {
        const answer = await resume(who, id, TAB_B);
        expect({ who, status: answer.status }).toEqual({ who, status: expected[who] });
      }
      expect((await listed()).find((p) => p.executionId === id)?.stepTitle).toBe('by agent');
    });

    it('refuses bad input with a 400 or 413, never 500', async () => {
      const id = await newExecution();
      const other = await newExecution();
      const huge = atStep(id, 'Huge');
      huge.processVariables = { 'pi-intake': { notes: 'x'.repeat(MAX_PARKED_STATE_BYTES) } };
      expect((await saveOpen('agent', id, huge)).status).toBe(413);
      expect((await saveOpen('agent', id, atStep(other, 'Other'))).status).toBe(400);
      for (const body of [
        undefined,
        {},
        { state: atStep(id, 'No holder') },
        { state: atStep(id, 'Short'), holder: 'x' },
        { state: { status: 'nope' }, holder: TAB_A },
        { state: atStep(id, 'Extra'), holder: TAB_A, extra: 1 },
      ]) {
        const answer = await cc.agent(callCenterPaths.flowState(id), { method: 'PUT', body });
        expect({ body: JSON.stringify(body)?.slice(0, 40), status: answer.status }).toEqual({
          body: JSON.stringify(body)?.slice(0, 40),
          status: 400,
        });
      }
      for (const body of [{ holder: 'x' }, { holder: 5 }, { other: 1 }, 'text']) {
        const answer = await cc.agent(callCenterPaths.resumeParkedExecution(id), {
          method: 'POST',
          body,
        });
        expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      }
      expect(await listed().then((all) => all.some((p) => p.executionId === id))).toBe(false);
    });

    it.each(['completed', 'partial-complete'] as const)(
      'drops the open intake when its execution ends %s, and answers 409 to a later save',
      async (status) => {
        const id = await newExecution();
        await saveOpen('agent', id, atStep(id, 'Caller information'));
        expect((await end(id, status)).status).toBe(200);
        expect((await listed()).some((p) => p.executionId === id)).toBe(false);
        expect((await saveOpen('agent', id, atStep(id, 'Late'))).status).toBe(409);
        expect((await resume('agent', id, TAB_A)).status).toBe(404);
      },
    );
  });
});
