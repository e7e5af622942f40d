import { useCallback, useSyncExternalStore } from 'react';
import type { CallSession } from '@/shared/calls/call-session';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';

const noSubscription = () => () => {};
const noCall = () => NO_CALL_SNAPSHOT;

/** A call session's snapshot (host.calls), kept current; no call where the host takes none. */
export function useCallSnapshot(calls: CallSession | undefined): CallSnapshot {
  const subscribe = useCallback(
    (listener: () => void) => (calls ? calls.subscribe(listener) : noSubscription()),
    [calls],
  );
  const get = useCallback(() => (calls ? calls.get() : noCall()), [calls]);
  return useSyncExternalStore(subscribe, get);
}
