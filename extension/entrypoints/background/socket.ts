import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import type { SocketEventHandler, Transport } from '@/shared/transport/transport';

/**
 * The one socket.io connection's events, fanned out (ARCHITECTURE.md "Inside a CRM
 * tab"): however many tabs listen to an event, the background's DirectTransport has one
 * subscription for it. When the transport is rebuilt (another server address) every
 * event is subscribed again on the new one.
 */
export interface SocketHub {
  bind(transport: Transport): void;
  /** Adds a listener; the first one for an event subscribes on the transport. */
  add(event: string, listener: SocketEventHandler): () => void;
  /** How many listeners an event has (tests, diagnostics). */
  listenerCount(event: string): number;
}

export function createSocketHub(): SocketHub {
  const listeners = new Map<string, Set<SocketEventHandler>>();
  const unsubscribers = new Map<string, () => void>();
  let transport: Transport | null = null;

  function fanOut(event: string): SocketEventHandler {
    return (payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    };
  }

  function subscribe(event: string): void {
    if (!transport || unsubscribers.has(event)) return;
    unsubscribers.set(event, transport.subscribe(event, fanOut(event)));
  }

  return {
    bind(next) {
      for (const unsubscribe of unsubscribers.values()) unsubscribe();
      unsubscribers.clear();
      transport = next;
      for (const event of listeners.keys()) subscribe(event);
    },
    add(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      subscribe(event);
      return () => {
        const current = listeners.get(event);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(event);
        unsubscribers.get(event)?.();
        unsubscribers.delete(event);
      };
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

/** spec: session 4 Sockets — `ctmcallsdata` carries a count of current calls. */
export { LIVE_CALLS_EVENT } from '@/shared/contracts/notification';
export { readLiveCallCount } from '@/shared/live/live-calls';
export { CONNECTION_STATUS_EVENT };
