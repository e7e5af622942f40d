import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { fetchProcessDefinition, listProcesses } from '@/shared/api/call-flow';
import type { ApiClient } from '@/shared/api/client';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import type { CallFlowEngine } from '@/shared/call-flow/engine';
import { CallFlowTriggerError } from '@/shared/call-flow/errors';
import { findStep } from '@/shared/call-flow/traversal';
import type { ActiveCall } from '@/shared/contracts/active-call';
import type { CallFlowError, CallFlowState, Variables } from '@/shared/contracts/call-flow';
import type { FormErrors } from '@/shared/domain/form-validators';
import { processForUnnamedCall } from '@/shared/domain/incoming-call';
import { callerPrefill } from '@/shared/domain/caller-prefill';
import { flowCallRelation, incomingOverFlow } from '@/shared/domain/call-line';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { TransportError } from '@/shared/transport/transport';
import {
  createCallFlowEffects,
  sessionErrorReporterFor,
  userDraftStorage,
} from '@/app/calls/create-call-flow-effects';
import { ActiveCallCard } from './active-call-card';
import { createAddressVerifier, type VerifyAddress } from './forms/address-verifier';
import {
  type ConsultationBooking,
  ConsultationBookingContext,
  useConsultationBooking,
} from './forms/consultation-booking';
import { StepForm } from './forms/step-form';
import { callDataOf, type IncomingCallPayload } from '@/app/calls/incoming-call';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import { useCallFlowEngine } from './use-call-flow-engine';
import { ParkedWalkIns, ParkOffer, useParkWalkIn } from './park-walk-in';
import './call-flow-wizard.css';
import '@/app/components/visually-hidden/visually-hidden.css';

// spec: session 2 Automated intake screen, 2 Dialogs, 3 Session state, 4 Call-flow engine
// (Start, Forward, Backward, Form submit, Hang up), 8 call-flow errors. Everything comes
// through the host and props: no router, so the same wizard runs in the app and as the
// <intake-call-flow> widget.

/** spec 2 Dialogs: the generic confirm, as the hang-up asks it (spec 4 Hang up 1). */
export const HANG_UP_CONFIRM = {
  icon: 'warning',
  title: 'Hang up?',
  subtitle: 'The call flow ends here.',
  body: 'What was answered so far is kept in the execution history as partial-complete. This cannot be undone.',
  cancelText: 'Keep going',
  submitText: 'Hang up',
  submitColor: 'danger',
} as const;

/**
 * The same question for a walk-in (issue #28): it has no provider call, so ending it ends
 * only the intake, never a call that rings or is live meanwhile.
 */
export const END_WALK_IN_CONFIRM = {
  ...HANG_UP_CONFIRM,
  title: 'End this walk-in?',
  subtitle: 'The intake ends here. No phone call is affected.',
  submitText: 'End intake',
} as const;

