import { useCallback, useEffect, useRef } from 'react';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import type { CallSession } from '@/shared/calls/call-session';
import { isCallLive } from '@/shared/domain/call-clock';
import { flowCallRelation } from '@/shared/domain/call-line';
import type { FlowOfCall } from './call-flow-wizard';

/** The hang-up asked from the top bar while no flow runs on this page. */
export const HANG_UP_CALL_CONFIRM = {
  icon: 'warning',
  title: 'Hang up?',
  subtitle: 'The call ends for the caller.',
  body: 'No call flow is running for this call on this page. This cannot be undone.',
  cancelText: 'Keep the call',
  submitText: 'Hang up',
  submitColor: 'danger',
} as const;

/** The same, while the call's flow runs in another of the app's tabs (issue #28). */
export const HANG_UP_CALL_ELSEWHERE_CONFIRM = {
  ...HANG_UP_CALL_CONFIRM,
  body: 'Its call flow, open in another tab, ends there with what was answered so far kept as partial-complete. This cannot be undone.',
} as const;

/**
 * The top bar's hang-up on a page that shows the call (issue #13; the app's automated
 * intake and the <intake-call-flow> widget): the page's wizard answers it with its own
 * confirm and partial-complete history (`registerHangUp`, given to the wizard); with no
 * flow on the page, a live call gets a confirm of its own and `endCall`. `endCall` is also
 * what a finished or hung-up flow does: the call ends at the provider, then is forgotten.
 */
export function useCallHangUp(
  calls: CallSession | undefined,
  /** false: answers no hang-up request (a host that only answers where nothing else does). */
  options: { answers?: boolean } = {},
) {
  const answers = options.answers ?? true;
  const confirm = useConfirm();
  const endCall = useCallback(async () => {
    if (!calls?.get().call) return;
    await calls.hangUp().catch(() => undefined);
    await calls.reset().catch(() => undefined);
  }, [calls]);
  /**
   * A flow on this page ended (its Hang up, or Finish): the call ends with it only when it
   * was the held call's own intake. A walk-in's end never touches a call (issue #28).
   */
  const flowFinished = useCallback(
    async (flow: FlowOfCall) => {
      const held = calls?.get().call ?? null;
      if (flowCallRelation(flow, held) === 'own') await endCall();
    },
    [calls, endCall],
  );
  const wizardHangUp = useRef<{ hangUp: () => void; flow: FlowOfCall } | null>(null);
  const registerHangUp = useCallback((hangUp: () => void, flow: FlowOfCall) => {
    const entry = { hangUp, flow };
    wizardHangUp.current = entry;
    return () => {
      if (wizardHangUp.current === entry) wizardHangUp.current = null;
    };
  }, []);
  useEffect(() => {
    if (!answers || !calls) return;
    return calls.onHangUpRequest(() => {
      const wizard = wizardHangUp.current;
      const held = calls.get().call;
      // The pill is the call's: the wizard answers it only when it runs this call's intake
      // (or no call is live); with a walk-in on screen, the call gets its own confirm.
      if (wizard && (!isCallLive(held) || flowCallRelation(wizard.flow, held) === 'own')) {
        wizard.hangUp();
        return true;
      }
      if (!isCallLive(calls.get().call)) return false;
      const elsewhere = calls.tabs?.place() === 'elsewhere';
      void confirm(elsewhere ? HANG_UP_CALL_ELSEWHERE_CONFIRM : HANG_UP_CALL_CONFIRM).then(
        (answer) => {
          if (answer === 1) void endCall();
        },
      );
      return true;
    });
  }, [calls, confirm, endCall, answers]);
  return { endCall, flowFinished, registerHangUp };
}
