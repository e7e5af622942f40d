import { ActiveCallCard } from '@/app/features/call-flow/active-call-card';
import { CallHangUpButton } from '@/app/features/call-flow/call-hang-up-button';
import { useCallHangUp } from '@/app/features/call-flow/use-call-hang-up';
import { useHost } from '@/app/host/host';
import { useCallSnapshot } from '@/app/calls/use-active-call';
import './current-call-card.css';

/**
 * The active call on a screen that is not the automated intake (issue #28): where the
 * call-flow routes are blocked (a Zoho-vendor workspace, spec 4 Call-flow guard) the agent
 * still sees who is calling (caller, number, tracking number, campaign, lead source, the
 * running time) and can hang up; an ended call can be put away. It also answers the top
 * bar's hang-up on this page with the "Hang up?" confirm.
 */
export function CurrentCallCard() {
  const { calls } = useHost();
  const call = useCallSnapshot(calls).call;
  useCallHangUp(calls);
  if (!calls || !call) return null;
  return (
    <section className="ic-current-call" aria-label="Current call">
      <ActiveCallCard
        call={call}
        onDone={() => void calls.reset()}
        liveAction={<CallHangUpButton onHangUp={() => calls.requestHangUp()} />}
      />
    </section>
  );
}
