import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { listTrackingNumbers, markCallConnected, startCall } from '@/shared/api/call-tracking';
import {
  CTM_NOT_LINKED_STATUS,
  type CallDirection,
  type NamedRef,
  type TrackedCall,
  type TrackingNumber,
} from '@/shared/contracts/call-tracking';
import {
  DEFAULT_CALL_OUTCOMES,
  knownNotLinkedToCallTracking,
  OUTCOME_CANCELLED,
  type CallOutcome,
} from '@/shared/domain/click-to-call';
import { isCallLive } from '@/shared/domain/call-clock';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import { withSignal } from '@/shared/query/api-with-signal';
import { TransportError } from '@/shared/transport/transport';
import { CallAgainDialog, NotLinkedToCallTrackingDialog } from './call-alerts';
import { deepActiveElement } from './call-dialog';
import { NumberPickerDialog, type NumberChoice, type PickerStart } from './number-picker-dialog';
import { OutcomeDialog } from './routing-confirmation-dialog';
import './click-to-call.css';

/** Said instead of opening the picker while the agent is on a call. */
export const ON_A_CALL_TEXT = 'You are on a call. Hang up first to place another.';

/** Who to call: what a call button next to a phone number knows. */
export interface CallRequest {
  name: string;
  /** The number as the page shows it; null offers the custom entry only. */
  phone: string | null;
}

/**
 * The call that started (spec: session 3 Active call; 4 Outbound: "the call id is taken
 * from the call's id and the call is marked connected"), for whoever holds the active call
 * (the extension's background, next session).
 */
export interface StartedCall {
  callId: string;
  id: string;
  direction: CallDirection;
  /** True once the PUT answered; false if marking it connected failed (toast shown). */
  connected: boolean;
  trackingNumber: string | null;
  campaign: NamedRef | null;
  leadSource: NamedRef | null;
  /** ISO time the provider placed the call (shown as hh:mm A). */
  callStart: string;
  /** Who was called and the number dialled (E.164). */
  name: string;
  phone: string;
  /** The outcome button the agent chose (never OUTCOME_CANCELLED). */
  outcome: number;
  /** The provider's call as the last answer had it. */
  call: TrackedCall;
}

export interface UseClickToCallOptions {
  onCallStarted: (call: StartedCall) => void;
  /** The outcome dialog's buttons; 0 must be among them (Cancel). */
  outcomes?: readonly CallOutcome[];
}

export interface ClickToCall {
  /** Opens the picker for this person (ignored while another call is being set up). */
  startCall: (request: CallRequest) => void;
  /** True while a dialog of the flow is open. */
  active: boolean;
  /** The dialogs: render this once, anywhere (they are fixed overlays). */
  dialogs: ReactNode;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'picking'; request: CallRequest; start?: PickerStart }
  | {
      kind: 'confirming';
      request: CallRequest;
      choice: NumberChoice;
      entered: PickerStart;
      busy: string | null;
    }
  | { kind: 'failed'; request: CallRequest; entered: PickerStart; reason: string }
  | { kind: 'not-linked' };

