import {
  CALL_CACHE_CLEAR_DELAY_MS,
  CALL_FLOW_TIMEOUT_MS,
  HANG_UP_NOTIFICATION_TIMEOUT_MS,
  MAX_AUTOMATIC_STEPS,
  type CallFlowError,
  type CallFlowOperation,
  type CallFlowState,
  type IncomingCallData,
  type ProcessDefinition,
  type Step,
  type StepDirection,
  type Variables,
} from '../contracts/call-flow';
import { validateForm, type FormErrors } from '../domain/form-validators';
import { clearDraft, clearExecutionDrafts, loadDraft, saveDraft } from './drafts';
import { withTimeout, type CallFlowEffects } from './effects';
import {
  CallFlowFailure,
  CallFlowTimeoutError,
  CallFlowTriggerError,
  type ErrorReportContext,
} from './errors';
import { cleanHistoryVariables } from './history-payload';
import {
  canGoBack,
  chooseRoute,
  emptyTraversal,
  findStep,
  moveBack,
  moveTo,
  previousFormIndex,
  saveStepVariables,
  startStepOf,
  stepTitle,
  wizardStepFor,
} from './traversal';
import { errorText, runTriggers } from './triggers';
import {
  applyVariablesMapping,
  emptyVariables,
  projectVars,
  setOwnVar,
  withProjectVars,
  withVars,
  type ProjectVariables,
} from './variables';

// spec 4 "Call-flow engine": Start, Forward, Backward, Form submit and Hang up as a state
// machine over a process definition, with every effect injected (CallFlowEffects). The
// state is plain data (CallFlowState), committed only when a move succeeds: a failed move
// leaves the agent where they were, with the error to show. Framework-free; a store or hook
// wraps it for the screen.

export interface CallFlowContext {
  workspaceId: string;
  agentId: string;
  /** For the error notification (spec 8: workspace, agent, environment, ...). */
  agentName: string;
  environment: string;
}

export type CallFlowOutcome =
  { ok: true; state: CallFlowState } | { ok: false; error: CallFlowError };
export type SubmitOutcome = CallFlowOutcome | { ok: false; fieldErrors: FormErrors };

export interface CallFlowEngine {
  getState(): CallFlowState;
  subscribe(listener: (state: CallFlowState) => void): () => void;
  /** spec 4 Start. */
  start(input: {
    definition: ProcessDefinition;
    callData: IncomingCallData;
  }): Promise<CallFlowOutcome>;
  /** spec 4 Form submit, then Forward. Rejects with CallFlowTriggerError when a trigger fails. */
  submit(values: Variables): Promise<SubmitOutcome>;
  /** spec 4 Backward. */
  back(): Promise<CallFlowOutcome>;
  /** spec 4 Hang up, after the screen's confirmation. Never rejects. */
  hangUp(): Promise<void>;
  canGoBack(): boolean;
  /** Keeps what the agent typed on the current step (issue 11 drafts). */
  saveDraft(values: Variables): Promise<void>;
  /** The current step's draft, or null. */
  loadDraft(): Promise<Variables | null>;
}

export function initialCallFlowState(): CallFlowState {
  return {
    status: 'idle',
    busy: false,
    processDefinition: null,
    callData: null,
    processVariables: Object.create(null) as ProjectVariables,
    stepTraversed: emptyTraversal(),
    processExecutionHistoryId: null,
    caseRef: null,
    wizardStep: null,
    appStatus: 'DRAFT',
    startTime: null,
    error: null,
  };
}

/** spec 8 TASK step without a form. */
export function taskWithoutFormMessage(step: string): string {
  return `Please contact support to add dynaform to step ${step}`;
}

function notAllowed(operation: CallFlowOperation, message: string): CallFlowError {
  return { kind: 'not-allowed', operation, message };
}

function fail(
  kind: CallFlowError['kind'],
  operation: CallFlowOperation,
  message: string,
  step?: Step,
  cause?: unknown,
): CallFlowFailure {
  return new CallFlowFailure(
    { kind, operation, message, stepId: step?.id, stepTitle: step ? stepTitle(step) : undefined },
    { cause },
  );
}

