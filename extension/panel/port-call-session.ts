import type { CallSession } from '@/shared/calls/call-session';
import { createRemoteCallSession } from '@/shared/calls/remote-call-session';
import type { PortTransport } from '@/shared/transport/port-transport';

/** The background's active call in a CRM tab (or one of our pages), over the tab's port. */
export function createPortCallSession(transport: PortTransport): CallSession {
  return createRemoteCallSession({
    call: (message) => transport.call(message),
    callState: () => transport.callState(),
    onCallState: (listener) => transport.onCallState(listener),
  });
}
