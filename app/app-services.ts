import { createContext, useContext } from 'react';
import type { SessionService } from '@/shared/session/session-service';

/**
 * What only the standalone app has beside the host: the session service behind the
 * sign-in page and the logout button. Screens that also run as widgets never use it.
 */
export interface AppServices {
  session: SessionService;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services)
    throw new Error('useAppServices must be used inside an AppServicesContext provider');
  return services;
}
