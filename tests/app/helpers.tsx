import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppServicesContext, type AppServices } from '@/app/app-services';
import { AppHostProvider } from '@/app/host/app-host-provider';
import { HostContext, type Host } from '@/app/host/host';
import { appRoutes } from '@/app/router';
import type { ApiClient } from '@/shared/api/client';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import type { SessionService } from '@/shared/session/session-service';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { TransportError } from '@/shared/transport/transport';

/** An API client for screens that must not reach a server in these tests. */
export function offlineApi(): ApiClient {
  return {
    call: vi.fn(async () => {
      throw new TransportError('offline in tests', 0);
    }),
    subscribe: vi.fn(() => () => {}),
  };
}

export function fakeSessionService(overrides: Partial<SessionService> = {}): SessionService {
  return {
    signIn: vi.fn(async () => {
      throw new Error('signIn not expected in this test');
    }),
    restore: vi.fn(async () => null),
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

export function renderWithHost(
  ui: ReactElement,
  options: { host?: Host; services?: AppServices } = {},
): RenderResult & { host: Host } {
  const host = options.host ?? makeHost();
  const services = options.services ?? { session: fakeSessionService() };
  const result = render(
    <AppServicesContext.Provider value={services}>
      <HostContext.Provider value={host}>{ui}</HostContext.Provider>
    </AppServicesContext.Provider>,
  );
  return { ...result, host };
}

/** The whole app's route tree in a memory router, with the real host provider. */
export function renderApp(
  path: string,
  options: {
    services?: AppServices;
    storage?: KeyValueStorage;
    wrap?: (children: ReactNode) => ReactNode;
  } = {},
) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const services = options.services ?? { session: fakeSessionService() };
  const storage = options.storage ?? createMemoryStorage();
  const result = render(
    <AppServicesContext.Provider value={services}>
      <AppHostProvider
        api={offlineApi()}
        storage={storage}
        navigate={(to) => void router.navigate(to)}
        notify={vi.fn()}
      >
        <RouterProvider router={router} />
      </AppHostProvider>
    </AppServicesContext.Provider>,
  );
  return { ...result, router, services, storage };
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
