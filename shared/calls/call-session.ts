import type { CallSnapshot } from '@/shared/contracts/call-session';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import type { KeyValueStorage } from '@/shared/storage/storage';

/**
 * The active call as a screen sees it (issue #13), whoever holds it: the extension's
 * background (every CRM tab and our pages share one call and one wizard position) or the
 * standalone app on its own (the tab's sessionStorage, spec: session 3 Session state).
 * The call-flow widget, the top bar's hang-up button and click-to-call use only this.
 */
export interface CallSession {
  get(): CallSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * Where the wizard keeps its state and the step drafts for the call (the wizard's
   * `stateStorage` and draft storage): the background's storage.session in the extension,
   * so another tab, a reload and a stopped worker find the same step with the same values.
   */
  flowStorage: KeyValueStorage;
  /**
   * This client takes the call's wizard; true for the first client that asks, false for
   * every other (never two wizards for one call).
   */
  claim(callId: string): Promise<boolean>;
  /** A click-to-call started (spec 4 Outbound): the call becomes the active call. */
  outbound(call: TrackedCall, leadName: string): Promise<void>;
  /** The wizard of the call moved to a step (call continuity). */
  wizardMoved(callId: string, executionId: string, stepId: string): void;
  /**
   * Ends the call at the provider (POST ctm/calls/{id}/hangup), then keeps it, ended,
   * with its duration and sid once the provider has them. Resolves once told.
   */
  hangUp(): Promise<void>;
  /** Forgets the call and the wizard state (spec 4 Reset). */
  reset(): Promise<void>;
  /**
   * issue #28: takes the waiting call (snapshot.waiting). A live active call ends at the
   * provider first, as the agent's hang-up; its flow must have been finished by the caller
   * of this (useTakeWaitingCall: partial-complete, answers kept). The waiting call becomes
   * the active call and opens its intake.
   */
  takeWaiting(): Promise<void>;
  /** issue #28: leaves the waiting call to ring out; the server records it as missed. */
  leaveWaiting(): void;
  /**
   * The top bar's hang-up button on this page: the page's call-flow wizard handles it
   * (its confirm, the partial-complete history, then hangUp and reset) if one listens and
   * answers true; else the host opens one that will.
   */
  requestHangUp(): void;
  onHangUpRequest(listener: () => boolean): () => void;
  /**
   * The standalone app on its own socket only (issue #28): which of the app's tabs runs the
   * call's wizard. Absent where one holder decides (the extension's background).
   */
  tabs?: CallTabs;
}

/**
 * Where the held call's wizard runs among the app's tabs: `here`, in `elsewhere` (another
 * tab), `deciding` (this tab is asking), or `none` (no call held).
 */
export type CallTabPlace = 'none' | 'here' | 'deciding' | 'elsewhere';

export interface CallTabs {
  place(): CallTabPlace;
  subscribe(listener: () => void): () => void;
  /**
   * "Move it here": the call's wizard leaves the tab that runs it (with its state) and
   * opens in this tab. Answers null once moved, or what to tell the agent when it could not.
   */
  moveHere(): Promise<string | null>;
}