function trackingNumbersQuery(
  api: Parameters<typeof listTrackingNumbers>[0],
  scope: readonly unknown[],
  workspaceId: string,
) {
  return {
    queryKey: [...scope, 'ctm', 'numbers'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      listTrackingNumbers(withSignal(api, signal), workspaceId),
    // Numbers change rarely; a minute saves a request per click in a busy CRM page.
    staleTime: 60_000,
    retry: false as const,
  };
}

/** Where the flow goes when the call could not start: 'Uh oh!' on the server's 409. */
function startFailedStep(error: unknown, request: CallRequest, entered: PickerStart): Step {
  const failure = TransportError.from(error);
  if (failure.status === CTM_NOT_LINKED_STATUS) return { kind: 'not-linked' };
  return {
    kind: 'failed',
    request,
    entered,
    reason: failure.serverMessage ?? failure.message,
  };
}

/** The started call as reported to onCallStarted. */
function startedCall(
  latest: TrackedCall,
  connected: boolean,
  request: CallRequest,
  outcome: number,
): StartedCall {
  return {
    callId: latest.id,
    id: latest.id,
    direction: 'outbound',
    connected,
    trackingNumber: latest.trackingNumber,
    campaign: latest.campaign,
    leadSource: latest.leadSource,
    callStart: latest.startedAt,
    name: request.name,
    phone: latest.toNumber,
    outcome,
    call: latest,
  };
}

/**
 * Click-to-call (issue #13; spec: session 2 Dialogs, 4 Click-to-call and active call, 5,
 * 8): `startCall({ name, phone })` runs picker → outcome → call. An outcome other than 0
 * starts the call (POST ctm/calls), marks it connected (PUT) and reports it to
 * `onCallStarted`; 0 starts nothing. An agent without a call-tracking user gets 'Uh oh!'
 * — before anything is asked when the session's agent record says so, else on the
 * server's 409. Focus goes back to the element that started the flow when it ends.
 */
export function useClickToCall({
  onCallStarted,
  outcomes = DEFAULT_CALL_OUTCOMES,
}: UseClickToCallOptions): ClickToCall {
  const { api, session, calls, notify } = useHost();
  const scope = useQueryScope();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const trigger = useRef<HTMLElement | null>(null);
  // Refs, not state: two clicks in one tick (before a re-render) must not open two flows
  // or place two calls.
  const open = useRef(false);
  const placing = useRef(false);
  const onStarted = useRef(onCallStarted);
  onStarted.current = onCallStarted;
  const workspaceId = session.workspace?.id ?? null;

  const numbers = useDataQuery<TrackingNumber[]>(
    step.kind === 'picking' && workspaceId ? trackingNumbersQuery(api, scope, workspaceId) : null,
  );

  const finish = useCallback(() => {
    open.current = false;
    setStep({ kind: 'idle' });
    const back = trigger.current;
    trigger.current = null;
    // After the dialog has left the DOM, or the focus would land on a removed node.
    if (back) queueMicrotask(() => back.isConnected && back.focus());
  }, []);

  const begin = useCallback(
    (request: CallRequest) => {
      if (open.current || !workspaceId) return;
      // One call at a time (spec 4 "no call in progress"): a second call would ring the
      // agent's desk phone while the first is still on the line.
      if (isCallLive(calls?.get().call ?? null)) {
        notify('info', ON_A_CALL_TEXT);
        return;
      }
      open.current = true;
      trigger.current = deepActiveElement();
      setStep(
        knownNotLinkedToCallTracking(session.agent)
          ? { kind: 'not-linked' }
          : { kind: 'picking', request },
      );
    },
    [workspaceId, session.agent, calls, notify],
  );

  async function place(
    request: CallRequest,
    choice: NumberChoice,
    entered: PickerStart,
    outcome: number,
  ) {
    if (!workspaceId || placing.current) return;
    placing.current = true;
    try {
      await placeCall(request, choice, entered, outcome, workspaceId);
    } finally {
      placing.current = false;
    }
  }

  async function placeCall(
    request: CallRequest,
    choice: NumberChoice,
    entered: PickerStart,
    outcome: number,
    workspaceId: string,
  ) {
    let call: TrackedCall;
    try {
      // silent: the failure is shown in this flow's own dialogs, not as a toast as well.
      call = await startCall(
        api,
        workspaceId,
        { from_number: choice.from.number, call_number: choice.to },
        { silent: true },
      );
    } catch (error) {
      setStep(startFailedStep(error, request, entered));
      return;
    }
    let latest = call;
    let connected = false;
    try {
      latest = await markCallConnected(api, workspaceId, call.id, session.agent?.id ?? null);
      connected = latest.connected;
    } catch {
      // The call is ringing the desk phone: it is reported anyway (connected false) so the
      // active-call holder knows of it; the client has shown the failure as a toast.
    }
    finish();
    onStarted.current(startedCall(latest, connected, request, outcome));
  }

  let dialogs: ReactNode = null;
  switch (step.kind) {
    case 'picking':
      dialogs = (
        <NumberPickerDialog
          name={step.request.name}
          phone={step.request.phone}
          numbers={numbers}
          start={step.start}
          onCancel={finish}
          onPick={(choice, entered) =>
            setStep({ kind: 'confirming', request: step.request, choice, entered, busy: null })
          }
        />
      );
      break;
    case 'confirming':
      dialogs = (
        <OutcomeDialog
          name={step.request.name}
          fromLabel={step.choice.from.label}
          fromNumber={step.choice.from.formatted}
          dialled={formatInternationalUs(step.choice.to)}
          outcomes={outcomes}
          busy={step.busy}
          onChoose={(value) => {
            if (value === OUTCOME_CANCELLED) {
              finish();
              return;
            }
            setStep({ ...step, busy: 'Calling your desk phone…' });
            void place(step.request, step.choice, step.entered, value);
          }}
        />
      );
      break;
    case 'failed':
      dialogs = (
        <CallAgainDialog
          name={step.request.name}
          reason={step.reason}
          onClose={finish}
          onPickAgain={() =>
            setStep({ kind: 'picking', request: step.request, start: step.entered })
          }
        />
      );
      break;
    case 'not-linked':
      dialogs = <NotLinkedToCallTrackingDialog onAcknowledge={finish} />;
      break;
    case 'idle':
      break;
  }

  return { startCall: begin, active: step.kind !== 'idle', dialogs };
}
