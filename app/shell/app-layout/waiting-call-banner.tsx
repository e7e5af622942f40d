import { useMemo } from 'react';
import { sessionStateStorage } from '@/app/features/call-flow/automated-intake-page';
import { userDraftStorage } from '@/app/calls/create-call-flow-effects';
import { WaitingCallCard } from '@/app/features/call-flow/waiting-call-card';
import { useCallSnapshot } from '@/app/calls/use-active-call';
import { useHost } from '@/app/host/host';

/**
 * issue #28: a second call while the agent is on one, under the top bar on every page of
 * the app (the agent may be anywhere when it rings), with the storage the app's wizard
 * uses, so taking it finishes the live call's flow with every answer kept.
 */
export function WaitingCallBanner() {
  const { calls, storage, session } = useHost();
  const userId = session.user?.id ?? null;
  const drafts = useMemo(
    () => (userId ? userDraftStorage(storage, userId) : null),
    [storage, userId],
  );
  const waiting = useCallSnapshot(calls).waiting;
  if (!calls || !drafts || !waiting) return null;
  return (
    <div className="ic-app__waiting-call">
      <WaitingCallCard calls={calls} stateStorage={sessionStateStorage()} draftStorage={drafts} />
    </div>
  );
}