/** The agent's answers for the form's fields only (nothing else reaches the variables). */
function answersFor(step: Step, values: Variables): Variables {
  const answers = emptyVariables();
  for (const field of step.dynaform?.fields ?? []) {
    if (field.disabled || !Object.hasOwn(values, field.name)) continue;
    setOwnVar(answers, field.name, values[field.name]);
  }
  return answers;
}

/** What every step of the engine uses: the injected effects and who is on the call. */
interface EngineEnv {
  effects: CallFlowEffects;
  context: CallFlowContext;
}

/** One engine's state, its listeners, and the generation its moves belong to. */
interface EngineCore extends EngineEnv {
  state: CallFlowState;
  listeners: Set<(state: CallFlowState) => void>;
  /** Bumped by hang-up: a move still waiting on the server must not revive a reset flow. */
  generation: number;
}

export function createCallFlowEngine(options: {
  effects: CallFlowEffects;
  context: CallFlowContext;
  /** A state saved before a reload, to resume at the same step. */
  initialState?: CallFlowState;
}): CallFlowEngine {
  const core: EngineCore = {
    effects: options.effects,
    context: options.context,
    state: options.initialState ? { ...options.initialState, busy: false } : initialCallFlowState(),
    listeners: new Set(),
    generation: 0,
  };
  return {
    getState: () => core.state,
    subscribe(listener) {
      core.listeners.add(listener);
      return () => core.listeners.delete(listener);
    },
    start: (input) => startFlow(core, input),
    submit: (values) => submitForm(core, values),
    back: () => goBack(core),
    hangUp: () => hangUp(core),
    canGoBack: () =>
      core.state.status === 'at-form' &&
      canGoBack(core.state.processDefinition, core.state.stepTraversed),
    saveDraft: (values) => saveCurrentDraft(core, values),
    loadDraft: () => loadCurrentDraft(core),
  };
}

function commit(core: EngineCore, next: CallFlowState, ofGeneration = core.generation): void {
  if (ofGeneration !== core.generation) return;
  core.state = next;
  for (const listener of core.listeners) listener(core.state);
}

/** The state of a move under way: the current one, busy, without the last error. */
function working(core: EngineCore): CallFlowState {
  return { ...core.state, busy: true, error: null };
}

/** The result of a finished move (the state it committed, or the state of the newer flow). */
function finish(core: EngineCore, w: CallFlowState, ofGeneration: number): CallFlowOutcome {
  commit(core, { ...w, busy: false }, ofGeneration);
  return { ok: true, state: core.state };
}

function callServer<T>(
  env: EngineEnv,
  run: (signal: AbortSignal) => Promise<T>,
  ms = CALL_FLOW_TIMEOUT_MS,
): Promise<T> {
  return withTimeout(env.effects.scheduler, ms, run);
}

function nowIso(env: EngineEnv): string {
  return new Date(env.effects.scheduler.now()).toISOString();
}

/** spec 8: logged, and sent once per session. */
async function report(
  env: EngineEnv,
  error: CallFlowError,
  s: CallFlowState,
  cause?: unknown,
): Promise<void> {
  const { effects, context } = env;
  effects.logger.error(`Call flow error (${error.operation}): ${error.message}`, {
    error,
    cause,
  });
  const reportContext: ErrorReportContext = {
    workspace: context.workspaceId,
    agent: context.agentName || context.agentId,
    environment: context.environment,
    executionId: s.processExecutionHistoryId,
  };
  await effects.errorReporter.report(error, reportContext);
}

/** Bookkeeping calls (step history) are reported but never stop the agent. */
async function bookkeeping(
  env: EngineEnv,
  operation: CallFlowOperation,
  s: CallFlowState,
  step: Step | undefined,
  run: (signal: AbortSignal) => Promise<void>,
  ms = CALL_FLOW_TIMEOUT_MS,
): Promise<void> {
  try {
    await callServer(env, run, ms);
  } catch (e) {
    const kind = e instanceof CallFlowTimeoutError ? 'timeout' : 'request-failed';
    const message = `Could not record the call flow on the server: ${errorText(e)}`;
    await report(env, fail(kind, operation, message, step).detail, s, e);
  }
}

