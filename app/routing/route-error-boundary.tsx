import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { RouteErrorPage } from '@/app/features/errors/route-error-page';

/** The router's error element: logs what failed and offers a way out. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A route failed to load or render', error);
  }, [error]);
  return <RouteErrorPage />;
}
