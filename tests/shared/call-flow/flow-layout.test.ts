import { describe, expect, it } from 'vitest';
import { processDefinitionSchema, type ProcessDefinitionInput } from '@/shared/contracts/call-flow';
import { layoutFlow, startStepOf } from '@/shared/call-flow/flow-layout';
import { personalInjuryIntake } from '@/server/seed/call-flows/personal-injury-intake';

// Issue #34: the designer's map, laid out automatically.

const SMALL = { nodeWidth: 100, nodeHeight: 40, gapX: 20, gapY: 30 };

function flow(
  steps: Array<[id: string, routes: Array<string | [string, string]>]>,
  startStepId?: string,
) {
  const input: ProcessDefinitionInput = {
    uid: 'p',
    name: 'P',
    workspace: 'ws',
    prj_id: 'main',
    ...(startStepId ? { startStepId } : {}),
    steps: steps.map(([id, routes]) => ({
      id,
      name: id,
      type: routes.length === 0 ? 'END' : 'TASK',
      prj_id: 'main',
      routes: routes.map((to) => ({
        flo_element_origin: id,
        flo_element_dest: typeof to === 'string' ? to : to[0],
        flo_condition: typeof to === 'string' ? '' : to[1],
      })),
    })),
  };
  return processDefinitionSchema.parse(input);
}

const place = (layout: ReturnType<typeof layoutFlow>) =>
  Object.fromEntries(layout.steps.map((s) => [s.stepId, [s.row, s.column, s.x, s.y]]));

describe('the call-flow map layout (issue #34)', () => {
  it('puts each step a row below the step that first reaches it, branches side by side, centred', () => {
    const layout = layoutFlow(
      flow([
        ['ask', [['adult', '@#age >= 18'], 'minor']],
        ['adult', ['end']],
        ['minor', ['end']],
        ['end', []],
      ]),
      SMALL,
    );
    expect(place(layout)).toEqual({
      ask: [0, 0, 60, 0],
      adult: [1, 0, 0, 70],
      minor: [1, 1, 120, 70],
      end: [2, 0, 60, 140],
    });
    expect(layout.width).toBe(220);
    expect(layout.height).toBe(180);
    expect(layout.routes[0]).toEqual({
      from: 'ask',
      to: 'adult',
      condition: '@#age >= 18',
      back: false,
      dangling: false,
    });
  });

  it('marks a route back up as a loop, and a route to nowhere as dangling', () => {
    const layout = layoutFlow(
      flow([
        ['ask', ['check']],
        ['check', [['ask', "@@ok == ''"], 'end', 'ghost']],
        ['end', []],
      ]),
      SMALL,
    );
    const back = layout.routes.find((r) => r.to === 'ask')!;
    expect(back.back).toBe(true);
    expect(layout.routes.find((r) => r.to === 'ghost')).toMatchObject({
      dangling: true,
      back: false,
    });
  });

  it('starts at the start step, and puts the steps nothing reaches last', () => {
    const definition = flow(
      [
        ['orphan', ['end']],
        ['ask', ['end']],
        ['end', []],
      ],
      'ask',
    );
    expect(startStepOf(definition)).toBe('ask');
    const layout = layoutFlow(definition, SMALL);
    const orphan = layout.steps.find((s) => s.stepId === 'orphan')!;
    expect(orphan).toMatchObject({ row: 2, unreachable: true });
    expect(layout.steps.find((s) => s.stepId === 'end')).toMatchObject({
      row: 1,
      unreachable: false,
    });
  });

  it('lays out the seeded Personal Injury intake with every step once and no overlap', () => {
    const definition = processDefinitionSchema.parse(
      personalInjuryIntake('ws_harbor', new Date('2026-11-30T12:00:00Z')),
    );
    const layout = layoutFlow(definition);
    expect(layout.steps.map((s) => s.stepId).sort()).toEqual(
      definition.steps.map((s) => s.id).sort(),
    );
    const corners = new Set(layout.steps.map((s) => `${s.x},${s.y}`));
    expect(corners.size).toBe(layout.steps.length);
    expect(layout.steps.filter((s) => s.unreachable)).toEqual([]);
    expect(layout.steps.every((s) => s.x >= 0 && s.x + 200 <= layout.width)).toBe(true);
  });
});
