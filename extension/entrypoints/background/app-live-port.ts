import {
  LIVE_PORT_NAME,
  type AppLiveMessage,
  type BackgroundMessage,
} from '@/shared/transport/port-protocol';
import { TransportError } from '@/shared/transport/transport';
import type { BackgroundCalls, CallRpcMessage } from './calls';
import type { BackgroundLive } from './live';
import { containsSecret, type RouterPort } from './port-router';
import { acceptAppLiveMessage, classifyExternalSender } from './sender-policy';
import type { BackgroundSession } from './session';

/** An app port that has not said who it is by then is closed. */
export const HELLO_TIMEOUT_MS = 5000;
/** Mark-read calls one app port may have in flight. */
export const MAX_APP_IN_FLIGHT = 16;

type Scope = { userId: string; workspaceId: string };

/**
 * The standalone app's live port (issue #12): with the extension installed and signed in
 * as the same user in the same workspace, the app mirrors the background's feed instead
 * of opening a socket of its own — one socket and one read state per browser. Accepted
 * only from the configured app origin (the hand-over's own check, sender-policy.ts); the
 * app must first say who it is signed in as, and anything but the extension's own user
 * and workspace closes the port, as does a later sign-out or change of user here. Only
 * the live snapshot, the active call's snapshot (issue #13) and answers to its own calls
 * travel on it: never a token.
 */
export function createAppLivePorts(options: {
  session: BackgroundSession;
  live: BackgroundLive;
  /**
   * The active call (issue #13): the app shows the same call and may take, place, hang up
   * and reset it; its wizard's values stay in the app's own sessionStorage, so the
   * call:flow-* kinds are not served here. The wizard position is (issue #28): it names the
   * call's execution, which the app tab that holds the flow finishes when the caller hangs
   * up; the background, not holding that flow, leaves it alone.
   */
  calls: BackgroundCalls;
  /** The configured app (server) origin. */
  appOrigin: () => string;
}) {
  const { session, live, calls } = options;
  const admitted = new Map<RouterPort, Scope>();
  let dropped = 0;

  function post(port: RouterPort, message: BackgroundMessage): void {
    if (containsSecret(message, session.secrets())) {
      dropped++;
      return;
    }
    try {
      port.postMessage(message);
    } catch {
      admitted.delete(port);
    }
  }

  function isSignedInAs(scope: Scope): boolean {
    const state = session.publicState();
    return (
      state.status === 'signed-in' &&
      state.user?.id === scope.userId &&
      state.workspace?.id === scope.workspaceId
    );
  }

  function close(port: RouterPort): void {
    admitted.delete(port);
    live.forget(port);
    calls.disconnect(port);
    port.disconnect();
  }

  live.subscribe(() => {
    for (const port of admitted.keys()) {
      post(port, { kind: 'live-state', snapshot: live.snapshot() });
    }
  });
  // Signed out, or someone else: the app goes back to its own socket.
  session.onChange(() => {
    for (const [port, scope] of admitted) if (!isSignedInAs(scope)) close(port);
  });

  return {
    /** runtime.onConnectExternal */
    onConnectExternal(port: RouterPort): void {
      if (
        port.name !== LIVE_PORT_NAME ||
        !classifyExternalSender(port.sender, options.appOrigin())
      ) {
        dropped++;
        port.disconnect();
        return;
      }
      let hello: Scope | null = null;
      let gone = false;
      let inFlight = 0;
      const helloTimer = setTimeout(() => {
        if (!hello && !gone) close(port);
      }, HELLO_TIMEOUT_MS);
      port.onDisconnect.addListener(() => {
        gone = true;
        clearTimeout(helloTimer);
        admitted.delete(port);
        live.forget(port);
        calls.disconnect(port);
      });
      port.onMessage.addListener((raw) => {
        if (gone) return;
        const message = acceptAppLiveMessage(port.sender, options.appOrigin(), raw);
        if (!message) {
          dropped++;
          return;
        }
        if (!hello) {
          if (message.kind !== 'live:hello') {
            dropped++;
            close(port);
            return;
          }
          const scope: Scope = { userId: message.userId, workspaceId: message.workspaceId };
          hello = scope;
          clearTimeout(helloTimer);
          void session.ready().then(() => {
            if (gone) return;
            if (!isSignedInAs(scope)) return close(port);
            admitted.set(port, scope);
            post(port, { kind: 'live-state', snapshot: live.snapshot() });
            const tab = port.sender?.tab;
            calls.connect(port, {
              kind: 'app',
              tabId: tab?.id,
              windowId: tab?.windowId,
              push: (snapshot) => post(port, { kind: 'call-state', snapshot }),
            });
          });
          return;
        }
        if (!admitted.has(port)) {
          dropped++;
          return;
        }
        onAdmitted(port, message);
      });

      function onAdmitted(target: RouterPort, message: AppLiveMessage): void {
        switch (message.kind) {
          case 'live:hello':
            dropped++;
            return;
          case 'live:visibility': {
            const tab = target.sender?.tab;
            live.reportVisibility(target, message.visible, {
              kind: 'app',
              tabId: tab?.id,
              windowId: tab?.windowId,
            });
            calls.reportVisibility(target, message.visible);
            return;
          }
          case 'live:reload':
            live.reload();
            return;
          case 'call:facts':
            calls.reportFacts(target, message.canShowCallFlow);
            return;
          case 'call:flow-get':
          case 'call:flow-set':
          case 'call:flow-remove':
            // The app's wizard keeps its values in its own sessionStorage.
            dropped++;
            return;
        }
        if (inFlight >= MAX_APP_IN_FLIGHT) {
          dropped++;
          return;
        }
        inFlight++;
        const run = runFor(live, calls, target, message);
        void answer(post, target, message.id, run).finally(() => {
          inFlight--;
        });
      }
    },
    /** Admitted app ports (tests, diagnostics). */
    openPorts: () => admitted.size,
    droppedMessages: () => dropped,
  };
}

/** The calls an admitted app port may make (not the wizard's call:flow-* kinds). */
type AppRpc =
  | Extract<AppLiveMessage, { kind: 'live:get' | 'live:mark-read' | 'live:mark-all-read' }>
  | Extract<
      CallRpcMessage,
      {
        kind:
          | 'call:get'
          | 'call:claim'
          | 'call:outbound'
          | 'call:hang-up'
          | 'call:reset'
          | 'call:take-waiting'
          | 'call:leave-waiting'
          | 'call:wizard-moved';
      }
    >;

/** What answers an app port's call: the live feed, or the active call. */
function runFor(
  live: BackgroundLive,
  calls: BackgroundCalls,
  target: RouterPort,
  message: AppRpc,
): () => Promise<unknown> {
  switch (message.kind) {
    case 'live:get':
      return async () => live.snapshot();
    case 'live:mark-read':
      return () => live.markRead(message.ids);
    case 'live:mark-all-read':
      return () => live.markAllRead();
    default:
      return () => calls.handle(target, message);
  }
}

/** Sends back what the call returned, or its error. */
async function answer(
  post: (port: RouterPort, message: BackgroundMessage) => void,
  port: RouterPort,
  id: string,
  run: () => Promise<unknown>,
): Promise<void> {
  try {
    const data = await run();
    post(port, { kind: 'answer', id, ok: true, data: data ?? null });
  } catch (error) {
    post(port, { kind: 'answer', id, ok: false, error: TransportError.from(error).toJSON() });
  }
}
