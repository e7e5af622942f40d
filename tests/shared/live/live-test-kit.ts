import type { ApiClient } from '@/shared/api/client';
import type { Notification } from '@/shared/contracts/notification';
import { fakeApi, type FakeApi, type Routes } from '../../app/fake-api';

/**
 * The fake API of tests/app/fake-api.ts with a socket the test drives: `emit` delivers an
 * event to every subscriber, as the transports do with what the server pushes.
 */
export interface LiveFakeApi extends FakeApi {
  emit(event: string, payload: unknown): void;
  subscribers(event: string): number;
}

export function liveFakeApi(...routes: Routes[]): LiveFakeApi {
  const base = fakeApi(...routes);
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const subscribe: ApiClient['subscribe'] = (event, handler) => {
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  };
  return {
    ...base,
    subscribe,
    emit(event, payload) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
    subscribers: (event) => handlers.get(event)?.size ?? 0,
  };
}

export function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Notification ${id}`,
    description: `About ${id}`,
    time: '2026-11-01T09:00:00.000Z',
    actionRequired: false,
    path: null,
    read: false,
    ...overrides,
  };
}

export function listAnswer(items: Notification[]) {
  return { data: items, meta: { total: items.length, limit: 100, offset: 0 } };
}

/** Lets pending promise callbacks run (answers of the fake API). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
