import {
  type FocusEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import type { CallSession } from '@/shared/calls/call-session';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import { flowCallRelation } from '@/shared/domain/call-line';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { ActiveCallCard } from './active-call-card';
import { CallFlowWizard, type WizardStepPosition } from './call-flow-wizard';
import { syncedDraftStorage } from '@/app/calls/create-call-flow-effects';
import { CallHangUpButton } from './call-hang-up-button';
import type { IncomingCallPayload } from '@/app/calls/incoming-call';
import { ProcessList } from './process-list';
import { useCallHangUp } from './use-call-hang-up';
import { WaitingCallCard } from './waiting-call-card';
import './call-flow-widget-screen.css';

// issue #13 `<intake-call-flow>`: the call-flow wizard where the agent works. In a CRM
// tab (host.calls: the background's call) it shows the active call and its one shared
// wizard; in the script-tag embed (no host.calls) the wizard alone, kept in the page's
// sessionStorage like the app's; in a Zoho-vendor workspace an explanation (spec 4
// Call-flow guard).

let pageSessionStorage: KeyValueStorage | null = null;

/** spec 3 Session state, as the app keeps it: the page's sessionStorage. */
function embedStateStorage(): KeyValueStorage {
  pageSessionStorage ??= createWebStorage(window.sessionStorage);
  return pageSessionStorage;
}

/** The screen of the <intake-call-flow> element. */
export function CallFlowWidgetScreen() {
  const host = useHost();
  // The wizard's confirm renders in the widget's own (shadow) root, where its styles are.
  const [dialogs, setDialogs] = useState<HTMLDivElement | null>(null);
  let body;
  if (usesZohoVendor(host.session.workspace)) body = <ZohoCall calls={host.calls} />;
  else if (host.calls) body = <CallSessionFlow calls={host.calls} dialogs={dialogs} />;
  else body = <EmbedFlow dialogs={dialogs} />;
  return (
    <div className="ic-call-flow-widget" data-testid="intake-call-flow">
      {body}
      <div ref={setDialogs} />
      <ConfirmHost container={dialogs} />
    </div>
  );
}

/**
 * spec 4 Call-flow guard: "blocked when the workspace uses the zoho vendor". A slim note,
 * not a card: it heads the panel on every record of such a workspace, above the figures
 * its users came for.
 */
function ZohoExplanation() {
  return (
    <div className="ic-call-flow-widget__guard" role="note" aria-labelledby="ic-cfw-zoho">
      <span className="ic-call-flow-widget__guard-icon" aria-hidden="true">
        <Icon name="call-flow" size="sm" />
      </span>
      <p>
        <strong id="ic-cfw-zoho">Call flows are not available for workspaces that use Zoho.</strong>{' '}
        Calls still ring as usual: record the intake in Zoho CRM.
      </p>
    </div>
  );
}

/**
 * A Zoho-vendor workspace (issue #28): no call flow, but the call itself is shown (who, the
 * number, the tracking facts, the running time) and can be hung up from here and from the
 * panel's pill (the "Hang up?" confirm); an ended one is put away with Done.
 */
function ZohoCall({ calls }: { calls: CallSession | undefined }) {
  const call = useSyncExternalStore(
    calls ? calls.subscribe : noSubscription,
    calls ? calls.get : noSnapshot,
  ).call;
  useCallHangUp(calls);
  return (
    <>
      {calls ? (
        <WaitingCallCard
          calls={calls}
          stateStorage={calls.flowStorage}
          draftStorage={calls.flowStorage}
          compact
        />
      ) : null}
      {calls && call ? (
        <div className="ic-call-flow-widget__zoho-call">
          <ActiveCallCard
            call={call}
            onDone={() => void calls.reset()}
            liveAction={<CallHangUpButton onHangUp={() => calls.requestHangUp()} />}
          />
        </div>
      ) : null}
      <ZohoExplanation />
    </>
  );
}

const noSubscription = () => () => {};
const noSnapshot = () => NO_CALL_SNAPSHOT;

/** The script-tag embed: flows started by hand, in place, kept in the page's sessionStorage. */
function EmbedFlow({ dialogs }: { dialogs: HTMLDivElement | null }) {
  const [manual, setManual] = useState<IncomingCallPayload | null>(null);
  const taken = useCallback(() => setManual(null), []);
  return (
    <CallFlowWizard
      incomingCall={manual}
      stateStorage={embedStateStorage()}
      onCallTaken={taken}
      // The page stays where it is: the widget shows "No call in progress" again.
      onFinished={taken}
      idleContent={<ProcessList onStart={setManual} dialogContainer={dialogs} />}
    />
  );
}

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';

/** The payload the wizard starts a call with (its call data and the process it names). */
function payloadOf(call: ActiveCall): IncomingCallPayload {
  return {
    ...call.callData,
    // issue #28: the intake knows its call (a walk-in has none, and never hangs one up).
    callId: call.callId,
    ...(call.process ? { process: call.process } : {}),
  };
}

/**
 * The background's active call and its wizard. Continuity (issue #13): the wizard's state
 * and drafts live in calls.flowStorage; when another page changes them (a new
 * flowRevision not written here) this wizard is rebuilt (its key) so it reads them again,
 * except while the agent is typing (in it, or in the CRM page) and the step is the same:
 * then it is rebuilt once the tab is shown again, so another window's keystrokes never
 * take the field from under the agent's. A hidden tab also waits until it is shown.
 */
function CallSessionFlow({
  calls,
  dialogs,
}: {
  calls: CallSession;
  dialogs: HTMLDivElement | null;
}) {
  const { api } = useHost();
  const snapshot = useSyncExternalStore(calls.subscribe, calls.get);
  const call = snapshot.call;
  // issue #28: the drafts in the call's storage, with the server's copy beside them (the
  // host's API client: the background's transport in a CRM tab).
  const drafts = useMemo(() => syncedDraftStorage(calls.flowStorage, api), [calls, api]);
  const live = call !== null && call.endedAt === null;
  const callId = call?.callId ?? null;
  // ---- the one place: only the page the call is offered to claims and starts it.
  const [started, setStarted] = useState<{ callId: string; payload: IncomingCallPayload } | null>(
    null,
  );
  const [refused, setRefused] = useState<string | null>(null);
  const claimed = useRef<string | null>(null);
  const claimAndStart = useCallback(
    async (target: ActiveCall) => {
      let granted = false;
      try {
        granted = await calls.claim(target.callId);
      } catch {
        granted = false;
      }
      if (granted) setStarted({ callId: target.callId, payload: payloadOf(target) });
      else setRefused(target.callId);
    },
    [calls],
  );
  useEffect(() => {
    if (!snapshot.offered || !call || call.endedAt !== null) return;
    if (claimed.current === call.callId) return;
    claimed.current = call.callId;
    void claimAndStart(call);
  }, [snapshot.offered, call, claimAndStart]);
  // A walk-in or call-back started by hand here, with no live call (issue 11).
  const [manual, setManual] = useState<IncomingCallPayload | null>(null);
  // Started: the wizard keeps the flow; a rebuilt wizard must resume it, not start again.
  const onCallTaken = useCallback(() => {
    setStarted(null);
    setManual(null);
  }, []);

  // ---- continuity
  const [generation, setGeneration] = useState(0);
  const position = useRef<WizardStepPosition | null>(null);
  const pending = useRef(false);
  const seenRevision = useRef(snapshot.flowRevision);
  const typing = useRef(false);
  // This page is starting the call's flow (claimed, not yet taken): a wizard rebuilt now
  // would be handed the same call and start it again, a second execution whose first stays
  // "started" for ever. What changed meanwhile waits until the start is done.
  const startingHere = started !== null && started.callId === callId;
  const rebuild = useCallback(() => {
    pending.current = false;
    setGeneration((value) => value + 1);
  }, []);
  useEffect(() => {
    if (snapshot.flowRevision !== seenRevision.current) {
      seenRevision.current = snapshot.flowRevision;
      if (!snapshot.flowWrittenHere) pending.current = true;
    }
    if (!pending.current || startingHere || document.visibilityState === 'hidden') return;
    const shared = snapshot.call?.wizard ?? null;
    const here = position.current;
    const stepElsewhere =
      shared !== null &&
      (here === null || shared.stepId !== here.stepId || shared.executionId !== here.executionId);
    // Typing in the CRM page's own fields counts too: a rebuilt wizard focuses its title.
    const pageTyping = document.activeElement?.matches(EDITABLE) ?? false;
    // A call that ended (the caller hung up: its flow was finished elsewhere) takes the
    // form away even mid-typing: answers sent to a finished intake would go nowhere.
    const callOver = snapshot.call !== null && snapshot.call.endedAt !== null;
    if (!(typing.current || pageTyping) || stepElsewhere || callOver) rebuild();
  }, [snapshot, rebuild, startingHere]);
  useEffect(() => {
    if (startingHere) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && pending.current) rebuild();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [rebuild, startingHere]);

  const onStepChange = useCallback(
    (next: WizardStepPosition | null) => {
      position.current = next;
      const current = calls.get().call;
      if (!next || !current) return;
      // A walk-in's steps are not the call's (issue #28): the call keeps its own position.
      if (flowCallRelation(next, current) !== 'own') return;
      const shared = current.wizard;
      if (shared?.executionId === next.executionId && shared.stepId === next.stepId) return;
      calls.wizardMoved(current.callId, next.executionId, next.stepId);
    },
    [calls],
  );

  // ---- hang-up: the wizard's own (engine first), then the call at the provider, then reset.
  const { flowFinished, registerHangUp } = useCallHangUp(calls);
  const onCallDone = useCallback(() => void calls.reset(), [calls]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    typing.current = event.target instanceof Element && event.target.matches(EDITABLE);
  };
  const onBlur = () => {
    typing.current = false;
  };

  const incomingCall =
    started && started.callId === callId ? started.payload : live ? null : manual;
  const waiting =
    live && call ? (
      <WaitingForFlow
        call={call}
        refused={refused === call.callId}
        onStartHere={() => void claimAndStart(call)}
      />
    ) : undefined;

  // issue #28 "One caller card, not two": the wizard shows the call's card, as the header
  // of the call's flow or above what it says while none runs here.
  return (
    <>
      <WaitingCallCard
        calls={calls}
        stateStorage={calls.flowStorage}
        draftStorage={calls.flowStorage}
        compact
      />
      <div className="ic-call-flow-widget__wizard" onFocus={onFocus} onBlur={onBlur}>
        <CallFlowWizard
          key={`${callId ?? 'no-call'}:${generation}`}
          call={call}
          onCallDone={onCallDone}
          incomingCall={incomingCall}
          stateStorage={calls.flowStorage}
          draftStorage={drafts}
          onCallTaken={onCallTaken}
          onFinished={(flow) => void flowFinished(flow)}
          onStepChange={onStepChange}
          registerHangUp={registerHangUp}
          idleFallback={waiting}
          idleContent={<ProcessList onStart={setManual} dialogContainer={dialogs} />}
        />
      </div>
    </>
  );
}

/**
 * A live call whose flow this page does not run: it opens where the call was offered and
 * shows here once started. A call nobody started yet (a click-to-call, an offer that was
 * never taken) may be started here; the claim keeps it to one page.
 */
function WaitingForFlow({
  call,
  refused,
  onStartHere,
}: {
  call: ActiveCall;
  refused: boolean;
  onStartHere: () => void;
}) {
  const startable = call.wizard === null && !refused;
  return (
    <Card className="ic-call-flow-widget__notice" aria-labelledby="ic-cfw-waiting">
      <h2 id="ic-cfw-waiting" className="ic-call-flow-widget__notice-title">
        {refused ? 'The intake is open on another page' : 'The intake has not started here'}
      </h2>
      <p>
        {refused
          ? 'This call’s call flow runs on the page it was opened on. It shows here as soon as it moves, so you can continue from any tab.'
          : 'The call flow of this call shows here as soon as it starts on any of your tabs.'}
      </p>
      {startable ? (
        <div className="ic-call-flow-widget__actions">
          <Button variant="primary" onClick={onStartHere}>
            Start the intake here
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
