import { finishEndedCallFlow } from '@/app/calls/finish-ended-call-flow';
import type { ApiClient } from '@/shared/api/client';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import type { CallSession } from '@/shared/calls/call-session';
import type { KeyValueStorage } from '@/shared/storage/storage';

export interface FollowEndedCallsDeps {
  calls: Pick<CallSession, 'get' | 'subscribe'>;
  api: ApiClient;
  /** The tab's sessionStorage, where the app's wizard keeps its state. */
  stateStorage: KeyValueStorage;
  /** Where the app's wizard keeps a user's step drafts (userDraftStorage over localStorage). */
  drafts: (userId: string) => DraftStorage;
  /** The signed-in user now (their flow key and the error report's agent). */
  user: () => { userId: string; agentName: string } | null;
}

/**
 * The app tab's side of a call the caller (or the system) ended (issue #28): the call flow
 * this tab runs for the call (its position names the execution) is finished as on a
 * hang-up, from the stored state, whether the automated intake is on screen or the agent is
 * on another page. Once per call in this tab; a flow of another execution (a walk-in) is
 * left alone. The same for the app's own calls and for a call the extension holds and this
 * tab took: the tab that holds the flow is the one that finishes it. Answers the stop.
 */
export function followEndedCalls(deps: FollowEndedCallsDeps): () => void {
  const finished = new Set<string>();

  function check(): void {
    const call = deps.calls.get().call;
    const user = deps.user();
    if (!call || call.endedAt === null || !call.wizard || !user) return;
    if (call.endedBy === 'agent' || call.endedBy === null) return;
    if (finished.has(call.callId) || call.userId !== user.userId) return;
    finished.add(call.callId);
    void finishEndedCallFlow({
      api: deps.api,
      stateStorage: deps.stateStorage,
      drafts: deps.drafts(user.userId),
      userId: user.userId,
      agentName: user.agentName,
      workspaceId: call.workspaceId,
      executionId: call.wizard.executionId,
    }).catch((error: unknown) => console.error('Could not finish the ended call’s flow', error));
  }

  check();
  return deps.calls.subscribe(check);
}
