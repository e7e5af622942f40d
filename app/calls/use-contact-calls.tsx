import type { ReactNode } from 'react';
import { useClickToCall } from '@/app/calls/click-to-call';
import { useHost } from '@/app/host/host';
import { canClickToCall } from '@/shared/domain/click-to-call';

export interface ContactCalls {
  /** The signed-in user may place calls here (canClickToCall: role and call tracking). */
  mayCall: boolean;
  /** Opens the number picker for this person and number. */
  call: (name: string, phone: string | null) => void;
  /** The click-to-call dialogs: render once on the page. */
  dialogs: ReactNode;
}

/**
 * Click-to-call for the app's contact tables (issue #13): the shared flow (picker,
 * outcome, Uh oh!) whose started call becomes the host's active call (spec 4 Outbound),
 * so the top bar's hang-up shows. The flow lives beside this hook in app/calls, below the
 * features that use it.
 */
export function useContactCalls(): ContactCalls {
  const { session, calls } = useHost();
  const flow = useClickToCall({
    onCallStarted: (started) => void calls?.outbound(started.call, started.name).catch(() => {}),
  });
  return {
    mayCall: canClickToCall(session.user?.role, session.workspace),
    call: (name, phone) => flow.startCall({ name, phone }),
    dialogs: flow.dialogs,
  };
}
