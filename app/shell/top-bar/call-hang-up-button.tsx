import { useCallSnapshot } from '@/app/calls/use-active-call';
import { HangUpPill } from '@/app/features/call-flow/hang-up-pill';
import { useCallHangUp } from '@/app/features/call-flow/use-call-hang-up';
import { useHost } from '@/app/host/host';
import { usesZohoVendor } from '@/shared/domain/workspace-features';
import type { CallSession } from '@/shared/calls/call-session';
import { isCallLive } from '@/shared/domain/call-clock';

/**
 * spec: session 2 Top bar — "a hang-up button (shown with an ongoing-call style while a
 * call is ongoing)"; issue #13: only while host.calls holds a live call, as the panel's
 * header shows it (the red pill with the running m:ss). Pressing it asks the page's
 * call-flow wizard to hang up (its confirm and partial-complete history); with none on
 * the page the app opens the automated intake, where the call is; where call flows are
 * not allowed, it asks "Hang up?" itself (issue #28).
 */
export function CallHangUpButton({ calls }: { calls: CallSession }) {
  const call = useCallSnapshot(calls).call;
  const { session } = useHost();
  // issue #28: where the call-flow routes are blocked (a Zoho-vendor workspace), nothing
  // would open a wizard: the pill asks "Hang up?" itself, on any page. It was mounted
  // first, so a page that answers (its card, its wizard) still answers before it.
  useCallHangUp(calls, { answers: usesZohoVendor(session.workspace) });
  if (!isCallLive(call)) return null;
  return <HangUpPill callStart={call.callStart} onHangUp={() => calls.requestHangUp()} />;
}
