import { vi } from 'vitest';
import type { Host } from '@/app/host/host';

/** A widget's host for component tests: no calls, empty storage, the given session. */
export function fakeWidgetHost(session: Partial<Host['session']> = {}): Host {
  return {
    api: { call: vi.fn(), subscribe: vi.fn(() => () => {}) },
    storage: {
      get: async () => null,
      set: async () => {},
      remove: async () => {},
      clear: async () => {},
    },
    navigate: vi.fn(),
    notify: vi.fn(),
    session: { user: null, workspace: null, agent: null, ...session } as Host['session'],
  };
}
