import { type CallFlowState, callFlowStateSchema } from '@/shared/contracts/call-flow';
import { type KeyValueStorage, removeIfStill } from '@/shared/storage/storage';

// spec: session 3 Session state "automated intake: wizardStep, callFlow": where a user's
// call-flow state is kept, and reading it back. Apart from the hook that writes it
// (use-call-flow-engine.ts), so that code without React (the extension's background, which
// finishes the flow of a call the caller ended: finish-ended-call-flow.ts) reads it too.

/** The session-storage key of a user's call flow. */
export function callFlowStateKey(userId: string): string {
  return `call-flow-state:${encodeURIComponent(userId)}`;
}

/** A stored state, or null when there is none or it is not one (never a crash on reload). */
export async function readStoredCallFlowState(
  storage: KeyValueStorage,
  key: string,
): Promise<CallFlowState | null> {
  let text: string | null;
  try {
    text = await storage.get(key);
  } catch {
    return null;
  }
  return text ? parseStoredState(text) : null;
}

/**
 * Forgets the stored state only while it is still the flow of `executionId`. The state's
 * key is the user's, not the call's: a flow finished slowly (a hang-up's bookkeeping may
 * take seconds) must not take away the next call's flow, started meanwhile on a tab.
 */
export async function forgetStoredCallFlowState(
  storage: KeyValueStorage,
  key: string,
  executionId: string,
): Promise<void> {
  await removeIfStill(
    storage,
    key,
    (text) => parseStoredState(text)?.processExecutionHistoryId === executionId,
  );
}

function parseStoredState(text: string): CallFlowState | null {
  try {
    const parsed = callFlowStateSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.status !== 'idle' ? parsed.data : null;
  } catch {
    return null;
  }
}
