import type { CSSProperties } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { AppHostProvider } from '@/app/host/app-host-provider';
import { EnvBanner, ENV_BANNER_HEIGHT } from '@/app/shell/env-banner/env-banner';
import type { AppEnvironment } from '@/app/shell/env-banner/environment';
import { RequestLoader } from '@/app/shell/request-loader/request-loader';
import { Toaster } from '@/app/shell/toasts/toaster';
import type { ApiClient } from '@/shared/api/client';
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
}

/** The standalone app: services and host around the router, plus the global shell pieces. */
export function App({ router, api, storage, notify, services, environment }: AppProps) {
  const navigate = (path: string) => void router.navigate(path);
  const rootStyle = {
    '--ic-shell-banner': `${environment ? ENV_BANNER_HEIGHT : 0}px`,
  } as CSSProperties;
  return (
    <AppServicesContext.Provider value={services}>
      <AppHostProvider api={api} storage={storage} navigate={navigate} notify={notify}>
        <div className="ic-root" style={rootStyle}>
          <EnvBanner environment={environment} />
          <RequestLoader />
          <RouterProvider router={router} />
          <Toaster />
          <ConfirmHost />
        </div>
      </AppHostProvider>
    </AppServicesContext.Provider>
  );
}
