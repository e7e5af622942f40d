import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppServicesContext, type AppServices } from '@/app/app-services';
import { AppHostProvider } from '@/app/host/app-host-provider';
import { HostContext, useHost, type Host } from '@/app/host/host';
import { createHostQueryClient } from '@/app/query/create-host-query-client';
import { DataProvider } from '@/app/query/data-provider';
import { appRoutes } from '@/app/router';
import type { ApiClient } from '@/shared/api/client';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import type { SessionService } from '@/shared/session/session-service';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { TransportError } from '@/shared/transport/transport';
import { fakeApi } from './fake-api';

/** An API for screens that must not reach a server in these tests: every call fails offline. */
export function offlineApi(): ApiClient {
  return fakeApi({
    '': () => {
      throw new TransportError('offline in tests', 0);
    },
  });
}

/** The data layer as a host has it: the real QueryClient, forgotten when the host signs out. */
function HostData({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { session } = useHost();
  return (
    <DataProvider client={client} session={session}>
      {children}
    </DataProvider>
  );
}

export function fakeSessionService(overrides: Partial<SessionService> = {}): SessionService {
  return {
    signIn: vi.fn(async () => {
      throw new Error('signIn not expected in this test');
    }),
    restore: vi.fn(async () => null),
    adopt: vi.fn(async () => null),
    logout: vi.fn(async () => {
      useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
    }),
    ...overrides,
  };
}

/** Puts a signed-in user (or nobody) in the real session store. */
export function setSession(user: LoggedUser | null, workspace: Workspace | null = null): void {
  useSessionStore.setState({
    ...initialSessionState,
    user,
    workspace,
    status: user ? 'signed-in' : 'signed-out',
  });
}

export function makeHost(overrides: Partial<Host> = {}): Host {
  const { user, workspace, agent } = useSessionStore.getState();
  return {
    api: offlineApi(),
    storage: createMemoryStorage(),
    navigate: vi.fn(),
    notify: vi.fn(),
    session: { user, workspace, agent },
    ...overrides,
  };
}

/**
 * Renders a screen in a host (a fresh QueryClient unless one is given, so no test sees
 * another's cache). `rerenderWithHost` renders again with another host, as a widget does
 * when its session changes.
 */
export function renderWithHost(
  ui: ReactElement,
  options: { host?: Host; services?: AppServices; queryClient?: QueryClient } = {},
): RenderResult & {
  host: Host;
  queryClient: QueryClient;
  rerenderWithHost: (next: Host, nextUi?: ReactElement) => void;
} {
  const host = options.host ?? makeHost();
  const services = options.services ?? { session: fakeSessionService() };
  const queryClient = options.queryClient ?? createHostQueryClient();
  const tree = (current: Host, content: ReactElement) => (
    <AppServicesContext.Provider value={services}>
      <HostContext.Provider value={current}>
        <HostData client={queryClient}>{content}</HostData>
      </HostContext.Provider>
    </AppServicesContext.Provider>
  );
  const result = render(tree(host, ui));
  return {
    ...result,
    host,
    queryClient,
    rerenderWithHost: (next, nextUi = ui) => result.rerender(tree(next, nextUi)),
  };
}

/** The whole app's route tree in a memory router, with the real host provider. */
export function renderApp(
  path: string,
  options: {
    services?: AppServices;
    storage?: KeyValueStorage;
    wrap?: (children: ReactNode) => ReactNode;
    api?: ApiClient;
    queryClient?: QueryClient;
  } = {},
) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const services = options.services ?? { session: fakeSessionService() };
  const storage = options.storage ?? createMemoryStorage();
  const queryClient = options.queryClient ?? createHostQueryClient();
  const result = render(
    <AppServicesContext.Provider value={services}>
      <AppHostProvider
        api={options.api ?? offlineApi()}
        storage={storage}
        navigate={(to) => void router.navigate(to)}
        notify={vi.fn()}
      >
        <HostData client={queryClient}>
          <RouterProvider router={router} />
        </HostData>
      </AppHostProvider>
    </AppServicesContext.Provider>,
  );
  return { ...result, router, services, storage, queryClient };
}

/** happy-dom's window is 1024px wide by default, which is the mini-menu breakpoint. */
export function setViewportWidth(width: number): void {
  const happy = (
    window as unknown as {
      happyDOM: { setViewport(viewport: { width: number; height: number }): void };
    }
  ).happyDOM;
  happy.setViewport({ width, height: 900 });
}