export interface CallFlowWizardProps {
  /** The call to take (decoded from the host's incomingCall), or null without one. */
  incomingCall: IncomingCallPayload | null;
  /** Why the host's payload could not be read, shown instead of starting. */
  incomingCallError?: string | null;
  /** Where the flow is kept across reloads: the app's sessionStorage (spec 3 Session state). */
  stateStorage: KeyValueStorage;
  /** For the error notification (spec 8: environment). */
  environment?: string;
  /**
   * The flow ended (hang-up or finished): the app goes to the dashboard (spec 4 Hang up 5).
   * Told which flow it was, so a host ends the provider's call only for that call's own
   * intake, never for a walk-in (issue #28).
   */
  onFinished?: (flow: FlowOfCall) => void;
  /** The incoming call was taken up: the host may drop it from its address. */
  onCallTaken?: () => void;
  /** Where an agent starts a call by hand (the Call Flows area). */
  callFlowsPath?: string;
  /**
   * Shown under the "no call in progress" explanation instead of its link (the app puts
   * the Call Flows list here, so an agent starts a call right away).
   */
  idleContent?: ReactNode;
  /** Checks addresses (dashboards 7 Address check); default: the host API's verifier. */
  verifyAddress?: VerifyAddress;
  /**
   * Where the step drafts are kept; default: the host's storage under the user's prefix.
   * The <intake-call-flow> widget gives the call's shared storage (issue #13 continuity).
   */
  draftStorage?: DraftStorage;
  /** Told the execution and step on screen whenever they change (null: no step). */
  onStepChange?: (position: WizardStepPosition | null) => void;
  /**
   * Lets the host's own hang-up button (the panel's header) run this wizard's confirm and
   * hang-up while a flow is on screen; answers how to stop listening.
   */
  registerHangUp?: (hangUp: () => void, flow: FlowOfCall) => () => void;
  /** Shown instead of the "No call in progress" explanation while no flow runs. */
  idleFallback?: ReactNode;
  /**
   * The provider call the page holds (issue #28 "One caller card, not two"): its card heads
   * the flow that runs for it, in place of the wizard's own caller header, and stands
   * above the wizard otherwise (a call still starting, waiting, or ended).
   */
  call?: ActiveCall | null;
  /** The held call's Done (it ended and is put away: the call session's reset). */
  onCallDone?: () => void;
}

/** The execution and form step the wizard shows. */
export interface WizardStepPosition {
  executionId: string;
  stepId: string;
  /** The provider's call the flow is for; null for a walk-in (issue #28). */
  callId: string | null;
}

/** Which flow a hang-up or a finish is about: its call (null: a walk-in) and execution. */
export interface FlowOfCall {
  callId: string | null;
  executionId: string | null;
}

/** The process an incoming call without one runs (the rule: processForUnnamedCall). */
export async function processForIncomingCall(
  api: ApiClient,
  workspaceId: string,
  leadGenerationId: string | null,
): Promise<string | null> {
  return processForUnnamedCall((await listProcesses(api, workspaceId)).data, leadGenerationId);
}

/** The wizard of one signed-in agent (a new user gets a new engine through `key`). */
export function CallFlowWizard(props: CallFlowWizardProps) {
  const { session } = useHost();
  // A parked or resumed flow (issue #28) gives the wizard a new engine over the stored state.
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => setGeneration((value) => value + 1), []);
  const user = session.user;
  const workspace = session.workspace;
  if (!user || !workspace) {
    return (
      <Card className="ic-call-flow__notice" role="alert">
        <p>Sign in to a workspace to take calls with a call flow.</p>
      </Card>
    );
  }
  return (
    <SignedInWizard
      key={`${user.id}:${workspace.id}:${generation}`}
      {...props}
      remount={remount}
      userId={user.id}
      agentName={user.name || user.username}
      workspaceId={workspace.id}
      defaultProcess={workspace.attributes.processes.leadGeneration?.id ?? null}
    />
  );
}

interface SignedInProps extends CallFlowWizardProps {
  /** Builds the wizard again over what is stored now (after parking or resuming a flow). */
  remount: () => void;
  userId: string;
  agentName: string;
  workspaceId: string;
  defaultProcess: string | null;
}

type DefinitionLoad =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string };

