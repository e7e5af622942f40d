import {
  processDefinitionSchema,
  TRIGGER_ACTIONS,
  type DefinitionProblem,
  type ProcessDefinition,
  type Step,
} from '../contracts/call-flow';
import { checkCondition } from './expression';

// Issue 11 "Bad input": a definition with a route to a missing step, a cycle without a form,
// a malformed condition or an unknown trigger action is refused at save time with a 400
// naming the step and the problem. Pure, so the server and tests use the same rules.

export type DefinitionValidation =
  { ok: true; definition: ProcessDefinition } | { ok: false; problems: DefinitionProblem[] };

type ProblemCode = DefinitionProblem['code'];

function stepLabel(stepId?: string, stepName?: string): string {
  if (stepName && stepId) return `Step "${stepName}" (${stepId})`;
  if (stepId) return `Step ${stepId}`;
  return 'The process';
}

function problem(
  code: ProblemCode,
  path: string,
  detail: string,
  step?: { id?: string; name?: string },
): DefinitionProblem {
  return {
    code,
    path,
    stepId: step?.id,
    stepName: step?.name,
    message: `${stepLabel(step?.id, step?.name)}: ${detail}`,
  };
}

/** The raw step at `steps[i]` of an input that did not parse, for naming it in a problem. */
function rawStep(input: unknown, index: unknown): { id?: string; name?: string } | undefined {
  if (typeof index !== 'number' || typeof input !== 'object' || input === null) return undefined;
  const steps = (input as { steps?: unknown }).steps;
  if (!Array.isArray(steps)) return undefined;
  const step: unknown = steps[index];
  if (typeof step !== 'object' || step === null) return undefined;
  const { id, name } = step as { id?: unknown; name?: unknown };
  return {
    id: typeof id === 'string' ? id : undefined,
    name: typeof name === 'string' ? name : undefined,
  };
}

function readPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || typeof key === 'symbol') return undefined;
    if (!Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** Validates a process definition (unknown input from a request body or a seed). */
export function validateProcessDefinition(input: unknown): DefinitionValidation {
  const parsed = processDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 50).map((issue) => {
      const path = issue.path.map(String).join('.');
      const step = issue.path[0] === 'steps' ? rawStep(input, issue.path[1]) : undefined;
      const isAction = issue.path.at(-1) === 'action' && issue.path.includes('code');
      if (isAction && issue.code === 'invalid_union') {
        const given = readPath(input, issue.path);
        return problem(
          'unknown-trigger-action',
          path,
          `unknown trigger action ${JSON.stringify(given) ?? 'undefined'} (known: ${TRIGGER_ACTIONS.join(', ')})`,
          step,
        );
      }
      return problem('invalid-shape', path, `${path || 'definition'}: ${issue.message}`, step);
    });
    return { ok: false, problems };
  }
  const problems = checkProcessDefinition(parsed.data);
  return problems.length ? { ok: false, problems } : { ok: true, definition: parsed.data };
}

