import type { SocketEventHandler } from './transport';

/**
 * The socket events' handlers, by event: what both transports keep (the direct one hears
 * its socket, the port one hears the background). Each event's handlers run in the order
 * they subscribed; an event whose last handler left is forgotten.
 */
export interface EventFanOut {
  emit(event: string, payload: unknown): void;
  /** Adds the handler; answers whether it is the event's first (nobody listened before). */
  add(event: string, handler: SocketEventHandler): boolean;
  /** Removes the handler; answers whether it was the event's last (nobody listens now). */
  remove(event: string, handler: SocketEventHandler): boolean;
  has(event: string): boolean;
  /** The events with at least one handler. */
  events(): Iterable<string>;
  /** Whether any event has a handler. */
  any(): boolean;
}

export function createEventFanOut(): EventFanOut {
  const handlers = new Map<string, Set<SocketEventHandler>>();
  return {
    emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    add(event, handler) {
      let set = handlers.get(event);
      const first = !set;
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return first;
    },
    remove(event, handler) {
      const current = handlers.get(event);
      if (!current?.delete(handler) || current.size > 0) return false;
      handlers.delete(event);
      return true;
    },
    has: (event) => handlers.has(event),
    events: () => handlers.keys(),
    any: () => handlers.size > 0,
  };
}

/** Listeners of one kind of value: each hears every value emitted after it was added. */
export interface ListenerSet<T> {
  add(listener: (value: T) => void): () => void;
  emit(value: T): void;
  any(): boolean;
}

export function createListenerSet<T>(): ListenerSet<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(value) {
      for (const listener of listeners) listener(value);
    },
    any: () => listeners.size > 0,
  };
}
