import {
  STEP_VARIABLES_KEPT,
  type ProcessDefinition,
  type Step,
  type StepTraversed,
  type WizardStep,
} from '../contracts/call-flow';
import { evaluateCondition, type ExpressionError } from './expression';
import { copyProjectVariables, lookupIn, projectVars, type ProjectVariables } from './variables';

// Pure rules of moving through a definition (spec 4 Forward / Backward): which route holds,
// how the trail of steps and the saved step variables change. No effects here.

export function findStep(def: ProcessDefinition, id: string): Step | undefined {
  return def.steps.find((step) => step.id === id);
}

/** The start step: startStepId, or the first step of the main project. */
export function startStepOf(def: ProcessDefinition): Step | undefined {
  if (def.startStepId !== undefined) return findStep(def, def.startStepId);
  return def.steps.find((step) => step.prj_id === def.prj_id);
}

export function stepTitle(step: Step): string {
  return step.dynaform?.title ?? step.name;
}

export type RouteChoice =
  | { ok: true; destination: string }
  | { ok: false; reason: 'malformed'; route: number; error: ExpressionError }
  | { ok: false; reason: 'none' };

/**
 * spec 4 Forward 2: the first route whose condition holds (an empty condition always holds),
 * read against the variables of the step's project. A malformed condition stops the choice
 * (never a silent wrong branch, issue 11).
 */
export function chooseRoute(step: Step, vars: ProjectVariables): RouteChoice {
  const lookup = lookupIn(projectVars(vars, step.prj_id));
  for (const [index, route] of step.routes.entries()) {
    const holds = evaluateCondition(route.flo_condition, lookup);
    if (!holds.ok) return { ok: false, reason: 'malformed', route: index, error: holds.error };
    if (holds.value) return { ok: true, destination: route.flo_element_dest };
  }
  return { ok: false, reason: 'none' };
}

export function emptyTraversal(): StepTraversed {
  return { steps: [], currentIndex: -1, currentStepDef: null, stepVariables: [] };
}

/**
 * spec 4 Forward 3 and 8: move to the destination; when it is the previous step of the trail
 * the index moves back instead of growing the trail. Saved variables of steps no longer on
 * the trail are dropped.
 */
export function moveTo(t: StepTraversed, destination: string): StepTraversed {
  const backToPrevious = t.currentIndex > 0 && t.steps[t.currentIndex - 1] === destination;
  const currentIndex = backToPrevious ? t.currentIndex - 1 : t.currentIndex + 1;
  const steps = backToPrevious
    ? t.steps.slice(0, currentIndex + 1)
    : [...t.steps.slice(0, t.currentIndex + 1), destination];
  return {
    steps,
    currentIndex,
    currentStepDef: destination,
    stepVariables: t.stepVariables.filter((saved) => saved.index < currentIndex),
  };
}

/**
 * Saves the variables as they are when the agent leaves a form step (its answers in), so
 * going back restores them (spec 4 Backward). spec 9: at most STEP_VARIABLES_KEPT steps.
 */
export function saveStepVariables(t: StepTraversed, vars: ProjectVariables): StepTraversed {
  const stepId = t.steps[t.currentIndex];
  const kept = t.stepVariables.filter((saved) => saved.index < t.currentIndex);
  kept.push({ stepId, index: t.currentIndex, processVariables: copyProjectVariables(vars) });
  return { ...t, stepVariables: kept.slice(-STEP_VARIABLES_KEPT) };
}

/** The trail index of the nearest earlier step with a form, or null (spec 4 Backward). */
export function previousFormIndex(def: ProcessDefinition, t: StepTraversed): number | null {
  for (let i = t.currentIndex - 1; i >= 0; i -= 1) {
    if (findStep(def, t.steps[i])?.dynaform) return i;
  }
  return null;
}

/**
 * spec 4 Backward: pop back to trail index `target`, restoring the variables saved for that
 * step when they are still kept (older ones are gone: the current variables stay).
 */
export function moveBack(
  t: StepTraversed,
  target: number,
  vars: ProjectVariables,
): { traversed: StepTraversed; processVariables: ProjectVariables; restored: boolean } {
  const stepId = t.steps[target];
  const saved = t.stepVariables.find((s) => s.index === target && s.stepId === stepId);
  return {
    traversed: {
      steps: t.steps.slice(0, target + 1),
      currentIndex: target,
      currentStepDef: stepId,
      stepVariables: t.stepVariables.filter((s) => s.index < target),
    },
    processVariables: saved ? copyProjectVariables(saved.processVariables) : vars,
    restored: saved !== undefined,
  };
}

export function canGoBack(def: ProcessDefinition | null, t: StepTraversed): boolean {
  return def !== null && previousFormIndex(def, t) !== null;
}

/** spec 3 Wizard step for a step with a form. */
export function wizardStepFor(
  step: Step & { dynaform: NonNullable<Step['dynaform']> },
  caseRef: { app_uid: string; del_index: number },
  vars: ProjectVariables,
): WizardStep {
  return {
    title: step.dynaform.title,
    dyn_uid: step.dynaform.dyn_uid,
    tas_uid: step.id,
    pro_uid: step.prj_id,
    app_uid: caseRef.app_uid,
    del_index: caseRef.del_index,
    content: step.dynaform,
    vars: projectVars(vars, step.prj_id),
  };
}
