import { describe, expect, it } from 'vitest';
import type { ProcessDefinitionInput } from '@/shared/contracts/call-flow';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import { formStep, step } from './fakes';

// Issue 11 "Bad input": a definition with a route to a missing step, a cycle without a form,
// a malformed condition or an unknown trigger action is refused at save time with the step
// and the problem named (the server answers 400 with these problems).

const base = (steps: unknown[], extra: Record<string, unknown> = {}): ProcessDefinitionInput =>
  ({
    uid: 'p',
    name: 'Intake',
    workspace: 'ws_harbor',
    prj_id: 'main',
    steps,
    ...extra,
  }) as ProcessDefinitionInput;

const problemsOf = (input: unknown) => {
  const result = validateProcessDefinition(input);
  return result.ok ? [] : result.problems;
};

describe('validateProcessDefinition (issue 11 Bad input)', () => {
  it('accepts a sound definition and answers it with defaults filled in', () => {
    const result = validateProcessDefinition(
      base([
        formStep('q1', 'a', [{ to: 'end', when: '@@a == "x"' }, { to: 'q1b' }]),
        formStep('q1b', 'b', [{ to: 'end' }]),
        step('end', 'END'),
      ]),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.definition.steps[2].triggers).toEqual({ BEFORE: [], AFTER: [] });
  });

  it('names the step whose route leads to a missing step', () => {
    expect(problemsOf(base([formStep('q1', 'a', [{ to: 'nowhere' }])]))).toEqual([
      {
        code: 'route-to-missing-step',
        stepId: 'q1',
        stepName: 'Step q1',
        path: 'steps.0.routes.0.flo_element_dest',
        message: 'Step "Step q1" (q1): route 1 leads to step nowhere, which does not exist',
      },
    ]);
  });

  it('finds a loop of form-less steps the engine could run forever, and names its steps', () => {
    const problems = problemsOf(
      base([
        formStep('q1', 'a', [{ to: 'x' }]),
        step('x', 'SUB_PROCESS', [{ to: 'y', when: '@@a == 1' }, { to: 'end' }]),
        step('y', 'SUB_PROCESS', [{ to: 'x' }]),
        step('end', 'END'),
      ]),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'cycle-without-form', stepId: 'x' });
    expect(problems[0].message).toContain('x → y');
  });

  it('finds a form-less step that routes to itself', () => {
    const problems = problemsOf(
      base([formStep('q1', 'a', [{ to: 'x' }]), step('x', 'SUB_PROCESS', [{ to: 'x' }])]),
    );
    expect(problems.map((p) => p.code)).toEqual(['cycle-without-form']);
  });

  it('accepts a loop that passes a form (the agent is asked again)', () => {
    expect(
      problemsOf(
        base([
          formStep('q1', 'a', [{ to: 'x' }]),
          step('x', 'SUB_PROCESS', [{ to: 'q1', when: '@@a == ""' }, { to: 'end' }]),
          step('end', 'END'),
        ]),
      ),
    ).toEqual([]);
  });

  it('names a malformed route condition with its position, and a malformed trigger condition with its trigger', () => {
    const problems = problemsOf(
      base([
        formStep('q1', 'a', [{ to: 'end', when: '@@a === ' }], {
          triggers: { BEFORE: [{ name: 'Prefill', condition: 'a == 1', code: [] }] },
        }),
        step('end', 'END'),
      ]),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['malformed-condition', 'steps.0.routes.0.flo_condition'],
      ['malformed-condition', 'steps.0.triggers.BEFORE.0.condition'],
    ]);
    expect(problems[0].message).toMatch(/route 1 is malformed: .* at position 9/);
    expect(problems[1].message).toContain('trigger "Prefill"');
  });

  it('names an unknown trigger action (trigger code is data, never script)', () => {
    const problems = problemsOf(
      base([
        formStep('q1', 'a', [], {
          triggers: {
            AFTER: [{ name: 'Run', code: [{ action: 'runScript', source: 'process.exit()' }] }],
          },
        }),
      ]),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'unknown-trigger-action',
        stepId: 'q1',
        path: 'steps.0.triggers.AFTER.0.code.0.action',
      }),
    ]);
    expect(problems[0].message).toContain('unknown trigger action "runScript"');
  });

  it('names a TASK step without a form, a route that starts elsewhere, and a duplicate step id', () => {
    const problems = problemsOf(
      base([
        formStep('q1', 'a', [{ to: 'task' }]),
        step('task', 'TASK', [{ to: 'q1' }]),
        { ...formStep('q2', 'b'), routes: [{ flo_element_origin: 'q1', flo_element_dest: 'q1' }] },
        formStep('q2', 'c'),
      ]),
    );
    expect(problems.map((p) => [p.code, p.stepId])).toEqual([
      ['duplicate-step', 'q2'],
      ['task-without-form', 'task'],
      ['route-origin-mismatch', 'q2'],
    ]);
  });

  it('names a custom regex validator that does not compile', () => {
    const problems = problemsOf(
      base([
        formStep('q1', 'a', [], {
          dynaform: {
            dyn_uid: 'd',
            title: 'T',
            fields: [
              {
                type: 'text',
                name: 'a',
                label: 'A',
                validators: [{ type: 'regex', pattern: '(', message: 'Bad' }],
              },
            ],
          },
        }),
      ]),
    );
    expect(problems.map((p) => p.code)).toEqual(['malformed-validator']);
  });

  it('refuses reserved variable names like __proto__ and a mapping to a project without steps', () => {
    const problems = problemsOf(
      base([formStep('q1', '__proto__')], {
        variablesMapping: [{ sourceProjectId: 'main', destinationProjectId: 'ghost', mapping: [] }],
      }),
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['invalid-shape', 'steps.0.dynaform.fields.0.name'],
    ]);
    expect(
      problemsOf(
        base([formStep('q1', 'a')], {
          variablesMapping: [
            { sourceProjectId: 'main', destinationProjectId: 'ghost', mapping: [] },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['unknown-mapping-project']);
  });

  it('answers shape problems for anything that is not a definition, never throws', () => {
    for (const input of [null, 42, 'x', [], { steps: 'no' }, { __proto__: { steps: [] } }]) {
      const problems = problemsOf(input);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((p) => p.code === 'invalid-shape')).toBe(true);
    }
  });
});
