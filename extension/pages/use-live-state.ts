import { useCallback, useSyncExternalStore } from 'react';
import { IDLE_LIVE_SNAPSHOT, type LiveSnapshot } from '@/shared/live/live-feed';
import type { PortTransport } from '@/shared/transport/port-transport';

/** The background's live snapshot (issue #12), live; idle until the first one arrives. */
export function useLiveState(transport: PortTransport): LiveSnapshot {
  const subscribe = useCallback(
    (listener: () => void) => transport.onLiveState(() => listener()),
    [transport],
  );
  const get = useCallback(() => transport.liveState() ?? IDLE_LIVE_SNAPSHOT, [transport]);
  return useSyncExternalStore(subscribe, get, get);
}
