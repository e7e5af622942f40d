import type { ApiClient } from '@/shared/api/client';
import { getCall, listLiveCalls } from '@/shared/api/call-tracking';
import type { ActiveCall, WaitingCall } from '@/shared/contracts/active-call';
import {
  callEndedEvent,
  callEndedEventSchema,
  type IncomingCallEvent,
} from '@/shared/contracts/call-tracking';
import { type CallLineAction, reconcileWaitingCall } from '@/shared/domain/call-line';
import { isCallLive } from '@/shared/domain/call-clock';
import { reconcileActiveCall } from '@/shared/domain/call-reconcile';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import { TransportError } from '@/shared/transport/transport';

/** How often a client holding a live call asks the server whether it still is (issue #28). */
export const RECONCILE_INTERVAL_MS = 15_000;

export interface CallEndWatchDeps {
  /** Requests (silent: this runs on its own) and socket events, the host's. */
  api: ApiClient;
  /** Whose calls: the signed-in user in their workspace. */
  scope: { userId: string; workspaceId: string };
  /** The call this client holds now. */
  held(): ActiveCall | null;
  /** The second call waiting beside it (issue #28), where the client keeps one. */
  waiting?(): WaitingCall | null;
  /**
   * Applies what was learnt to the call line ('provider-ended', 'provider-call', 'ended',
   * 'waiting-gone'); events for the waiting call end its wait.
   */
  apply(action: CallLineAction): void | Promise<void>;
  /**
   * A live inbound call this client does not hold (it rang while the client was away):
   * handled as its `incomingCalls::{userId}` event would be.
   */
  offer(event: IncomingCallEvent): void;
  now?: () => Date;
  intervalMs?: number;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface CallEndWatch {
  /** Compares the held call with the server's live calls now (single-flight). */
  reconcile(): Promise<void>;
  stop(): void;
}

/**
 * Every call has an end the client learns of (issue #28), for whichever client holds the
 * call (the extension's background, or the app on its own socket):
 * - `callEnded::{userId}` names the call the provider ended: applied at once;
 * - on start and on every socket (re)connect, and every RECONCILE_INTERVAL_MS while the
 *   held call is live, the server's live calls are compared with the held one
 *   (shared/domain/call-reconcile.ts): a call that ended unheard ends here too, and a call
 *   that rang during a gap is offered.
 */
export function watchCallEnds(deps: CallEndWatchDeps): CallEndWatch {
  const { api, scope } = deps;
  const now = deps.now ?? (() => new Date());
  const every = deps.setInterval ?? ((run, ms) => setInterval(run, ms));
  const cancel =
    deps.clearInterval ?? ((handle) => clearInterval(handle as ReturnType<typeof setInterval>));
  let stopped = false;
  let running: Promise<void> | null = null;

  async function endUnheard(callId: string): Promise<void> {
    try {
      const call = await getCall(api, scope.workspaceId, callId, { silent: true });
      if (!stopped) await deps.apply({ type: 'provider-call', call });
    } catch (error) {
      // The provider no longer has the call at all (deleted): it is over, lost.
      if (error instanceof TransportError && error.status === 404 && !stopped) {
        await deps.apply({ type: 'ended', callId, at: now().toISOString(), by: 'system' });
      }
      // Anything else (offline, 5xx): the next reconciliation asks again.
    }
  }

  async function once(): Promise<void> {
    let live;
    try {
      live = await listLiveCalls(api, scope.workspaceId);
    } catch {
      return; // offline or the server is down: asked again at the next connect or tick
    }
    if (stopped) return;
    const held = deps.held();
    const step = reconcileActiveCall({ held, live, workspaceId: scope.workspaceId });
    if (step.kind === 'ended-elsewhere') await endUnheard(step.callId);
    else if (step.kind === 'offer') deps.offer({ statusCode: 200, data: step.call });
    if (!deps.waiting || stopped) return;
    // The waiting call (issue #28): gone when it stopped ringing unheard; and a call that
    // rang for the agent while they were on this one, and away, waits now.
    const line = { active: deps.held(), waiting: deps.waiting(), left: [] };
    const wait = reconcileWaitingCall({ line, live, workspaceId: scope.workspaceId });
    if (wait.kind === 'waiting-gone')
      await deps.apply({ type: 'waiting-gone', callId: wait.callId });
    else if (wait.kind === 'offer' && step.kind !== 'offer') {
      deps.offer({ statusCode: 200, data: wait.call });
    }
  }

  function reconcile(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= once().finally(() => {
      running = null;
    });
    return running;
  }

  const unsubscribeEnded = api.subscribe(callEndedEvent(scope.userId), (payload) => {
    const parsed = callEndedEventSchema.safeParse(payload);
    if (!parsed.success || parsed.data.workspaceId !== scope.workspaceId || stopped) return;
    const { callId, endedBy, endedAt, sid, duration } = parsed.data;
    void deps.apply({ type: 'provider-ended', event: { callId, endedBy, endedAt, sid, duration } });
  });
  const unsubscribeStatus = api.subscribe(CONNECTION_STATUS_EVENT, (status) => {
    if (status === 'connected') void reconcile();
  });
  const ticker = every(() => {
    if (isCallLive(deps.held()) || deps.waiting?.()) void reconcile();
  }, deps.intervalMs ?? RECONCILE_INTERVAL_MS);
  void reconcile();

  return {
    reconcile,
    stop() {
      stopped = true;
      unsubscribeEnded();
      unsubscribeStatus();
      cancel(ticker);
    },
  };
}
