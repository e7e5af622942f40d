import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessDefinitionInput } from '@/shared/contracts/call-flow';
import {
  definitionRejectedSchema,
  processDefinitionResponseSchema,
  processListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Process definitions as data (issue 11 Server): listed per workspace, read by uid or
// name, saved by owners, admins and system, refused with a 400 naming the step and the
// problem when they are bad; another workspace's and Zoho workspaces' answer no data.

function smallFlow(workspace: string): ProcessDefinitionInput {
  return {
    uid: 'walk-in',
    name: 'Walk-in',
    description: 'A two-step flow',
    workspace,
    prj_id: 'p',
    steps: [
      {
        id: 'ask',
        name: 'Ask',
        type: 'TASK',
        prj_id: 'p',
        dynaform: {
          dyn_uid: 'f-ask',
          title: 'Ask',
          fields: [{ type: 'text', name: 'answer', label: 'Answer' }],
        },
        routes: [{ flo_condition: '', flo_element_origin: 'ask', flo_element_dest: 'end' }],
      },
      { id: 'end', name: 'End', type: 'END', prj_id: 'p' },
    ],
  };
}

describe('process definitions', () => {
  let t: TestServer;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestServer();
    for (const [key, user] of [
      ['intake', 'intake@harbor.test'],
      ['harborOwner', 'owner@harbor.test'],
      ['summitOwner', 'owner@summit.test'],
      ['summitAgent', 'agent@summit.test'],
      ['lakesideOwner', 'owner@lakeside.test'],
      ['consultant', 'consultant@lakeside.test'],
      ['system', 'system@intake.test'],
    ] as const) {
      token[key] = (await t.signIn(user)).accessToken;
    }
  });
  afterAll(() => t.close());

  it('lists the seeded intake of each non-Zoho demo workspace with its step counts', async () => {
    const harbor = processListResponseSchema.parse(
      (await callCenter(t, token.intake)('workspaces/ws_harbor/processes')).body,
    );
    expect(harbor.data).toEqual([
      expect.objectContaining({ id: 'pi-intake', name: 'Personal Injury intake' }),
    ]);
    expect(harbor.data[0].formStepCount).toBeGreaterThanOrEqual(8);
    expect(harbor.data[0].stepCount).toBeGreaterThan(harbor.data[0].formStepCount);
    const summit = processListResponseSchema.parse(
      (await callCenter(t, token.summitAgent)('workspaces/ws_summit/processes')).body,
    );
    expect(summit.data.map((p) => p.id)).toEqual(['imm-intake']);
  });

  it('answers a definition by uid and by process name', async () => {
    const byUid = processDefinitionResponseSchema.parse(
      (await callCenter(t, token.intake)('processes/pi-intake?workspace=ws_harbor')).body,
    );
    expect(byUid.data.startStepId).toBe('pi-caller');
    const byName = await callCenter(
      t,
      token.intake,
    )(
      `processes/anything?workspace=ws_harbor&processName=${encodeURIComponent('Personal Injury intake')}`,
    );
    expect(byName.status).toBe(200);
    expect(processDefinitionResponseSchema.parse(byName.body).data.uid).toBe('pi-intake');
    const missing = await callCenter(t, token.intake)('processes/nope?workspace=ws_harbor');
    expect(missing.status).toBe(404);
    const noWorkspace = await callCenter(t, token.intake)('processes/pi-intake');
    expect(noWorkspace.status).toBe(400);
  });

  it('gives nothing of another workspace, of a Zoho workspace, to a consultant or without a token', async () => {
    const cc = (key: string) => callCenter(t, token[key]);
    expect((await cc('summitOwner')('processes/pi-intake?workspace=ws_harbor')).status).toBe(403);
    expect((await cc('summitOwner')('workspaces/ws_harbor/processes')).status).toBe(403);
    const zoho = await cc('lakesideOwner')('workspaces/ws_lakeside/processes');
    expect(zoho.status).toBe(403);
    expect(zoho.body).toMatchObject({ message: expect.stringContaining('Zoho') });
    // The consultant's workspace is Zoho too; the guard answers first, never data.
    expect((await cc('consultant')('workspaces/ws_lakeside/processes')).status).toBe(403);
    expect((await t.api('/call-center/workspaces/ws_harbor/processes')).status).toBe(401);
    // System reads every workspace.
    expect((await cc('system')('workspaces/ws_summit/processes')).status).toBe(200);
  });

  it('saves a definition for owners and system, not for operators or another workspace', async () => {
    const put = (key: string, ws: string, body: unknown) =>
      callCenter(t, token[key])(`workspaces/${ws}/processes/walk-in`, { method: 'PUT', body });
    expect((await put('intake', 'ws_harbor', smallFlow('ws_harbor'))).status).toBe(403);
    expect((await put('summitOwner', 'ws_harbor', smallFlow('ws_harbor'))).status).toBe(403);
    const saved = await put('harborOwner', 'ws_harbor', smallFlow('ws_harbor'));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      data: { id: 'walk-in', name: 'Walk-in', stepCount: 2, formStepCount: 1 },
    });
    // Replacing keeps one row.
    expect(
      (await put('system', 'ws_harbor', { ...smallFlow('ws_harbor'), name: 'Walk-in 2' })).status,
    ).toBe(200);
    const list = processListResponseSchema.parse(
      (await callCenter(t, token.intake)('workspaces/ws_harbor/processes')).body,
    );
    expect(list.data.filter((p) => p.id === 'walk-in').map((p) => p.name)).toEqual(['Walk-in 2']);
    // The body may not name another workspace or uid than the path.
    const moved = await put('harborOwner', 'ws_harbor', smallFlow('ws_summit'));
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ message: expect.stringContaining('workspace') });
  });

  // issue #16: a flow may name the practice area it takes callers of (Users parameters
  // list an agent's areas' flows first); the demo intakes name their workspace's.
  it('links the seeded intakes to their practice area and checks a saved one', async () => {
    const areaId = async (ws: string, owner: string, name: string) => {
      const answer = await t.api(`/api/workspaces/${ws}/users-parameters`, { token: token[owner] });
      const areas = (answer.body as { data: { practiceAreas: { id: string; name: string }[] } })
        .data.practiceAreas;
      return areas.find((area) => area.name === name)?.id;
    };
    const pi = await areaId('ws_harbor', 'harborOwner', 'Personal Injury');
    const immigration = await areaId('ws_summit', 'summitOwner', 'Immigration');
    expect(pi).toBe('pa_harbor_01');
    expect(immigration).toMatch(/^pa_summit_/);
    const harbor = processListResponseSchema.parse(
      (await callCenter(t, token.intake)('workspaces/ws_harbor/processes')).body,
    );
    expect(harbor.data.find((p) => p.id === 'pi-intake')?.practiceAreaId).toBe(pi);
    const summit = processListResponseSchema.parse(
      (await callCenter(t, token.summitAgent)('workspaces/ws_summit/processes')).body,
    );
    expect(summit.data.find((p) => p.id === 'imm-intake')?.practiceAreaId).toBe(immigration);

    const put = (body: unknown) =>
      callCenter(t, token.harborOwner)('workspaces/ws_harbor/processes/walk-in-pa', {
        method: 'PUT',
        body,
      });
    const flow = { ...smallFlow('ws_harbor'), uid: 'walk-in-pa', name: 'Walk-in PI' };
    const saved = await put({ ...flow, practiceAreaId: pi });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: { practiceAreaId: pi } });
    // Another workspace's practice area, or none at all, is refused with a 400 naming it.
    const foreign = await put({ ...flow, practiceAreaId: immigration });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ message: expect.stringContaining('practiceAreaId') });
    expect((await put({ ...flow, practiceAreaId: 'pa_nowhere' })).status).toBe(400);
    // Without one (absent or null), the flow belongs to no practice area.
    const plain = await put(flow);
    expect(plain.body).toMatchObject({ data: { practiceAreaId: null } });
    const none = await put({ ...flow, practiceAreaId: null });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: { practiceAreaId: null } });
  });

  describe('refuses a bad definition with a 400 naming the step and the problem', () => {
    // [name, how to spoil the flow, problem code, a word of the message, the step named]
    const cases: [string, (def: ProcessDefinitionInput) => void, string, string, string][] = [
      [
        'a route to a missing step',
        (def) => {
          def.steps[0].routes![0].flo_element_dest = 'nowhere';
        },
        'route-to-missing-step',
        'nowhere',
        'ask',
      ],
      [
        'a malformed condition',
        (def) => {
          def.steps[0].routes![0].flo_condition = "@@answer == 'x' and (";
        },
        'malformed-condition',
        'malformed',
        'ask',
      ],
      [
        'an unknown trigger action',
        (def) => {
          def.steps[0].triggers = {
            BEFORE: [{ name: 'Run code', code: [{ action: 'runScript' } as never] }],
            AFTER: [],
          };
        },
        'unknown-trigger-action',
        'runScript',
        'ask',
      ],
      [
        'a cycle without a form',
        (def) => {
          def.steps.push(
            {
              id: 'loop-a',
              name: 'Loop A',
              type: 'SUB_PROCESS',
              prj_id: 'p',
              routes: [
                { flo_condition: '', flo_element_origin: 'loop-a', flo_element_dest: 'loop-b' },
              ],
            },
            {
              id: 'loop-b',
              name: 'Loop B',
              type: 'SUB_PROCESS',
              prj_id: 'p',
              routes: [
                { flo_condition: '', flo_element_origin: 'loop-b', flo_element_dest: 'loop-a' },
              ],
            },
          );
          def.steps[0].routes!.unshift({
            flo_condition: "@@answer == 'loop'",
            flo_element_origin: 'ask',
            flo_element_dest: 'loop-a',
          });
        },
        'cycle-without-form',
        'Loop',
        'loop-a',
      ],
    ];
    for (const [name, spoil, code, detail, stepId] of cases) {
      it(name, async () => {
        const def = smallFlow('ws_harbor');
        spoil(def);
        const answer = await callCenter(t, token.harborOwner)(
          'workspaces/ws_harbor/processes/walk-in',
          {
            method: 'PUT',
            body: def,
          },
        );
        expect(answer.status).toBe(400);
        const body = definitionRejectedSchema.parse(answer.body);
        const found = body.problems.find((p) => p.code === code);
        expect(found?.stepId).toBe(stepId);
        expect(body.message).toContain('Step "');
        expect(body.message).toContain(detail);
      });
    }
  });

  it('answers bad payloads with 4xx, never 500', async () => {
    const put = (body: unknown, headers?: Record<string, string>) =>
      callCenter(t, token.harborOwner)('workspaces/ws_harbor/processes/walk-in', {
        method: 'PUT',
        body,
        headers,
      });
    expect((await put('{"uid": "walk-in", ')).status).toBe(400);
    expect((await put('[1,2,3]')).status).toBe(400);
    expect((await put({ ...smallFlow('ws_harbor'), steps: 'many' })).status).toBe(400);
    expect((await put('{"__proto__": {"admin": true}, "name": "x"}')).status).toBe(400);
    const huge = await put({ ...smallFlow('ws_harbor'), name: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
    const longId = await callCenter(
      t,
      token.intake,
    )(`processes/${'x'.repeat(500)}?workspace=ws_harbor`);
    // Fastify refuses a path parameter over its length limit with 414 before any route runs.
    expect([400, 414]).toContain(longId.status);
  });
});
