import { hostSessionSchema, type HostSession } from '@/shared/session/host-session';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import type { PortTransport } from '@/shared/transport/port-transport';
import { createValueStore } from '@/widgets/widget-environment';

/**
 * Who is signed in, as the panel mounts for them: another user, role or workspace is a new
 * panel (socket and call-count changes are not); '' when nobody is.
 */
export function signedInKey(state: PublicSessionState | null): string {
  return state?.status === 'signed-in' && state.user
    ? `${state.user.id}|${state.user.role}|${state.workspace?.id}`
    : '';
}

interface Shared {
  state: PublicSessionState | null;
  hostSession: HostSession | null;
}

/**
 * The tab's session over its port: the public state the background pushes, and the host
 * session (user, workspace, agent — never tokens), asked for once per sign-in. What the
 * CRM page's side needs (who may click to call, issue #29), and what the widgets' own
 * environment is built on.
 */
export function createPortHostSession(transport: PortTransport) {
  const shared = createValueStore<Shared>({ state: transport.sessionState(), hostSession: null });
  /** The sign-in (user and workspace) the host session was asked for, and the one it is for. */
  let requestedFor = '';
  let loadedFor = '';
  const keyOf = (state: PublicSessionState) => `${state.user?.id}|${state.workspace?.id}`;

  async function loadHostSession(state: PublicSessionState): Promise<void> {
    const key = keyOf(state);
    // Asked once per sign-in (in flight or done); socket and call-count changes are not a new one.
    if (key === requestedFor) return;
    requestedFor = key;
    try {
      const hostSession = hostSessionSchema.parse(
        await transport.call({ kind: 'host-session:get' }),
      );
      if (requestedFor !== key || transport.sessionState()?.status !== 'signed-in') return;
      // Screens read lookups through the data layer's cached queries over this transport
      // (app/query/use-lookup.ts): nothing to load here per sign-in.
      loadedFor = key;
      shared.set({ state: transport.sessionState(), hostSession });
    } catch {
      requestedFor = '';
    }
  }

  const stop = transport.onSessionState((state) => {
    if (state.status === 'signed-in') {
      const previous = shared.get();
      shared.set({ state, hostSession: keyOf(state) === loadedFor ? previous.hostSession : null });
      void loadHostSession(state);
      return;
    }
    requestedFor = '';
    loadedFor = '';
    shared.set({ state, hostSession: null });
  });

  return {
    /** The public state and the host session, once asked for. */
    get: shared.get,
    subscribe: shared.subscribe,
    /** The signed-in host session (its workspace), once asked for; null before. */
    hostSession: () => shared.get().hostSession,
    dispose: stop,
  };
}
