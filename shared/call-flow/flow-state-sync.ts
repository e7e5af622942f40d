import type { CallFlowState } from '../contracts/call-flow';
import { TransportError } from '../transport/transport';
import { type Scheduler, systemScheduler } from './effects';

// Issue #28 "Unfinished intakes": the wizard's state (which execution, which step, what was
// submitted) lives in the tab's session storage or the extension's, so another computer, or
// the extension after a sign-out wiped it, has nothing that leads back to the execution.
// The server therefore keeps the latest state of every intake in progress: this sends it a
// moment after the agent moves (the last state wins), only while a step is on screen and
// the execution is known, only when the execution, the step or the variables changed (a
// move's busy flips are not a change), silently: a failure is retried on the next change.

/** How long after the last change the server's copy is written. */
export const FLOW_STATE_DELAY_MS = 1000;

export interface FlowStateSyncOptions {
  /** PUT process-execution-history/{id}/flow-state (shared/api/call-flow.ts saveFlowState). */
  save(executionId: string, state: CallFlowState): Promise<void>;
  /** The server says another wizard resumed the intake (409): this one must let it go. */
  onTakenOver?(executionId: string): void;
  delayMs?: number;
  scheduler?: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;
}

export interface FlowStateSync {
  /** Every state the engine reaches; what is worth sending is sent after the delay. */
  push(state: CallFlowState): void;
  /**
   * Sends the latest step state again now, even unchanged: the agent came back to this
   * wizard (its page is shown or focused), and if the intake was resumed elsewhere the
   * 409 lets it go before the agent types or moves on a flow that is no longer theirs.
   */
  recheck(): void;
  /** Stops: a waiting send is dropped (the wizard is going away or was taken over). */
  dispose(): void;
}

/** What a save is about: a change of any of these is sent, anything else is not. */
function signatureOf(state: CallFlowState): string | null {
  if (state.status !== 'at-form' || !state.processExecutionHistoryId) return null;
  return JSON.stringify([
    state.processExecutionHistoryId,
    state.stepTraversed,
    state.wizardStep?.dyn_uid ?? null,
    state.processVariables,
  ]);
}

export function createFlowStateSync(options: FlowStateSyncOptions): FlowStateSync {
  const delayMs = options.delayMs ?? FLOW_STATE_DELAY_MS;
  const scheduler = options.scheduler ?? systemScheduler;
  /** What the server holds (as far as this sync knows). */
  let sent: string | null = null;
  let waiting: { signature: string; state: CallFlowState } | null = null;
  /** The last state pushed that is worth keeping (a step of a known execution). */
  let latest: { signature: string; state: CallFlowState } | null = null;
  let timer: unknown = null;
  let sending = false;
  let stopped = false;
  /** The execution whose save was refused while a move was under way (decided on settling). */
  let refusedFor: string | null = null;

  function letGoIfStillOnScreen(state: CallFlowState): void {
    const executionId = refusedFor;
    if (executionId === null || state.busy) return;
    refusedFor = null;
    if (signatureOf(state) !== null && state.processExecutionHistoryId === executionId) {
      options.onTakenOver?.(executionId);
    }
  }

  async function send(): Promise<void> {
    timer = null;
    if (stopped || sending || !waiting) return;
    const { signature, state } = waiting;
    waiting = null;
    const executionId = state.processExecutionHistoryId!;
    sending = true;
    try {
      // Saved as the step rests: a busy flag would lock the wizard that resumes it.
      await options.save(executionId, { ...state, busy: false });
      sent = signature;
    } catch (error) {
      if (error instanceof TransportError && error.status === 409) {
        // Resumed elsewhere, or the execution ended: nothing more to keep from here.
        stopped = true;
        // Let go only while a step of that execution is still on screen: a flow that went
        // on meanwhile (completed, hung up) refused its own late save, and must stay. A
        // move under way (the last step's Next, whose completion may be what ended the
        // execution) decides once it has settled.
        if (latest?.state.processExecutionHistoryId === executionId) {
          refusedFor = executionId;
          if (!latest.state.busy) letGoIfStillOnScreen(latest.state);
        }
        return;
      }
      sent = null; // the next change sends again
    } finally {
      sending = false;
    }
    // A change that came while this one was on its way goes after it (the last wins).
    if (waiting && !stopped) schedule();
  }

  function schedule(): void {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = scheduler.setTimeout(() => void send(), delayMs);
  }

  return {
    push(state) {
      if (stopped) return letGoIfStillOnScreen(state);
      const signature = signatureOf(state);
      latest = signature === null ? null : { signature, state };
      if (signature === null) {
        // No step on screen any more (completed, hung up, reset): a step's save still
        // waiting would reach the server after the execution ended, and be refused.
        waiting = null;
        if (timer !== null) scheduler.clearTimeout(timer);
        timer = null;
        return;
      }
      if (signature === (waiting?.signature ?? sent)) {
        // Nothing worth sending changed; keep the freshest state of the same signature.
        if (waiting) waiting = { signature, state };
        return;
      }
      waiting = { signature, state };
      if (!sending) schedule();
    },
    recheck() {
      if (stopped || !latest || sending) return;
      waiting = latest;
      void send();
    },
    dispose() {
      stopped = true;
      refusedFor = null;
      waiting = null;
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
    },
  };
}
