import { isExtensionLiveFeed } from '@/app/live/extension-live-feed';
import type { LiveSource } from '@/app/live/choose-live-feed';
import type { ApiClient } from '@/shared/api/client';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import { checkRouteAccess } from '@/shared/domain/route-access';
import type { LiveFeed } from '@/shared/live/live-feed';
import { userDraftStorage } from '@/app/calls/create-call-flow-effects';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { type AppCallSession, type CallScope, createAppCallSession } from './app-call-session';
import { finishEndedCallFlow } from '@/app/calls/finish-ended-call-flow';
import { followEndedCalls } from './finish-ended-calls';
import type { IncomingCallAlerts } from './incoming-call-alert';
import { followOfferedCalls, intakePathFor, listenForOwnIncomingCalls } from './incoming-calls';
import type { CallTabElection } from './tab-election';
import { createRemoteCallSession } from '@/shared/calls/remote-call-session';
import { createSwitchableCallSession, type SwitchableCallSession } from './switchable-call-session';

/** Where the top bar's hang-up goes when no wizard on the page answers it. */
export const AUTOMATED_INTAKE_PATH = '/app/automated-intake';
/**
 * Where a call opens when the call-flow routes are blocked (a Zoho-vendor workspace, spec 4
 * Call-flow guard): the agent dashboard shows the call's card (issue #28).
 */
export const AGENT_DASHBOARD_PATH = '/app/dashboards/agent';

/**
 * The signed-in user can open the automated intake here (role and the call-flow guard):
 * what the app tells the extension as call:facts.
 */
export function appCanShowCallFlow(
  user: Pick<LoggedUser, 'role' | 'edition'> | null,
  workspace: Workspace | null,
): boolean {
  return checkRouteAccess(AUTOMATED_INTAKE_PATH, user, workspace).kind === 'allow';
}

export interface AppCalls {
  /** host.calls for the page's life. */
  session: SwitchableCallSession;
  /** The app's own call session (its own socket's calls, in sessionStorage). */
  own: AppCallSession;
  /** The live feed chooser's onFeedChange: who holds the call and who takes incoming calls. */
  feedChanged(source: LiveSource, feed: LiveFeed | null): void;
}

/**
 * The standalone app's calls (issue #13), following the live feed in use: with its OWN
 * socket the app holds the call in the tab (app-call-session.ts) and takes
 * `incomingCalls::{userId}` itself; with the EXTENSION's feed the background holds the
 * call and decides the one place, and the app only claims what it is offered. Never both.
 */
export function createAppCalls(deps: {
  api: ApiClient;
  store: Storage;
  scope: () => CallScope | null;
  navigate: (path: string) => void;
  /** Where the app's wizard keeps step drafts (host storage: localStorage). */
  draftStorage?: KeyValueStorage;
  /** The signed-in user's name, for the call-flow error report. */
  agentName?: () => string;
  /** The signed-in agent's id (marking a call connected, spec 4). */
  agentId?: () => string | null;
  /** The desktop alert of an incoming call while the tab is hidden (issue #28). */
  alerts?: IncomingCallAlerts;
  /** Whether the signed-in user may open an app path (the router's guard); default: yes. */
  allows?: (path: string) => boolean;
  /**
   * Which of the app's tabs runs a call's wizard (issue #28; createCallTabElection in the
   * browser). Absent: this tab is the only place.
   */
  election?: CallTabElection;
}): AppCalls {
  const allows = deps.allows ?? (() => true);
  /**
   * Where the call's screen is for this user: the automated intake, or, where call flows
   * are not allowed, the agent dashboard's call card (issue #28: never a route that bounces).
   */
  function callScreen(): string | null {
    if (allows(AUTOMATED_INTAKE_PATH)) return AUTOMATED_INTAKE_PATH;
    return allows(AGENT_DASHBOARD_PATH) ? AGENT_DASHBOARD_PATH : null;
  }
  // issue #28: the flow of a call the caller ended, finished by this tab (which holds it).
  const flowStorage = createWebStorage(deps.store);
  const drafts = (userId: string) =>
    userDraftStorage(deps.draftStorage ?? flowStorage, userId, deps.api);
  const own = createAppCallSession({
    api: deps.api,
    store: deps.store,
    scope: deps.scope,
    election: deps.election,
    agentId: deps.agentId,
    // Another tab's Hang up, forwarded here: the flow this tab runs ends partial-complete.
    async finishFlow(call) {
      const scope = deps.scope();
      if (!scope || !call.wizard || call.userId !== scope.userId) return;
      await finishEndedCallFlow({
        api: deps.api,
        stateStorage: flowStorage,
        drafts: drafts(scope.userId),
        userId: scope.userId,
        agentName: deps.agentName?.() ?? '',
        workspaceId: call.workspaceId,
        executionId: call.wizard.executionId,
      });
    },
    // "Move it here": the moved wizard resumes at the automated intake (no payload: it
    // reads its state); a call whose tab was closed starts its intake anew.
    openMovedCall(call, fresh) {
      const screen = callScreen();
      if (screen === AUTOMATED_INTAKE_PATH) deps.navigate(fresh ? intakePathFor(call) : screen);
      else if (screen) deps.navigate(screen);
    },
  });
  const session = createSwitchableCallSession(own, {
    openWizard: () => {
      const path = callScreen();
      if (path) deps.navigate(path);
    },
  });
  let stop: () => void = () => {};
  followEndedCalls({
    calls: session,
    api: deps.api,
    stateStorage: flowStorage,
    drafts,
    user: () => {
      const scope = deps.scope();
      return scope ? { userId: scope.userId, agentName: deps.agentName?.() ?? '' } : null;
    },
  });

  return {
    session,
    own,
    feedChanged(source, feed) {
      stop();
      stop = () => {};
      own.scopeChanged();
      if (source === 'extension' && isExtensionLiveFeed(feed)) {
        const port = createRemoteCallSession(feed.calls);
        session.use(port);
        stop = followOfferedCalls({ calls: port, navigate: deps.navigate });
        return;
      }
      session.use(own);
      const scope = deps.scope();
      if (source === 'own' && scope) {
        stop = listenForOwnIncomingCalls({
          api: deps.api,
          calls: own,
          scope,
          navigate: (path) => {
            const screen = callScreen();
            if (screen === AUTOMATED_INTAKE_PATH) deps.navigate(path);
            else if (screen) deps.navigate(screen);
          },
          agentId: deps.agentId,
          alerts: deps.alerts,
        });
      }
    },
  };
}