function SignedInWizard({
  incomingCall,
  incomingCallError = null,
  stateStorage,
  environment = 'production',
  onFinished,
  onCallTaken,
  callFlowsPath = '/app/automated-intake',
  idleContent,
  verifyAddress,
  draftStorage,
  onStepChange,
  registerHangUp,
  idleFallback,
  call = null,
  onCallDone,
  userId,
  agentName,
  workspaceId,
  defaultProcess,
  remount,
}: SignedInProps) {
  const host = useHost();
  const { api, storage, navigate } = host;
  const drafts = useMemo(
    () => draftStorage ?? userDraftStorage(storage, userId, api),
    [draftStorage, storage, userId, api],
  );
  const [setup] = useState(() => ({
    effects: createCallFlowEffects({
      api,
      workspaceId,
      drafts,
      errorReporter: sessionErrorReporterFor(api, userId),
    }),
    context: { workspaceId, agentId: userId, agentName, environment },
  }));
  const handle = useCallFlowEngine({
    ...setup,
    stateStorage,
    stateKey: callFlowStateKey(userId),
  });
  const finish = onFinished ?? (() => navigate('/app'));
  const defaultVerifier = useMemo(() => createAddressVerifier(api), [api]);

  const { load, start, parkFor, setParkFor } = useIncomingCallStart(handle, {
    incomingCall,
    workspaceId,
    defaultProcess,
    onCallTaken,
  });
  const parking = useParkWalkIn({ stateStorage, stateKey: callFlowStateKey(userId), remount });
  useStepReport(handle, onStepChange);

  // Before a flow runs for it, the held call's own card stands above what the wizard says.
  const idle = (content: ReactNode) =>
    call ? (
      <div className="ic-call-flow__with-call">
        <ActiveCallCard call={call} onDone={onCallDone} />
        {content}
      </div>
    ) : (
      content
    );

  if (handle.phase === 'restoring') return idle(<LoadingBlock label="Opening the call flow…" />);
  const { engine, state } = handle;

  if (state.status === 'idle') {
    const parked = (
      <ParkedWalkIns
        workspaceId={workspaceId}
        onResume={(resumed) => void parking.resume(resumed)}
        problem={parking.problem}
      />
    );
    if (incomingCallError) {
      return idle(
        <NoCall callFlowsPath={callFlowsPath} problem={incomingCallError}>
          {idleContent}
        </NoCall>,
      );
    }
    if (load.status === 'error') {
      return idle(
        <StartFailed
          message={load.message}
          onRetry={() => void start(engine)}
          onOpenCallFlows={() => navigate(callFlowsPath)}
        />,
      );
    }
    const caller = state.callData?.leadName || incomingCall?.leadName;
    if (state.busy || load.status === 'loading' || incomingCall) {
      return idle(<LoadingBlock label={`Starting the call flow for ${caller || 'the caller'}…`} />);
    }
    if (idleFallback) return idle(idleFallback);
    return idle(
      <>
        {parked}
        <NoCall callFlowsPath={callFlowsPath}>{idleContent}</NoCall>
      </>,
    );
  }

  const offer = parkFor ? (
    <ParkOffer
      caller={parkFor}
      completed={state.status === 'completed'}
      busy={parking.busy}
      problem={parking.problem}
      onPark={() =>
        void parking.park(engine, state).then((parked) => {
          if (parked) setParkFor(null);
        })
      }
    />
  ) : null;

  return (
    <>
      {offer}
      <ActiveFlow
        engine={engine}
        state={state}
        drafts={drafts}
        verifyAddress={verifyAddress ?? defaultVerifier}
        onFinished={(flow) => {
          // A call was waiting for the wizard (the walk-in was ended, not parked): its
          // intake starts now, on this screen; the host's finish is for the walk-in alone.
          if (parkFor && flow.callId !== (parkFor.callId ?? null)) {
            setParkFor(null);
            void start(engine);
          } else finish(flow);
        }}
        registerHangUp={registerHangUp}
        call={call}
        onCallDone={onCallDone}
        onRetryStart={() => {
          if (state.processDefinition && state.callData) {
            void engine
              .start({ definition: state.processDefinition, callData: state.callData })
              .catch(() => undefined);
          }
        }}
      />
    </>
  );
}

/**
 * Taking up an incoming call (spec 4 Start): its flow's definition is loaded and the flow
 * started once, or, over a walk-in, the agent is offered to park it (issue #28).
 */
