import type { QueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { createHostQueryClient } from '@/app/query/create-host-query-client';
import { DataProvider } from '@/app/query/data-provider';
import { AppHostProvider } from '@/app/host/app-host-provider';
import { useHost } from '@/app/host/host';
import { LiveProvider, type DesktopAlerts } from '@/app/live/live-context';
import { EnvBanner, ENV_BANNER_HEIGHT } from '@/app/shell/env-banner/env-banner';
import type { AppEnvironment } from '@/app/config/environment';
import { RequestLoader } from '@/app/shell/request-loader/request-loader';
import { Toaster } from '@/app/shell/toasts/toaster';
import type { ApiClient } from '@/shared/api/client';
import type { CallSession } from '@/shared/calls/call-session';
import type { LiveFeed } from '@/shared/live/live-feed';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';
import { AppServicesContext, type AppServices } from './app-services';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  api: ApiClient;
  storage: KeyValueStorage;
  notify: Notifier;
  services: AppServices;
  environment: AppEnvironment | null;
  /** The app's one QueryClient (the data layer's cache); default: a new one. */
  queryClient?: QueryClient;
  /**
   * The live feed the top bar shows (issue #12: app/live/choose-live-feed.ts picks the
   * extension's or the app's own) and the desktop-alert offer; none: nothing live.
   */
  live?: { feed: LiveFeed; alerts?: DesktopAlerts | null };
  /** The active call (issue #13: app/calls/app-calls.ts); none: the app takes no calls. */
  calls?: CallSession;
}

/** The data layer under the host: its cache belongs to whoever the host is signed in as. */
function AppData({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { session } = useHost();
  return (
    <DataProvider client={client} session={session}>
      {children}
    </DataProvider>
  );
}

/** The standalone app: services and host around the router, plus the global shell pieces. */
export function App({
  router,
  api,
  storage,
  notify,
  services,
  environment,
  queryClient,
  live,
  calls,
}: AppProps) {
  const [client] = useState(() => queryClient ?? createHostQueryClient());
  const navigate = (path: string) => void router.navigate(path);
  const rootStyle = {
    '--ic-shell-banner': `${environment ? ENV_BANNER_HEIGHT : 0}px`,
  } as CSSProperties;
  return (
    <AppServicesContext.Provider value={services}>
      <AppHostProvider
        api={api}
        storage={storage}
        navigate={navigate}
        notify={notify}
        calls={calls}
      >
        <AppData client={client}>
          <LiveProvider feed={live?.feed ?? null} alerts={live?.alerts ?? null}>
            <div className="ic-root" style={rootStyle}>
              <EnvBanner environment={environment} />
              <RequestLoader />
              <RouterProvider router={router} />
              <Toaster />
              <ConfirmHost />
            </div>
          </LiveProvider>
        </AppData>
      </AppHostProvider>
    </AppServicesContext.Provider>
  );
}
