import { createApiClient } from '@/shared/api/client';
import { createPortCallSession } from './port-call-session';
import { createPortHostSession } from './port-host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { PortTransport } from '@/shared/transport/port-transport';
import type { Transport } from '@/shared/transport/transport';
import type { WidgetFreshness } from '@/widgets/widget-freshness';
import { createWidgetEnvironment, type WidgetSessionView } from '@/widgets/widget-environment';

export const SIGN_IN_HINT = 'Sign in with the Intake Cockpit button in your browser toolbar.';

/** KeyValueStorage that can fetch some keys ahead of their first read. */
export interface PrefetchingStorage extends KeyValueStorage {
  /**
   * Asks for these keys now (one round trip each, all at once). The next `get` of each
   * takes the answer; later gets ask again. Writing a key drops what was fetched for it.
   */
  prefetch(keys: readonly string[]): void;
}

/** Widget persistence through the background (extension storage, never the page's). */
export function createPortStorage(transport: PortTransport): PrefetchingStorage {
  const early = new Map<string, Promise<string | null>>();
  const read = async (key: string) => {
    const value = await transport.call({ kind: 'storage:get', key });
    return typeof value === 'string' ? value : null;
  };
  return {
    prefetch(keys) {
      for (const key of keys) {
        if (early.has(key)) continue;
        const answer = read(key);
        answer.catch(() => {}); // a reader sees the failure; unread, it is nobody's
        early.set(key, answer);
      }
    },
    get(key) {
      const answer = early.get(key);
      early.delete(key);
      return answer ?? read(key);
    },
    set: async (key, value) => {
      early.delete(key);
      await transport.call({ kind: 'storage:set', key, value });
    },
    remove: async (key) => {
      early.delete(key);
      await transport.call({ kind: 'storage:remove', key });
    },
    clear: async () => {
      early.clear();
      await transport.call({ kind: 'storage:clear' });
    },
  };
}

/**
 * The widget's transport in a CRM tab (issue #14): an answer from the background's cache
 * is shown at once, and the fresh one is asked for beside it; the widget tells its age
 * meanwhile and asks its data again once the fresh answers are in the background's cache.
 */
export function staleWhileRevalidate(
  transport: PortTransport,
  freshness: WidgetFreshness,
  onAnswer: () => void = () => {},
): Transport {
  return {
    async request(req) {
      const answer = await transport.requestWithFreshness(req);
      onAnswer();
      if (answer.staleSince !== null) {
        // Not the caller's signal: the fresh answer is for the cache, whoever still waits.
        const fresh = { ...req, signal: undefined };
        freshness.track(
          answer.staleSince,
          transport.requestWithFreshness(fresh, { revalidate: true }),
        );
      }
      return answer.data;
    },
    subscribe: (event, handler) => transport.subscribe(event, handler),
  };
}

/**
 * The widget environment inside a CRM tab: every widget's host is built on the tab's one
 * PortTransport. The background pushes the public session state; the host session
 * (user, workspace, agent — never tokens) is asked for once per sign-in.
 */
export function createPortEnvironment(transport: PortTransport) {
  const storage = createPortStorage(transport);
  let answered: () => void = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  // One active call per tab, shared by every widget and the panel's header (issue #13).
  const calls = createPortCallSession(transport);
  const shared = createPortHostSession(transport);

  /** The tab's session as its widgets see it: ready once the host session has come. */
  function sessionView(): WidgetSessionView {
    const { state, hostSession } = shared.get();
    if (state?.status === 'signed-in' && hostSession?.user) {
      return { status: 'signed-in', session: hostSession, appOrigin: state.appOrigin };
    }
    if (state?.status === 'signed-out') return { status: 'signed-out', message: state.message };
    return { status: 'loading' };
  }

  const environment = createWidgetEnvironment({
    session: { get: sessionView, subscribe: shared.subscribe },
    api: (notify, freshness) =>
      createApiClient(staleWhileRevalidate(transport, freshness, answered), notify),
    storage,
    hint: SIGN_IN_HINT,
    calls,
  });

  return {
    environment,
    storage,
    calls,
    /** The signed-in host session (its workspace), once asked for; null before. */
    hostSession: () => shared.get().hostSession,
    onHostSession: shared.subscribe,
    /** Settles when a widget first has an answer from the server (or the cache) in hand. */
    firstAnswer: () => firstAnswer,
    dispose() {
      shared.dispose();
    },
  };
}
