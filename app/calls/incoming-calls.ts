import type { ApiClient } from '@/shared/api/client';
import { getTrackingInfo, markCallConnected } from '@/shared/api/call-tracking';
import { watchCallEnds } from '@/shared/calls/call-end-watch';
import type { CallSession } from '@/shared/calls/call-session';
import type { ActiveCall } from '@/shared/contracts/active-call';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import {
  incomingCallEvent,
  type IncomingCallEventData,
  type TrackingInfo,
} from '@/shared/contracts/call-tracking';
import { isCallLive } from '@/shared/domain/call-clock';
import { acceptIncomingCall, incomingCallOf } from '@/shared/domain/incoming-call';
import { automatedIntakePath } from '@/app/calls/incoming-call';
import type { AppCallSession, CallScope } from './app-call-session';
import type { IncomingCallAlerts } from './incoming-call-alert';

/** The automated intake's path for a call the app holds (the page starts its wizard). */
export function intakePathFor(call: ActiveCall): string {
  return automatedIntakePath({
    ...call.callData,
    // issue #28: the intake knows its call (a walk-in has none, and never hangs one up).
    callId: call.callId,
    ...(call.process ? { process: call.process } : {}),
  });
}

/** The host's API with every call silent: a failed lookup here is no toast, only "None". */
function silently(api: ApiClient): ApiClient {
  return {
    call: (schema, req, options) => api.call(schema, req, { ...options, silent: true }),
    subscribe: (event, handler) => api.subscribe(event, handler),
  };
}

export interface OwnIncomingCallsDeps {
  api: ApiClient;
  calls: AppCallSession;
  scope: CallScope;
  navigate: (path: string) => void;
  /** The signed-in agent's id, sent when the call is marked connected (spec 4, 7). */
  agentId?: () => string | null;
  /** The desktop alert while the tab is hidden (issue #28). */
  alerts?: IncomingCallAlerts;
  now?: () => Date;
}

/**
 * Incoming calls, and the ends of calls (issue #28), on the app's OWN socket (spec: session
 * 4 Sockets "incomingCalls::{userId}"; issue #13 "in the standalone app at /app/automated-intake?incomingCall=…"):
 * an event that is taken (acceptIncomingCall: statusCode 200, signed in, no call in
 * progress, not the call already held) has its tracking info looked up (a failure reads
 * "None Associated"), becomes the active call, and — in the one tab of the app that wins
 * the call's claim (issue #28) — opens the automated intake, whose wizard starts it. The
 * same event delivered twice opens it once. Answers the unsubscribe.
 */