function recordStep(
  env: EngineEnv,
  w: CallFlowState,
  step: Step,
  previousStepId: string | null,
  direction: StepDirection,
): Promise<void> {
  const executionId = w.processExecutionHistoryId;
  if (!executionId) return Promise.resolve();
  const entry = {
    processExecutionHistoryId: executionId,
    previousStepId,
    currentStepId: step.id,
    currentStepName: step.name,
    currentStepType: step.type,
    currentStepProcessId: step.prj_id,
    variableState: cleanHistoryVariables(projectVars(w.processVariables, step.prj_id)),
    direction,
    executedOn: nowIso(env),
  };
  const operation = direction === 'forward' ? 'forward' : 'backward';
  return bookkeeping(env, operation, w, step, (signal) =>
    env.effects.http.recordStepHistory(entry, signal),
  );
}

/** The current step's draft, as that step's answers; null without one (or unreadable). */
async function unsentAnswers(
  env: EngineEnv,
  s: CallFlowState,
  step: Step | undefined,
): Promise<Variables | null> {
  const executionId = s.processExecutionHistoryId;
  if (s.status !== 'at-form' || !executionId || !step?.dynaform) return null;
  const draft = await loadDraft(env.effects.drafts, executionId, step.id).catch(() => null);
  if (!draft) return null;
  const answers = answersFor(step, draft);
  return Object.keys(answers).length > 0 ? answers : null;
}