function useIncomingCallStart(
  handle: ReturnType<typeof useCallFlowEngine>,
  {
    incomingCall,
    workspaceId,
    defaultProcess,
    onCallTaken,
  }: Pick<SignedInProps, 'incomingCall' | 'workspaceId' | 'defaultProcess' | 'onCallTaken'>,
) {
  const { api } = useHost();
  const [load, setLoad] = useState<DefinitionLoad>({ status: 'idle' });
  const start = useCallback(
    async (engine: CallFlowEngine) => {
      if (!incomingCall) return;
      setLoad({ status: 'loading' });
      let processId = incomingCall.process ?? null;
      try {
        processId ??= await processForIncomingCall(api, workspaceId, defaultProcess);
        if (!processId) {
          setLoad({
            status: 'error',
            message:
              'No call flow is set for incoming calls in this workspace. Start one by hand from Call Flows.',
          });
          return;
        }
        const definition = await fetchProcessDefinition(api, workspaceId, processId);
        setLoad({ status: 'idle' });
        await engine.start({ definition, callData: callDataOf(incomingCall) });
        onCallTaken?.();
      } catch (error) {
        if (error instanceof CallFlowTriggerError) return; // shown from the engine's state
        const reason =
          error instanceof TransportError && error.serverMessage
            ? error.serverMessage
            : error instanceof Error
              ? error.message
              : String(error);
        setLoad({
          status: 'error',
          message: `The call flow${processId ? ` "${processId}"` : ''} could not be loaded: ${reason}`,
        });
      }
    },
    [api, workspaceId, incomingCall, defaultProcess, onCallTaken],
  );

  // The payload last taken up: each new incoming call starts once, a re-render never again.
  const taken = useRef<IncomingCallPayload | null>(null);
  // spec 4 Start: a new incoming call starts the flow once; a stored flow resumes instead.
  // issue #28: a real call arriving over a walk-in is never dropped nor started over it: the
  // agent is offered to park the walk-in (its answers kept, resumable) and take the call.
  const [parkFor, setParkFor] = useState<IncomingCallPayload | null>(null);
  useEffect(() => {
    if (handle.phase !== 'ready' || !incomingCall || taken.current === incomingCall) return;
    taken.current = incomingCall;
    const flow = handle.state;
    const decision = incomingOverFlow(
      {
        callId: flow.callData?.callId ?? null,
        executionId: flow.processExecutionHistoryId,
        status: flow.status,
      },
      incomingCall.callId ?? null,
    );
    if (decision === 'start' && !flow.busy) void start(handle.engine);
    else if (decision === 'offer-park') setParkFor(incomingCall);
    // Its own flow already on screen: the payload is not started over it.
    else onCallTaken?.();
  }, [handle, incomingCall, start, onCallTaken]);
  return { load, start, parkFor, setParkFor };
}

/** The step on screen, for a host that follows it (the widget tells the background). */
function useStepReport(
  handle: ReturnType<typeof useCallFlowEngine>,
  onStepChange: CallFlowWizardProps['onStepChange'],
) {
  const flowState = handle.state;
  const positionExecution =
    flowState.status === 'at-form' ? flowState.processExecutionHistoryId : null;
  const positionStep =
    flowState.status === 'at-form'
      ? (flowState.stepTraversed.steps[flowState.stepTraversed.currentIndex] ?? null)
      : null;
  const positionCall = flowState.callData?.callId ?? null;
  const stepChanged = useRef(onStepChange);
  stepChanged.current = onStepChange;
  useEffect(() => {
    if (handle.phase !== 'ready') return;
    stepChanged.current?.(
      positionExecution && positionStep
        ? { executionId: positionExecution, stepId: positionStep, callId: positionCall }
        : null,
    );
  }, [handle.phase, positionExecution, positionStep, positionCall]);
}

/** The flow's definition could not be loaded: why, Try again, and the way to Call Flows. */
function StartFailed({
  message,
  onRetry,
  onOpenCallFlows,
}: {
  message: string;
  onRetry: () => void;
  onOpenCallFlows: () => void;
}) {
  return (
    <Card className="ic-call-flow__notice" title="The call flow could not start">
      <p role="alert" className="ic-call-flow__error-text">
        {message}
      </p>
      <div className="ic-call-flow__notice-actions">
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
        <Button onClick={onOpenCallFlows}>Open Call Flows</Button>
      </div>
    </Card>
  );
}