export function listenForOwnIncomingCalls(deps: OwnIncomingCallsDeps): () => void {
  const { api, calls, scope, navigate } = deps;
  const now = deps.now ?? (() => new Date());
  /** Calls whose tracking info is being looked up: a repeated event waits for nothing. */
  const opening = new Set<string>();
  let stopped = false;

  async function take(payload: unknown): Promise<void> {
    const first = acceptIncomingCall({
      payload,
      userId: scope.userId,
      activeCall: calls.get().call,
    });
    // issue #28: a call while another is live is not dropped: it waits (the call line).
    const waits = !first.taken && first.reason === 'call-in-progress';
    const call = first.taken ? first.call : waits ? incomingCallOf(payload) : null;
    if (!call || opening.has(call.callId) || calls.get().waiting?.call.callId === call.callId) {
      return;
    }
    opening.add(call.callId);
    try {
      let trackingInfo: TrackingInfo | null = null;
      if (call.trackingNumber) {
        try {
          trackingInfo = await getTrackingInfo(
            silently(api),
            scope.workspaceId,
            call.trackingNumber,
            {
              title: call.leadName,
            },
          );
        } catch {
          trackingInfo = null; // spec 3: campaign and lead source read "None Associated"
        }
      }
      if (stopped) return;
      calls.apply({
        type: 'incoming',
        userId: scope.userId,
        workspaceId: scope.workspaceId,
        call,
        trackingInfo,
        receivedAt: now().toISOString(),
      });
      const held = calls.get().call;
      // Another call is live: this one waits beside it (the waiting card), or, when a call
      // already waits, rings out and is recorded as missed by the server.
      if (held?.callId !== call.callId || !isCallLive(held)) {
        if (calls.get().waiting?.call.callId === call.callId) alertWhileWaiting(call);
        return;
      }
      // issue #28: every tab of the app hears the call; one runs its wizard (and connects
      // it, and alerts). The others keep it, saying it is open in another tab.
      // Without an election (calls.tabs) the tab is the only place: granted at once, no wait.
      if (calls.tabs && (!(await calls.claim(call.callId)) || stopped)) return;
      navigate(intakePathFor(held));
      alertUntilOver(held);
      // spec 4: "The call is then marked connected on the server", with the agent (spec 7
      // fourIizAgent), as the extension does when its tab claims the call. Quiet: a call
      // that ended meanwhile (409) ends here at the next reconciliation.
      markCallConnected(silently(api), scope.workspaceId, call.callId, deps.agentId?.() ?? null)
        .then(() => calls.apply({ type: 'connected-on-server', callId: call.callId }))
        .catch(() => undefined);
    } finally {
      opening.delete(call.callId);
    }
  }

  /** The desktop alert of a call stays until the call ends or the agent looks at the tab. */
  const closeAlerts = new Set<() => void>();
  function alertUntilOver(held: ActiveCall): void {
    if (!deps.alerts) return;
    const close = deps.alerts.show(held);
    const done = () => {
      close();
      stopWatching();
      closeAlerts.delete(done);
    };
    const stopWatching = calls.subscribe(() => {
      const now = calls.get().call;
      if (now?.callId !== held.callId || !isCallLive(now)) done();
    });
    closeAlerts.add(done);
  }

  /** The desktop alert of a waiting call stays while it waits (taken, left or gone: closed). */
  function alertWhileWaiting(call: IncomingCallEventData): void {
    if (!deps.alerts) return;
    const close = deps.alerts.show(
      { callId: call.callId, callData: { leadName: call.leadName, phone: call.phone } },
      { waiting: true },
    );
    const done = () => {
      close();
      stopWatching();
      closeAlerts.delete(done);
    };
    const stopWatching = calls.subscribe(() => {
      if (calls.get().waiting?.call.callId !== call.callId) done();
    });
    closeAlerts.add(done);
  }

  const unsubscribe = api.subscribe(
    incomingCallEvent(scope.userId),
    (payload) => void take(payload),
  );
  // issue #28: the call's end, from the provider's event and from reconciling on every
  // (re)connect and while the call is live; a call that rang during a gap is offered.
  const ends = watchCallEnds({
    api: silently(api),
    scope,
    held: () => calls.get().call,
    waiting: () => calls.get().waiting,
    apply: (action) => calls.apply(action),
    offer: (event) => void take(event),
  });
  return () => {
    stopped = true;
    unsubscribe();
    ends.stop();
    for (const done of [...closeAlerts]) done();
  };
}

/**
 * Incoming calls when the app uses the EXTENSION's feed (issue #13: the background decides
 * the one place): the background pushes the call's snapshot on the app's live port; when
 * it offers this app the live call, the app claims it and, if granted, opens the automated
 * intake. A call is claimed once; one not offered to the app is left to the CRM tab (or
 * the notification) the background chose. Answers the unsubscribe.
 */
export function followOfferedCalls(deps: {
  calls: Pick<CallSession, 'get' | 'subscribe' | 'claim'>;
  navigate: (path: string) => void;
}): () => void {
  const { calls, navigate } = deps;
  const tried = new Set<string>();

  async function check(snapshot: CallSnapshot): Promise<void> {
    const call = snapshot.call;
    if (!snapshot.offered || !isCallLive(call) || tried.has(call.callId)) return;
    tried.add(call.callId);
    let granted = false;
    try {
      granted = await calls.claim(call.callId);
    } catch {
      granted = false;
    }
    if (granted) navigate(intakePathFor(call));
  }

  void check(calls.get());
  return calls.subscribe(() => void check(calls.get()));
}