/** The semantic checks on a definition that already has the right shape. */
export function checkProcessDefinition(def: ProcessDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const byId = new Map<string, Step>();
  def.steps.forEach((step, i) => {
    if (byId.has(step.id)) {
      problems.push(problem('duplicate-step', `steps.${i}.id`, 'the step id is used twice', step));
    } else byId.set(step.id, step);
  });

  const startId = def.startStepId ?? def.steps.find((s) => s.prj_id === def.prj_id)?.id;
  if (!startId || !byId.has(startId)) {
    problems.push(
      problem(
        'missing-start-step',
        'startStepId',
        startId ? `the start step ${startId} does not exist` : `no step belongs to ${def.prj_id}`,
      ),
    );
  }

  const projects = new Set(def.steps.map((s) => s.prj_id));
  def.variablesMapping.forEach((m, i) => {
    for (const [key, project] of [
      ['sourceProjectId', m.sourceProjectId],
      ['destinationProjectId', m.destinationProjectId],
    ] as const) {
      if (!projects.has(project)) {
        problems.push(
          problem(
            'unknown-mapping-project',
            `variablesMapping.${i}.${key}`,
            `the variables mapping names project ${project}, which has no steps`,
          ),
        );
      }
    }
  });

  def.steps.forEach((step, i) => {
    const at = `steps.${i}`;
    if (step.type === 'TASK' && !step.dynaform) {
      // spec 8: at run time this is "Please contact support to add dynaform to step {step}".
      problems.push(
        problem('task-without-form', `${at}.dynaform`, 'a TASK step needs a form', step),
      );
    }
    step.routes.forEach((route, r) => {
      if (route.flo_element_origin !== step.id) {
        problems.push(
          problem(
            'route-origin-mismatch',
            `${at}.routes.${r}.flo_element_origin`,
            `route ${r + 1} starts at ${route.flo_element_origin}, not at this step`,
            step,
          ),
        );
      }
      if (!byId.has(route.flo_element_dest)) {
        problems.push(
          problem(
            'route-to-missing-step',
            `${at}.routes.${r}.flo_element_dest`,
            `route ${r + 1} leads to step ${route.flo_element_dest}, which does not exist`,
            step,
          ),
        );
      }
      const error = checkCondition(route.flo_condition);
      if (error) {
        problems.push(
          problem(
            'malformed-condition',
            `${at}.routes.${r}.flo_condition`,
            `the condition of route ${r + 1} is malformed: ${error.message}`,
            step,
          ),
        );
      }
    });
    for (const timing of ['BEFORE', 'AFTER'] as const) {
      step.triggers[timing].forEach((trigger, t) => {
        const tat = `${at}.triggers.${timing}.${t}`;
        const error = checkCondition(trigger.condition);
        if (error) {
          problems.push(
            problem(
              'malformed-condition',
              `${tat}.condition`,
              `the condition of trigger "${trigger.name}" is malformed: ${error.message}`,
              step,
            ),
          );
        }
        trigger.code.forEach((action, a) => {
          if (action.action !== 'setVariable' || action.expression === undefined) return;
          const exprError = checkCondition(action.expression);
          if (exprError) {
            problems.push(
              problem(
                'malformed-condition',
                `${tat}.code.${a}.expression`,
                `the expression of trigger "${trigger.name}" is malformed: ${exprError.message}`,
                step,
              ),
            );
          }
        });
      });
    }
    step.dynaform?.fields.forEach((field, f) => {
      const shownError = field.showWhen === undefined ? null : checkCondition(field.showWhen);
      if (shownError) {
        problems.push(
          problem(
            'malformed-condition',
            `${at}.dynaform.fields.${f}.showWhen`,
            `the condition that shows field "${field.label}" is malformed: ${shownError.message}`,
            step,
          ),
        );
      }
      const validators = [
        ...field.validators.map((v) => ({ v, path: `${at}.dynaform.fields.${f}` })),
        ...(field.type === 'grid'
          ? field.columns.flatMap((col, c) =>
              col.validators.map((v) => ({ v, path: `${at}.dynaform.fields.${f}.columns.${c}` })),
            )
          : []),
      ];
      validators.forEach(({ v, path }) => {
        if (v.type !== 'regex') return;
        try {
          new RegExp(v.pattern, v.flags);
        } catch {
          problems.push(
            problem(
              'malformed-validator',
              `${path}.validators`,
              `the pattern of field "${field.name}" is not a valid regular expression`,
              step,
            ),
          );
        }
      });
    });
  });

  problems.push(...findCyclesWithoutForm(def.steps, byId));
  return problems;
}

/**
 * A loop the engine could run forever without stopping at a form: a strongly connected set
 * of form-less steps (Tarjan's algorithm, iterative so a long chain cannot overflow).
 */
function findCyclesWithoutForm(steps: Step[], byId: Map<string, Step>): DefinitionProblem[] {
  const formless = steps.filter((s) => !s.dynaform);
  const next = (step: Step) =>
    step.routes
      .map((r) => byId.get(r.flo_element_dest))
      .filter((s): s is Step => s !== undefined && !s.dynaform);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: Step[] = [];
  const problems: DefinitionProblem[] = [];
  let counter = 0;

  for (const root of formless) {
    if (index.has(root.id)) continue;
    const work: { step: Step; edges: Step[]; i: number }[] = [];
    const open = (step: Step) => {
      index.set(step.id, counter);
      low.set(step.id, counter);
      counter += 1;
      stack.push(step);
      onStack.add(step.id);
      work.push({ step, edges: next(step), i: 0 });
    };
    open(root);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.edges.length) {
        const to = frame.edges[frame.i];
        frame.i += 1;
        if (!index.has(to.id)) open(to);
        else if (onStack.has(to.id)) {
          low.set(frame.step.id, Math.min(low.get(frame.step.id)!, index.get(to.id)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.step.id, Math.min(low.get(parent.step.id)!, low.get(frame.step.id)!));
      }
      if (low.get(frame.step.id) !== index.get(frame.step.id)) continue;
      const component: Step[] = [];
      for (;;) {
        const s = stack.pop()!;
        onStack.delete(s.id);
        component.push(s);
        if (s.id === frame.step.id) break;
      }
      const selfLoop =
        component.length === 1 && next(component[0]).some((s) => s.id === component[0].id);
      if (component.length > 1 || selfLoop) {
        const first = component[component.length - 1];
        const names = component
          .reverse()
          .map((s) => s.id)
          .join(' → ');
        problems.push(
          problem(
            'cycle-without-form',
            `steps.${steps.indexOf(first)}.routes`,
            `the steps ${names} form a loop without a form, which would never stop for the agent`,
            first,
          ),
        );
      }
    }
  }
  return problems;
}
