import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { SignInPage, type SignInVariant } from '@/app/features/auth/sign-in-page';
import { landingPathFor } from '@/shared/domain/landing';
import { useSessionStore } from '@/shared/stores/session-store';

/**
 * The sign-in area's routes. Signing in through the form moves the user on to their
 * landing page (spec: session 2 "Landing page after sign-in"); so does opening /login with
 * a session already there. The invite and download pages stay readable for a user who is
 * already signed in.
 */
export function SignInRoute({ variant }: { variant: SignInVariant }) {
  const { token } = useParams();
  const { status, user, workspace } = useSessionStore(
    useShallow((state) => ({ status: state.status, user: state.user, workspace: state.workspace })),
  );
  const [signedOutHere, setSignedOutHere] = useState(status === 'signed-out');
  useEffect(() => {
    if (status === 'signed-out') setSignedOutHere(true);
  }, [status]);

  const moveOn = variant === 'default' || signedOutHere;
  if (moveOn && status === 'signed-in' && user) {
    return <Navigate to={landingPathFor(user, workspace)} replace />;
  }
  return <SignInPage variant={variant} inviteToken={token} />;
}
