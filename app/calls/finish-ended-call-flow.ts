import type { ApiClient } from '@/shared/api/client';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import { createCallFlowEngine } from '@/shared/call-flow/engine';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { createCallFlowEffects, sessionErrorReporterFor } from './create-call-flow-effects';
import {
  callFlowStateKey,
  forgetStoredCallFlowState,
  readStoredCallFlowState,
} from './call-flow-state-storage';

export interface FinishEndedCallFlow {
  api: ApiClient;
  /** Where the call's wizard keeps its state (the background's flow values, or the tab's). */
  stateStorage: KeyValueStorage;
  drafts: DraftStorage;
  userId: string;
  agentName: string;
  workspaceId: string;
  /** The call's execution (ActiveCall.wizard): a flow of anything else is left alone. */
  executionId: string;
}

/**
 * The call-flow end of a call the caller (or the system) ended (issue #28): the wizard ends
 * as on the agent's hang-up (spec 4 Hang up 2-4: the history partial-complete with every
 * answer, the current step's unsent ones included; CALL_ENDED; the drafts and the stored
 * wizard state cleared) without hanging anything up at the provider: the call is over
 * already. It runs from the stored state, not from a screen, so it happens once, by whoever
 * holds the call, whether a tab shows the wizard, several do, or none is open.
 *
 * Answers false when the stored flow is not the call's (a walk-in started by hand keeps
 * running) or there is none.
 */
export async function finishEndedCallFlow(input: FinishEndedCallFlow): Promise<boolean> {
  const key = callFlowStateKey(input.userId);
  const stored = await readStoredCallFlowState(input.stateStorage, key);
  if (!stored || stored.processExecutionHistoryId !== input.executionId) return false;
  const engine = createCallFlowEngine({
    effects: createCallFlowEffects({
      api: input.api,
      workspaceId: input.workspaceId,
      drafts: input.drafts,
      errorReporter: sessionErrorReporterFor(input.api, input.userId),
    }),
    context: {
      workspaceId: input.workspaceId,
      agentId: input.userId,
      agentName: input.agentName,
      environment: 'production',
    },
    initialState: stored,
  });
  // Never rejects (spec 4 Hang up: a failed bookkeeping call is logged and reported).
  await engine.hangUp();
  await forgetStoredCallFlowState(input.stateStorage, key, input.executionId).catch(
    () => undefined,
  );
  for (const listener of [...finishedListeners]) listener(input.executionId);
  return true;
}

const finishedListeners = new Set<(executionId: string) => void>();

/**
 * A flow finished here (in this page's context): a screen showing its wizard reads the
 * stored state again (the app's automated intake re-mounts its wizard, now idle). In a CRM
 * tab the background finishes it and the flow revision says so instead.
 */
export function onEndedCallFlowFinished(listener: (executionId: string) => void): () => void {
  finishedListeners.add(listener);
  return () => void finishedListeners.delete(listener);
}
