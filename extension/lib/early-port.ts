import type { PortLike } from '@/shared/transport/port-transport';

/**
 * The port every content script opens to the background (PORT_NAME in
 * shared/transport/port-protocol.ts; repeated here so the loader stays free of the zod
 * contracts, and checked equal by a unit test).
 */
export const PANEL_PORT_NAME = 'intake-cockpit';

/**
 * A port opened by the loader before the panel runtime has arrived: the background
 * pushes the session state on every new port, so it is waiting by the time the runtime
 * starts. Messages are held until the runtime's transport listens, then delivered in
 * order (in a microtask, never inside addListener); a disconnect in between is reported
 * to the first disconnect listener, so the transport reconnects as usual.
 */
export function createEarlyPort(
  port: PortLike,
  /** Sees every message as it arrives, before it is held (the loader's early look). */
  peek: (message: unknown) => void = () => {},
): PortLike {
  const held: unknown[] = [];
  let deliver: ((message: unknown) => void) | null = null;
  let disconnected = false;
  const onGone: (() => void)[] = [];
  port.onMessage.addListener((message) => {
    peek(message);
    if (deliver) deliver(message);
    else held.push(message);
  });
  port.onDisconnect.addListener(() => {
    disconnected = true;
    for (const listener of onGone.splice(0)) listener();
  });
  return {
    postMessage: (message) => port.postMessage(message),
    disconnect: () => port.disconnect(),
    onMessage: {
      addListener(listener) {
        queueMicrotask(() => {
          for (const message of held.splice(0)) listener(message);
          deliver = listener;
        });
      },
    },
    onDisconnect: {
      addListener(listener) {
        // After the held messages: the transport learns of the state first, then of the loss.
        if (disconnected) queueMicrotask(() => queueMicrotask(listener));
        else onGone.push(listener);
      },
    },
  };
}
