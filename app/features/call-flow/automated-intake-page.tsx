import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';
import { currentEnvironment } from '@/app/config/environment';
import type { CallSession } from '@/shared/calls/call-session';
import { NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { ActiveCallCard } from './active-call-card';
import { CallFlowWizard, type FlowOfCall, type WizardStepPosition } from './call-flow-wizard';
import { flowCallRelation } from '@/shared/domain/call-line';
import { onEndedCallFlowFinished } from '@/app/calls/finish-ended-call-flow';
import { CALL_FLOWS_PATHS, CallFlowsNav } from './call-flows-nav';
import { decodeIncomingCall, INCOMING_CALL_PARAM } from '@/app/calls/incoming-call';
import { ProcessList } from './process-list';
import { useCallHangUp } from './use-call-hang-up';
import { useCallTabPlace } from './use-call-tab-place';

let appSessionStorage: KeyValueStorage | null = null;

/** spec 3 Session state: the automated intake lives in the tab's session storage. */
export function sessionStateStorage(): KeyValueStorage {
  appSessionStorage ??= createWebStorage(window.sessionStorage);
  return appSessionStorage;
}

/** Owners and admins also see the area's histories and CRM records. */
export function useIsCallFlowManager(): boolean {
  const role = useHost().session.user?.role;
  return role === 'owner' || role === 'admin';
}

const noCalls = () => () => {};
const noCall = () => NO_CALL_SNAPSHOT;

/**
 * The app's active call on this page (issue #13, host.calls): the top bar's hang-up runs
 * the wizard's own (its confirm, the partial-complete history) while a flow is on screen,
 * else a confirm and the call's hang-up; a finished flow also ends the call. A flow
 * started by hand from Call Flows has no telephone call: nothing to hang up then.
 */
function usePageCall(calls: CallSession | undefined) {
  const snapshot = useSyncExternalStore(
    calls ? calls.subscribe : noCalls,
    calls ? calls.get : noCall,
  );
  return { call: snapshot.call, waiting: snapshot.waiting, ...useCallHangUp(calls) };
}

/**
 * /app/automated-intake?incomingCall=<encoded payload> (spec: session 2 Automated intake
 * screen; dashboards 2.2 "automated-intake (Call Flows)"): the route reads the query string
 * and hands the wizard its call and its navigation. With no call in progress it is the
 * Call Flows area's home: how a call starts, and the processes to start one by hand.
 */
export function AutomatedIntakePage() {
  const [params] = useSearchParams();
  const routerNavigate = useNavigate();
  const manager = useIsCallFlowManager();
  const encoded = params.get(INCOMING_CALL_PARAM);
  const decoded = useMemo(() => (encoded ? decodeIncomingCall(encoded) : null), [encoded]);
  // Once taken up, the payload leaves the address: a reload resumes from session storage
  // and the browser's Back never starts the same call twice.
  const onCallTaken = useCallback(
    () => void routerNavigate(CALL_FLOWS_PATHS.home, { replace: true }),
    [routerNavigate],
  );
  const { calls } = useHost();
  const { call, flowFinished, registerHangUp } = usePageCall(calls);
  const onFinished = useCallback(
    (flow: FlowOfCall) => {
      void flowFinished(flow).finally(() => void routerNavigate('/app'));
    },
    [flowFinished, routerNavigate],
  );
  const onCallDone = useCallback(() => void calls?.reset(), [calls]);
  // issue #28: the call's execution is recorded with the call, so the tab can finish the
  // flow when the caller hangs up (app/calls/finish-ended-calls.ts); once finished, the
  // wizard is mounted again and reads the stored state: idle.
  const onStepChange = useCallback(
    (position: WizardStepPosition | null) => {
      const held = calls?.get().call ?? null;
      if (!calls || !position || !held || held.endedAt !== null) return;
      // A walk-in's steps are not the call's (issue #28): the call keeps its own position.
      if (flowCallRelation(position, held) !== 'own') return;
      if (held.wizard?.executionId === position.executionId) {
        if (held.wizard.stepId === position.stepId) return;
      }
      calls.wizardMoved(held.callId, position.executionId, position.stepId);
    },
    [calls],
  );
  // issue #28: the call's wizard runs in one of the app's tabs; the others show the call's
  // card, which says so and offers to move it here (the wizard then mounts on its state).
  // Where the wizard runs, it shows the call's card itself: as the header of the call's
  // flow ("One caller card, not two"), else above what it says.
  const place = useCallTabPlace(calls);
  const wizardHere = place === 'here' || place === 'none';
  const [generation, setGeneration] = useState(0);
  useEffect(() => onEndedCallFlowFinished(() => setGeneration((value) => value + 1)), []);

  return (
    <Page
      eyebrow="Call Flows"
      title="Automated intake"
      description="A scripted intake, step by step, while the caller is on the line."
    >
      {manager ? <CallFlowsNav current={CALL_FLOWS_PATHS.home} /> : null}
      {call && !wizardHere ? (
        <ActiveCallCard call={call} onDone={() => void calls?.reset()} />
      ) : null}
      {wizardHere ? (
        <CallFlowWizard
          key={generation}
          call={call}
          onCallDone={onCallDone}
          onStepChange={onStepChange}
          incomingCall={decoded?.ok ? decoded.payload : null}
          incomingCallError={decoded && !decoded.ok ? decoded.message : null}
          stateStorage={sessionStateStorage()}
          environment={currentEnvironment() ?? 'production'}
          onCallTaken={onCallTaken}
          onFinished={onFinished}
          idleContent={<ProcessList />}
          registerHangUp={registerHangUp}
        />
      ) : null}
    </Page>
  );
}
