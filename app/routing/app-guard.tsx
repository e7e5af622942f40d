import { Navigate, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { AppLayout } from '@/app/shell/app-layout/app-layout';
import { checkRouteAccess } from '@/shared/domain/route-access';
import { useSessionStore } from '@/shared/stores/session-store';

/**
 * The guard of every /app route (spec: session 6): sign-in, role, edition, cockpit
 * setting and call flow vs Zoho, decided by checkRouteAccess on each location. While a
 * stored session is being restored nothing is decided yet.
 */
export function AppGuard() {
  const { pathname } = useLocation();
  const { status, user, workspace } = useSessionStore(
    useShallow((state) => ({ status: state.status, user: state.user, workspace: state.workspace })),
  );
  if (status === 'restoring') return <LoadingBlock label="Restoring your session…" />;
  const access = checkRouteAccess(pathname, status === 'signed-in' ? user : null, workspace);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return <AppLayout />;
}