/** Without an incoming call the screen says how to start one (issue 11 The screen). */
function NoCall({
  callFlowsPath,
  problem,
  children,
}: {
  callFlowsPath: string;
  problem?: string;
  children?: ReactNode;
}) {
  const { navigate } = useHost();
  const explanation = (
    <Card className="ic-call-flow__notice" aria-labelledby="ic-call-flow-no-call">
      <span className="ic-call-flow__notice-icon" aria-hidden="true">
        <Icon name="call-flow" size="lg" />
      </span>
      <h2 id="ic-call-flow-no-call" className="ic-call-flow__notice-title">
        No call in progress
      </h2>
      {problem ? (
        <p role="alert" className="ic-call-flow__error-text">
          {problem}
        </p>
      ) : null}
      <p>
        The intake opens here by itself when a call comes in for you. For a walk-in or a call-back,{' '}
        {children ? 'choose a call flow below' : 'open Call Flows, choose the process'} and enter
        the caller's name and phone.
      </p>
      {children ? null : (
        <div className="ic-call-flow__notice-actions">
          <Button variant="primary" onClick={() => navigate(callFlowsPath)}>
            Open Call Flows
          </Button>
        </div>
      )}
    </Card>
  );
  if (!children) return explanation;
  return (
    <div className="ic-call-flow__idle">
      {explanation}
      {children}
    </div>
  );
}

export interface ActiveFlowProps {
  engine: CallFlowEngine;
  state: CallFlowState;
  drafts: DraftStorage;
  verifyAddress: VerifyAddress;
  onFinished: (flow: FlowOfCall) => void;
  onRetryStart: () => void;
  registerHangUp?: (hangUp: () => void, flow: FlowOfCall) => () => void;
  call: ActiveCall | null;
  onCallDone?: () => void;
  /**
   * Where consultations are booked; default the call's own booking service. The designer's
   * test run gives one that books nothing (issue #34).
   */
  booking?: ConsultationBooking;
}

interface TrailEntry {
  index: number;
  stepId: string;
  title: string;
}

/** The form steps taken so far, in order, up to the current one. */
function trailOf(state: CallFlowState): TrailEntry[] {
  const def = state.processDefinition;
  if (!def) return [];
  const { steps, currentIndex } = state.stepTraversed;
  const trail: TrailEntry[] = [];
  steps.slice(0, currentIndex + 1).forEach((stepId, index) => {
    const step = findStep(def, stepId);
    if (step?.dynaform) trail.push({ index, stepId, title: step.dynaform.title });
  });
  return trail;
}

/**
 * A running flow: the steps taken, the current step's form and its Back and Next, the end.
 * Exported for the designer's test run, which runs a draft in this very screen (issue #34).
 */
