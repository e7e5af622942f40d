import { Navigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { landingPathFor } from '@/shared/domain/landing';
import { useSessionStore } from '@/shared/stores/session-store';

/** /app alone and area indexes without a page of their own: the user's landing page. */
export function LandingRedirect() {
  const { user, workspace } = useSessionStore(
    useShallow((state) => ({ user: state.user, workspace: state.workspace })),
  );
  return <Navigate to={user ? landingPathFor(user, workspace) : '/login'} replace />;
}