function cleanedAll(vars: ProjectVariables): ProjectVariables {
  const out = Object.create(null) as ProjectVariables;
  for (const project of Object.keys(vars)) {
    Object.defineProperty(out, project, {
      value: cleanHistoryVariables(vars[project]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

async function runStepTriggers(
  env: EngineEnv,
  w: CallFlowState,
  step: Step,
  timing: 'BEFORE' | 'AFTER',
): Promise<void> {
  w.processVariables = await runTriggers(step, timing, w.processVariables, {
    effects: env.effects,
    executionId: w.processExecutionHistoryId,
  });
}

/** spec 4 Forward 2, 3, 8, 9: choose the route and move along it. */
function leave(w: CallFlowState, def: ProcessDefinition, step: Step): Step {
  const choice = chooseRoute(step, w.processVariables);
  if (!choice.ok) {
    if (choice.reason === 'malformed') {
      throw fail(
        'malformed-condition',
        'next-step',
        `The condition of route ${choice.route + 1} of step "${stepTitle(step)}" could not be read: ${choice.error.message}`,
        step,
      );
    }
    throw fail('no-route', 'next-step', `No route leads on from step "${stepTitle(step)}"`, step);
  }
  const destination = findStep(def, choice.destination);
  if (!destination) {
    throw fail(
      'missing-step',
      'next-step',
      `Step "${stepTitle(step)}" leads to step ${choice.destination}, which does not exist`,
      step,
    );
  }
  w.stepTraversed = moveTo(w.stepTraversed, destination.id);
  if (destination.prj_id !== step.prj_id) {
    w.processVariables = applyVariablesMapping(
      w.processVariables,
      def.variablesMapping,
      step.prj_id,
      destination.prj_id,
    );
  }
  return destination;
}

/** spec 4 Forward 4-7: arrive at steps until one has a form or the flow ends. */
async function arrive(
  env: EngineEnv,
  w: CallFlowState,
  def: ProcessDefinition,
  first: Step,
  from: Step | null,
): Promise<void> {
  let step = first;
  let previous = from;
  for (let passed = 0; ; passed += 1) {
    if (passed > MAX_AUTOMATIC_STEPS) {
      throw fail(
        'loop-limit',
        'forward',
        `The call flow passed ${MAX_AUTOMATIC_STEPS} steps without reaching a form`,
        step,
      );
    }
    await recordStep(env, w, step, previous?.id ?? null, 'forward');
    await runStepTriggers(env, w, step, 'BEFORE');
    if (step.dynaform) {
      w.wizardStep = wizardStepFor(
        { ...step, dynaform: step.dynaform },
        w.caseRef!,
        w.processVariables,
      );
      w.status = 'at-form';
      return;
    }
    if (step.type === 'TASK') {
      throw fail('task-without-form', 'forward', taskWithoutFormMessage(step.name), step);
    }
    if (step.type === 'END' && step.routes.length === 0) {
      await complete(env, w, def, step);
      return;
    }
    await runStepTriggers(env, w, step, 'AFTER');
    previous = step;
    step = leave(w, def, step);
  }
}

/** spec 4 Forward 6: an END step without routes completes the case. */
async function complete(
  env: EngineEnv,
  w: CallFlowState,
  def: ProcessDefinition,
  step: Step,
): Promise<void> {
  const { effects, context } = env;
  w.appStatus = 'COMPLETED';
  w.status = 'completed';
  w.wizardStep = null;
  const caseRef = w.caseRef;
  if (caseRef) {
    const update = {
      app_uid: caseRef.app_uid,
      dyn_uid: '',
      del_index: caseRef.del_index,
      case_vars: cleanHistoryVariables(projectVars(w.processVariables, def.prj_id)),
      workspaceId: context.workspaceId,
      app_status: 'COMPLETED' as const,
    };
    await bookkeeping(env, 'forward', w, step, (signal) =>
      effects.http.updateCaseStatus(def.uid, update, signal),
    );
  }
  const executionId = w.processExecutionHistoryId;
  if (executionId) {
    const patch = {
      status: 'completed' as const,
      endTime: nowIso(env),
      executionHistory: {
        processVariables: cleanedAll(w.processVariables),
        steps: w.stepTraversed.steps,
      },
    };
    await bookkeeping(env, 'forward', w, step, (signal) =>
      effects.http.updateExecutionHistory(executionId, patch, signal),
    );
    await clearAllDrafts(env, executionId, def);
  }
}

function clearAllDrafts(env: EngineEnv, executionId: string, def: ProcessDefinition) {
  return clearExecutionDrafts(
    env.effects.drafts,
    executionId,
    def.steps.map((s) => s.id),
  ).catch((e: unknown) => env.effects.logger.warn('Could not clear drafts', e));
}

/** What went wrong in a move, naming the step the agent was at when the failure does not. */
function moveError(before: CallFlowState, e: unknown, operation: CallFlowOperation): CallFlowError {
  let error: CallFlowError;
  if (e instanceof CallFlowFailure) error = e.detail;
  else if (e instanceof CallFlowTimeoutError) {
    error = { kind: 'timeout', operation, message: e.message };
  } else error = { kind: 'request-failed', operation, message: errorText(e) };
  const current = before.processDefinition
    ? findStep(before.processDefinition, before.stepTraversed.currentStepDef ?? '')
    : undefined;
  if (current && !error.stepId) {
    error = { ...error, stepId: current.id, stepTitle: stepTitle(current) };
  }
  return error;
}

/** Turns a failure into the error state (the state before the move, plus the error). */
async function failMove(
  core: EngineCore,
  before: CallFlowState,
  e: unknown,
  operation: CallFlowOperation,
  ofGeneration: number,
): Promise<{ ok: false; error: CallFlowError }> {
  const error = moveError(before, e, operation);
  await report(core, error, before, e);
  commit(
    core,
    { ...before, busy: false, status: before.status === 'idle' ? 'error' : before.status, error },
    ofGeneration,
  );
  if (error.operation === 'trigger') throw new CallFlowTriggerError(error, { cause: e });
  return { ok: false, error };
}

/** The state a flow starts from: the definition, the call, and the caller's name and phone. */
function startingState(
  env: EngineEnv,
  definition: ProcessDefinition,
  callData: IncomingCallData,
): CallFlowState {
  const initialVars = withVars(callData.processVariables, {});
  // The caller's name and phone are there for the first questions, unless given already.
  if (!Object.hasOwn(initialVars, 'caller_name'))
    setOwnVar(initialVars, 'caller_name', callData.leadName);
  if (!Object.hasOwn(initialVars, 'caller_phone'))
    setOwnVar(initialVars, 'caller_phone', callData.phone);
  return {
    ...initialCallFlowState(),
    processDefinition: definition,
    callData,
    startTime: nowIso(env),
    processVariables: withProjectVars(
      Object.create(null) as ProjectVariables,
      definition.prj_id,
      initialVars,
    ),
  };
}

/** spec 4 Start 1: the execution history, with status started (unless the call has one). */
async function openExecution(
  env: EngineEnv,
  w: CallFlowState,
  definition: ProcessDefinition,
  callData: IncomingCallData,
): Promise<string> {
  if (callData.processExecutionHistoryId != null) return callData.processExecutionHistoryId;
  const { effects, context } = env;
  const created = await callServer(env, (signal) =>
    effects.http.createExecutionHistory(
      {
        workspace: context.workspaceId,
        user: context.agentId,
        process: definition.uid,
        subProcess: definition.is_sub_process ? definition.prj_id : null,
        status: 'started',
        startTime: w.startTime!,
        endTime: null,
        // The version this call runs (issue #34); absent for a definition without one.
        ...(definition.version === undefined ? {} : { processVersion: definition.version }),
        executionHistory: {
          processVariables: cleanedAll(w.processVariables),
          steps: [],
        },
      },
      signal,
    ),
  );
  return created.id;
}

/** spec 4 Start: the case on the server, at the first step. */
async function openCase(
  env: EngineEnv,
  w: CallFlowState,
  definition: ProcessDefinition,
  first: Step,
): Promise<void> {
  const started = await callServer(env, (signal) =>
    env.effects.http.startCase(
      {
        process: definition.uid,
        tas_uid: first.id,
        variables: projectVars(w.processVariables, definition.prj_id),
        workspaceId: env.context.workspaceId,
      },
      signal,
    ),
  );
  w.caseRef = { app_uid: started.app_uid, del_index: started.del_index };
  w.appStatus = 'TO_DO';
}

/** spec 4 Start. */
async function startFlow(
  core: EngineCore,
  { definition, callData }: { definition: ProcessDefinition; callData: IncomingCallData },
): Promise<CallFlowOutcome> {
  const { state } = core;
  if (state.busy) return { ok: false, error: notAllowed('start', 'The call flow is busy') };
  if (state.status === 'at-form' || state.status === 'completed') {
    return { ok: false, error: notAllowed('start', 'A call flow is already in progress') };
  }
  const before = startingState(core, definition, callData);
  const gen = core.generation;
  commit(core, { ...before, busy: true });
  const w: CallFlowState = { ...before, busy: true };
  try {
    const first = startStepOf(definition);
    if (!first) {
      throw fail('missing-step', 'start', `The process "${definition.name}" has no start step`);
    }
    w.processExecutionHistoryId = await openExecution(core, w, definition, callData);
    await openCase(core, w, definition, first);
    // spec 4 Start 2 and 3: the first step, then forward.
    w.stepTraversed = moveTo(emptyTraversal(), first.id);
    await arrive(core, w, definition, first, null);
    return finish(core, w, gen);
  } catch (e) {
    // Keep the execution id so the error notification names it.
    const failed = { ...before, processExecutionHistoryId: w.processExecutionHistoryId };
    return failMove(core, failed, e, 'start', gen);
  }
}

/** spec 4 Form submit: PUT with app_uid, dyn_uid, del_index and case_vars. */
async function sendAnswers(
  env: EngineEnv,
  w: CallFlowState,
  def: ProcessDefinition,
  step: Step & { dynaform: NonNullable<Step['dynaform']> },
  answers: Variables,
): Promise<void> {
  const caseRef = w.caseRef!;
  const response = await callServer(env, (signal) =>
    env.effects.http.submitStep(
      {
        process: def.uid,
        app_uid: caseRef.app_uid,
        dyn_uid: step.dynaform.dyn_uid,
        del_index: caseRef.del_index,
        case_vars: answers,
      },
      signal,
    ),
  ).catch((e: unknown) => {
    const kind = e instanceof CallFlowTimeoutError ? 'timeout' : 'request-failed';
    throw fail(kind, 'next-step', `The answers could not be saved: ${errorText(e)}`, step, e);
  });
  if (response.del_index !== undefined) {
    w.caseRef = { ...caseRef, del_index: response.del_index };
  }
}

/** The step's answers join its process's variables, and the traversal remembers them. */
function keepAnswers(w: CallFlowState, step: Step, answers: Variables): void {
  w.processVariables = withProjectVars(
    w.processVariables,
    step.prj_id,
    withVars(projectVars(w.processVariables, step.prj_id), answers),
  );
  w.stepTraversed = saveStepVariables(w.stepTraversed, w.processVariables);
}

/** spec 4 Form submit, then Forward. */
async function submitForm(core: EngineCore, values: Variables): Promise<SubmitOutcome> {
  const { state } = core;
  const def = state.processDefinition;
  const stepId = state.stepTraversed.currentStepDef;
  const step = def && stepId ? findStep(def, stepId) : undefined;
  if (state.busy) return { ok: false, error: notAllowed('next-step', 'The call flow is busy') };
  if (state.status !== 'at-form' || !def || !step?.dynaform || !state.caseRef) {
    return { ok: false, error: notAllowed('next-step', 'There is no form to submit') };
  }
  const answers = answersFor(step, values);
  const fieldErrors = validateForm(step.dynaform, answers);
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };

  const before = state;
  const gen = core.generation;
  const w = working(core);
  commit(core, { ...w });
  try {
    await sendAnswers(core, w, def, { ...step, dynaform: step.dynaform }, answers);
    keepAnswers(w, step, answers);
    await runStepTriggers(core, w, step, 'AFTER');
    const next = leave(w, def, step);
    await arrive(core, w, def, next, step);
    if (w.processExecutionHistoryId) {
      await clearDraft(core.effects.drafts, w.processExecutionHistoryId, step.id).catch(
        (e: unknown) => core.effects.logger.warn('Could not clear the draft', e),
      );
    }
    return finish(core, w, gen);
  } catch (e) {
    return failMove(core, before, e, 'forward', gen);
  }
}

/** spec 4 Backward. */
async function goBack(core: EngineCore): Promise<CallFlowOutcome> {
  const { state } = core;
  const def = state.processDefinition;
  if (state.busy) return { ok: false, error: notAllowed('backward', 'The call flow is busy') };
  const target =
    def && state.status === 'at-form' ? previousFormIndex(def, state.stepTraversed) : null;
  if (!def || target === null) {
    return {
      ok: false,
      error: notAllowed('backward', 'There is no earlier step to go back to'),
    };
  }
  const before = state;
  const gen = core.generation;
  const w = working(core);
  commit(core, { ...w });
  try {
    const from = w.stepTraversed.currentStepDef;
    const moved = moveBack(w.stepTraversed, target, w.processVariables);
    const step = findStep(def, moved.traversed.currentStepDef ?? '');
    if (!step?.dynaform || !w.caseRef) {
      throw fail('missing-step', 'backward', 'The earlier step no longer exists', step);
    }
    w.stepTraversed = moved.traversed;
    w.processVariables = moved.processVariables;
    w.wizardStep = wizardStepFor(
      { ...step, dynaform: step.dynaform },
      w.caseRef,
      w.processVariables,
    );
    w.status = 'at-form';
    await recordStep(core, w, step, from, 'backward');
    return finish(core, w, gen);
  } catch (e) {
    return failMove(core, before, e, 'backward', gen);
  }
}

/**
 * spec 4 Hang up 2: the history becomes partial-complete with the process variables (a
 * completed flow keeps its completed history). What the agent typed on the current step
 * but never sent (its draft) is kept in the history too: a call that ends, whoever ends
 * it, loses no answer (issue #28).
 */
function closeHistoryOnHangUp(
  env: EngineEnv,
  s: CallFlowState,
  executionId: string,
  step: Step | undefined,
  unsent: Variables | null,
): Promise<void> {
  const variables =
    step && unsent
      ? withProjectVars(
          s.processVariables,
          step.prj_id,
          withVars(projectVars(s.processVariables, step.prj_id), unsent),
        )
      : s.processVariables;
  const patch = {
    status: 'partial-complete' as const,
    endTime: nowIso(env),
    executionHistory: {
      processVariables: cleanedAll(variables),
      steps: s.stepTraversed.steps,
    },
  };
  return bookkeeping(env, 'hang-up', s, step, (signal) =>
    env.effects.http.updateExecutionHistory(executionId, patch, signal),
  );
}

/** spec 4 Hang up 3: the hang-up notification, app status CALL_ENDED, 20 s time-out. */
function notifyCaseOfHangUp(
  env: EngineEnv,
  s: CallFlowState,
  def: ProcessDefinition,
  caseRef: NonNullable<CallFlowState['caseRef']>,
  step: Step | undefined,
): Promise<void> {
  const update = {
    app_uid: caseRef.app_uid,
    dyn_uid: s.wizardStep?.dyn_uid ?? '',
    del_index: caseRef.del_index,
    case_vars: cleanHistoryVariables(projectVars(s.processVariables, def.prj_id)),
    workspaceId: env.context.workspaceId,
    app_status: 'CALL_ENDED' as const,
  };
  return bookkeeping(
    env,
    'hang-up',
    s,
    step,
    (signal) => env.effects.http.updateCaseStatus(def.uid, update, signal),
    HANG_UP_NOTIFICATION_TIMEOUT_MS,
  );
}

/** spec 4 Hang up, after the screen's confirmation. Never rejects. */
async function hangUp(core: EngineCore): Promise<void> {
  const s = core.state;
  if (s.status === 'idle') return;
  core.generation += 1;
  const def = s.processDefinition;
  const executionId = s.processExecutionHistoryId;
  const step = def ? findStep(def, s.stepTraversed.currentStepDef ?? '') : undefined;
  const tasks: Promise<void>[] = [];
  if (executionId && s.appStatus !== 'COMPLETED') {
    const unsent = await unsentAnswers(core, s, step);
    tasks.push(closeHistoryOnHangUp(core, s, executionId, step, unsent));
  }
  if (def && s.caseRef) tasks.push(notifyCaseOfHangUp(core, s, def, s.caseRef, step));
  await Promise.all(tasks);
  if (executionId && def) await clearAllDrafts(core, executionId, def);
  // spec 4 Hang up 4 and 6: reset now, clear the call caches after 1 s.
  commit(core, initialCallFlowState());
  core.effects.scheduler.setTimeout(
    () => core.effects.clearCallCaches(),
    CALL_CACHE_CLEAR_DELAY_MS,
  );
}

async function saveCurrentDraft(core: EngineCore, values: Variables): Promise<void> {
  const { state, effects } = core;
  const executionId = state.processExecutionHistoryId;
  const stepId = state.stepTraversed.currentStepDef;
  if (state.status !== 'at-form' || !executionId || !stepId) return;
  const saved = await saveDraft(effects.drafts, executionId, stepId, values);
  if (!saved) effects.logger.warn('The draft is too large to keep');
}

async function loadCurrentDraft(core: EngineCore): Promise<Variables | null> {
  const { state } = core;
  const executionId = state.processExecutionHistoryId;
  const stepId = state.stepTraversed.currentStepDef;
  if (state.status !== 'at-form' || !executionId || !stepId) return null;
  return loadDraft(core.effects.drafts, executionId, stepId);
}