export function ActiveFlow({
  engine,
  state,
  drafts,
  verifyAddress,
  onFinished,
  onRetryStart,
  registerHangUp,
  call,
  onCallDone,
  booking: givenBooking,
}: ActiveFlowProps) {
  const formId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FormErrors | undefined>(undefined);
  const trail = trailOf(state);
  const current = trail[trail.length - 1];
  const wizardStep = state.wizardStep;
  const executionId = state.processExecutionHistoryId;
  // A consultation field books with this call's ids (dashboards 7 events; issue #16).
  const callBooking = useConsultationBooking({
    executionId,
    appId: wizardStep?.app_uid,
    callerName: state.callData?.leadName,
  });
  const booking = givenBooking ?? callBooking;
  const stepKey =
    state.status === 'at-form' && current ? `${current.index}:${current.stepId}` : state.status;
  // issue #28: which call this flow is for (none: a walk-in) goes with its hang-up.
  const flowCallId = state.callData?.callId ?? null;
  const { hangingUp, hangUp } = useFlowHangUp(engine, state, onFinished, registerHangUp);
  const busy = state.busy || hangingUp;

  // Keyboard and screen-reader users land on each new step's title (issue 11 The screen),
  // unless the form puts the agent in a field itself: taking focus from an autofocus field
  // would only mark it visited and show its error before anything was typed.
  const formFocusesItself = wizardStep?.content.fields.some((field) => field.autofocus) ?? false;
  useEffect(() => {
    if (!formFocusesItself) titleRef.current?.focus();
    // Once per step: the step's form decides for that step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey]);

  useEffect(() => setFieldErrors(undefined), [stepKey]);

  const submit = async (values: Variables) => {
    try {
      const outcome = await engine.submit(values);
      if (!outcome.ok && 'fieldErrors' in outcome) setFieldErrors(outcome.fieldErrors);
      return { ok: outcome.ok };
    } catch (error) {
      // spec 8: a trigger error is rethrown by the engine; its state already shows it.
      if (error instanceof CallFlowTriggerError) return { ok: false };
      throw error;
    }
  };

  const callData = state.callData;
  // issue #28: the first step starts with the caller's name and phone where it asks them.
  const initialValues = useMemo(
    () =>
      wizardStep && trail.length === 1
        ? { ...wizardStep.vars, ...callerPrefill(wizardStep.content, callData, wizardStep.vars) }
        : wizardStep?.vars,
    [wizardStep, trail.length, callData],
  );
  const processName = state.processDefinition?.name ?? 'Call flow';
  // issue #28 "One caller card, not two": the held call's card is this flow's header.
  // A walk-in never takes the call's card: it keeps its own header (and the call its card).
  const heldCall =
    call && flowCallRelation({ callId: flowCallId, executionId }, call) === 'own' ? call : null;
  const hangUpButton =
    state.status !== 'completed' ? (
      <Button variant="danger" onClick={() => void hangUp(true)} disabled={hangingUp}>
        {/* A walk-in has no call to hang up: its button says what it does (issue #28). */}
        <Icon name={flowCallId ? 'phone-off' : 'close'} size="sm" />
        {flowCallId ? HANG_UP_CONFIRM.submitText : END_WALK_IN_CONFIRM.submitText}
      </Button>
    ) : null;
  const announce =
    state.status === 'completed'
      ? 'The intake is complete.'
      : current && wizardStep
        ? `Step ${trail.length}: ${wizardStep.title}`
        : '';

  return (
    <div className="ic-call-flow" aria-busy={busy || undefined}>
      <div className="ic-visually-hidden" role="status" aria-live="polite">
        {announce}
      </div>
      {heldCall ? (
        <ActiveCallCard call={heldCall} flow={{ name: processName, hangUp: hangUpButton }} />
      ) : (
        <>
          {/* A call that is not this flow's (it ended before this walk-in): still put away. */}
          {call ? <ActiveCallCard call={call} onDone={onCallDone} /> : null}
          <WalkInHeader processName={processName} callData={callData} hangUp={hangUpButton} />
        </>
      )}

      <div className="ic-call-flow__layout">
        <StepsTrail trail={trail} status={state.status} />

        <section className="ic-call-flow__step" aria-labelledby={`${formId}-title`}>
          {state.error ? <FlowError error={state.error} /> : null}

          {state.status === 'at-form' && wizardStep && current ? (
            <>
              <p className="ic-call-flow__step-count">Step {trail.length}</p>
              <StepTitle id={`${formId}-title`} titleRef={titleRef}>
                {wizardStep.title}
              </StepTitle>
              <ConsultationBookingContext.Provider value={booking}>
                <StepForm
                  key={stepKey}
                  form={wizardStep.content}
                  initialValues={initialValues}
                  onSubmit={submit}
                  busy={busy}
                  formId={formId}
                  fieldErrors={fieldErrors}
                  verifyAddress={verifyAddress}
                  draft={
                    executionId
                      ? { storage: drafts, executionId, stepId: current.stepId }
                      : undefined
                  }
                />
              </ConsultationBookingContext.Provider>
              <StepActions
                formId={formId}
                canGoBack={engine.canGoBack()}
                onBack={() => void engine.back()}
                busy={busy}
                saving={state.busy}
              />
            </>
          ) : null}

          {state.status === 'completed' ? (
            <FlowComplete
              titleId={`${formId}-title`}
              titleRef={titleRef}
              onFinish={() => void hangUp(false)}
            />
          ) : null}

          {state.status === 'error' ? (
            <div className="ic-call-flow__done">
              <StepTitle id={`${formId}-title`} titleRef={titleRef}>
                The call flow could not start
              </StepTitle>
              <div className="ic-call-flow__notice-actions">
                <Button variant="primary" onClick={onRetryStart} disabled={busy}>
                  Try again
                </Button>
                <Button onClick={() => void hangUp(false)} disabled={busy}>
                  End
                </Button>
              </div>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/**
 * Ending the flow: Hang up (a call) or End walk-in asks first; Finish does not. The
 * host's own hang-up button asks the same (registerHangUp).
 */
function useFlowHangUp(
  engine: CallFlowEngine,
  state: CallFlowState,
  onFinished: ActiveFlowProps['onFinished'],
  registerHangUp: ActiveFlowProps['registerHangUp'],
) {
  const confirm = useConfirm();
  const [hangingUp, setHangingUp] = useState(false);
  const flowCallId = state.callData?.callId ?? null;
  const executionId = state.processExecutionHistoryId;
  const hangUp = async (ask: boolean) => {
    if (ask && (await confirm(flowCallId ? HANG_UP_CONFIRM : END_WALK_IN_CONFIRM)) !== 1) return;
    const flow = { callId: flowCallId, executionId };
    setHangingUp(true);
    try {
      await engine.hangUp();
    } finally {
      setHangingUp(false);
    }
    onFinished(flow);
  };
  // The host's hang-up button asks the same as this one: with a confirm while the intake
  // runs, without once it is complete (Finish).
  const hangUpRef = useRef(hangUp);
  hangUpRef.current = hangUp;
  const completed = state.status === 'completed';
  useEffect(
    () =>
      registerHangUp?.(() => void hangUpRef.current(!completed), {
        callId: flowCallId,
        executionId,
      }),
    [registerHangUp, completed, flowCallId, executionId],
  );
  return { hangingUp, hangUp };
}

/** The form steps taken so far, the current one marked, and Complete at the end. */
function StepsTrail({ trail, status }: { trail: TrailEntry[]; status: CallFlowState['status'] }) {
  return (
    <nav
      className="ic-call-flow__trail"
      aria-label="Steps taken"
      hidden={trail.length === 0 && status !== 'completed'}
    >
      <ol>
        {trail.map((entry, position) => {
          const isCurrent = status === 'at-form' && position === trail.length - 1;
          return (
            <li
              key={`${entry.index}:${entry.stepId}`}
              className={isCurrent ? 'ic-call-flow__trail-item--current' : undefined}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="ic-call-flow__trail-number" aria-hidden="true">
                {isCurrent ? position + 1 : <Icon name="check" size="sm" />}
              </span>
              <span>{entry.title}</span>
            </li>
          );
        })}
        {status === 'completed' ? (
          <li className="ic-call-flow__trail-item--current" aria-current="step">
            <span className="ic-call-flow__trail-number" aria-hidden="true">
              <Icon name="check" size="sm" />
            </span>
            <span>Complete</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

/** A step's title: where the focus lands on each new step (issue 11 The screen). */
function StepTitle({
  id,
  titleRef,
  children,
}: {
  id: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h2 id={id} ref={titleRef} tabIndex={-1} className="ic-call-flow__step-title">
      {children}
    </h2>
  );
}

/** Under a step's form: Back (when the engine can go back), Saving…, and Next. */
function StepActions({
  formId,
  canGoBack,
  onBack,
  busy,
  saving,
}: {
  formId: string;
  canGoBack: boolean;
  onBack: () => void;
  busy: boolean;
  saving: boolean;
}) {
  return (
    <div className="ic-call-flow__actions">
      {canGoBack ? (
        <Button onClick={onBack} disabled={busy}>
          <Icon name="arrow-left" size="sm" />
          Back
        </Button>
      ) : (
        <span />
      )}
      <span className="ic-call-flow__actions-end">
        {saving ? (
          <span className="ic-call-flow__saving" role="status">
            <span className="ic-spinner" aria-hidden="true" />
            Saving…
          </span>
        ) : null}
        {/* Saving: only said disabled (the form refuses a second submit), so the
            focus that pressed Next stays until the next step takes it (issue #30). */}
        <Button type="submit" form={formId} variant="primary" size="lg" aria-disabled={busy}>
          Next
          <Icon name="chevron-right" size="sm" />
        </Button>
      </span>
    </div>
  );
}

/** The intake is complete: what happened to the answers, and Finish. */
function FlowComplete({
  titleId,
  titleRef,
  onFinish,
}: {
  titleId: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onFinish: () => void;
}) {
  return (
    <div className="ic-call-flow__done">
      <span className="ic-call-flow__done-icon" aria-hidden="true">
        <Icon name="check" size="lg" />
      </span>
      <StepTitle id={titleId} titleRef={titleRef}>
        Intake complete
      </StepTitle>
      <p>
        Every answer is saved in the execution history and was sent to the CRM. You can end the call
        now.
      </p>
      <Button
        variant="primary"
        size="lg"
        onClick={(event) => {
          // Finishing takes this view away: the focus waits on the page's content
          // (the app's main) rather than falling to the body (issue #30).
          event.currentTarget.closest<HTMLElement>('main[tabindex]')?.focus();
          onFinish();
        }}
      >
        Finish
      </Button>
    </div>
  );
}

/**
 * The caller of a flow with no provider call (a walk-in or a call-back started by hand):
 * who, and the flow's hang-up; no call facts, no timer (there is no call to time).
 */
function WalkInHeader({
  processName,
  callData,
  hangUp,
}: {
  processName: string;
  callData: CallFlowState['callData'];
  hangUp: ReactNode;
}) {
  const caller = callData?.leadName || 'Unknown caller';
  return (
    <section className="ic-call-flow__caller" aria-label={`Caller: ${caller}`}>
      <span className="ic-call-flow__caller-icon" aria-hidden="true">
        <Icon name="user" size="md" />
      </span>
      <div className="ic-call-flow__caller-text">
        <p className="ic-call-flow__eyebrow">{processName}</p>
        <p className="ic-call-flow__caller-line">
          <span className="ic-call-flow__caller-name">{caller}</span>
          {callData?.phone ? (
            <a className="ic-call-flow__caller-phone" href={`tel:${callData.phone}`}>
              {formatInternationalUs(callData.phone)}
            </a>
          ) : null}
        </p>
      </div>
      {hangUp}
    </section>
  );
}

const OPERATION_TEXT: Record<CallFlowError['operation'], string> = {
  start: 'starting the call flow',
  forward: 'moving to the next step',
  backward: 'going back',
  trigger: 'running a step action',
  'next-step': 'moving to the next step',
  'hang-up': 'hanging up',
};

/** spec 8: the call-flow error as the agent reads it (support has been told once). */
function FlowError({ error }: { error: CallFlowError }) {
  return (
    <div className="ic-call-flow__error" role="alert">
      <Icon name="warning" size="md" />
      <div>
        <p className="ic-call-flow__error-title">
          Something went wrong while {OPERATION_TEXT[error.operation]}
          {error.stepTitle ? ` (${error.stepTitle})` : ''}.
        </p>
        <p className="ic-call-flow__error-text">{error.message}</p>
        <p className="ic-call-flow__error-hint">
          Support has been notified. You can try again, go back, or hang up; nothing typed is lost.
        </p>
      </div>
    </div>
  );
}
