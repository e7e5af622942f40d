import { Navigate, useLocation, useSearchParams } from 'react-router';
import { NotAllowedPage } from '@/app/features/errors/not-allowed-page';
import { isNotAllowedPath } from '@/shared/domain/route-access';

/**
 * Any /app path no screen claims: the not-allowed page when the path ends in
 * /not-allowed (spec: session 2, with edition and imgSrc), else the 404 page.
 */
export function AppFallbackRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (isNotAllowedPath(pathname)) {
    return <NotAllowedPage requiredEdition={params.get('edition')} imgSrc={params.get('imgSrc')} />;
  }
  return <Navigate to="/404" replace />;
}
