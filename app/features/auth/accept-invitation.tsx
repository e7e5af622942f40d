import { useState } from 'react';
import { useAppServices } from '@/app/app-services';
import { Button } from '@/app/components/button/button';
import { HostLink } from '@/app/components/host-link/host-link';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope, type DataState } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { acceptInvitation } from '@/shared/api/users-administration';
import {
  INVITATION_ERRORS,
  inviteTokenSchema,
  type InvitationInfo,
} from '@/shared/contracts/users-administration';
import { LOGIN_PATH, landingPathFor } from '@/shared/domain/landing';
import { invitationQuery, type InvitationCheck } from '@/shared/query/invitation-queries';
import { useSessionStore } from '@/shared/stores/session-store';
import { SetPasswordForm } from './set-password-form';
import { SignInForm } from './sign-in-form';
import { signInErrorText } from './sign-in-error-text';
import './accept-invitation.css';

export const INVITE_CHECK_FAILED_TEXT =
  'We could not check your invitation just now. Check your connection and try again.';
export const PASSWORD_SET_TEXT = 'Your password is set. Sign in with it below.';

type Stage =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable' }
  | { kind: 'ready'; info: InvitationInfo }
  /** The password is set but the automatic sign-in failed: the form signs in by hand. */
  | { kind: 'password-set'; username: string; reason: string };

/** The stage the invitation's check puts the page in. */
function checkedStage(wellFormed: boolean, check: DataState<InvitationCheck>): Stage {
  if (!wellFormed) return { kind: 'invalid', message: INVITATION_ERRORS.unknown };
  if (check.status === 'error') return { kind: 'unreachable' };
  return check.data ?? { kind: 'checking' };
}

/**
 * spec: session 2 login/{token}/invite, 7 GET users/{token}/password and POST
 * users/password/confirm (issue #16). Says whose invite the link is, lets the invitee
 * choose a password under the rules (shown live), sets it, then signs in with it through
 * the app's own sign-in; the route moves them on to their landing page. A link that no
 * longer works says why, with the way to the sign-in page. The token stays in this page's
 * address only: it is never logged, shown or put in another address.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const host = useHost();
  const scope = useQueryScope();
  const { session } = useAppServices();
  // What happened after the check, for this token: the link refused when the form was sent,
  // or the password set (the form stays while signing in; sign-in failed: by hand).
  const [after, setAfter] = useState<{ token: string; stage: Stage } | null>(null);
  const settled = after?.token === token ? after.stage : null;
  const wellFormed = inviteTokenSchema.safeParse(token).success;
  // A link that is no invitation token is not sent to the server. Once the form is sent
  // the check stops: asked again, it would say "used" while the invitee is signed in.
  const check = useDataQuery(
    wellFormed && !settled ? invitationQuery(scope, host.api, token) : null,
  );
  const stage = settled ?? checkedStage(wellFormed, check);
  // The write changes no query on screen: the check is stopped above, not invalidated
  // (and forgotten when the page closes, gcTime 0).
  const accept = useMutateAndInvalidate(
    (password: string) => acceptInvitation(host.api, { token, password }),
    { invalidates: () => [] },
  );
  const settle = (next: Stage) => setAfter({ token, stage: next });

  async function signIn(username: string, password: string) {
    const wasSignedIn = useSessionStore.getState().status === 'signed-in';
    await session.signIn(username, password);
    // Someone else was signed in in this browser: the route stays put, so move on here.
    if (wasSignedIn) {
      const { user, workspace } = useSessionStore.getState();
      if (user) host.navigate(landingPathFor(user, workspace));
    }
  }

  switch (stage.kind) {
    case 'checking':
      return <LoadingBlock label="Checking your invitation…" />;
    case 'unreachable':
      return (
        <div className="ic-invite" role="alert">
          <p className="ic-invite__problem">
            <Icon name="warning" size="sm" />
            <span>{INVITE_CHECK_FAILED_TEXT}</span>
          </p>
          <Button variant="secondary" onClick={check.retry}>
            Try Again?
          </Button>
        </div>
      );
    case 'invalid':
      return (
        <div className="ic-invite">
          <div className="ic-invite__problem" role="alert">
            <Icon name="warning" size="sm" />
            <span>{stage.message}</span>
          </div>
          <p className="ic-invite__back">
            <HostLink to={LOGIN_PATH}>Go to the sign-in page</HostLink>
          </p>
          <h2 className="ic-invite__subheading">Already have a password?</h2>
          <SignInForm onSignIn={({ username, password }) => signIn(username, password)} />
        </div>
      );
    case 'password-set':
      return (
        <div className="ic-invite">
          <div className="ic-invite__done" role="status">
            <Icon name="check" size="sm" />
            <span>{PASSWORD_SET_TEXT}</span>
          </div>
          <p className="ic-invite__problem-detail">{stage.reason}</p>
          <SignInForm
            initialUsername={stage.username}
            onSignIn={({ username, password }) => signIn(username, password)}
          />
        </div>
      );
    case 'ready':
      return (
        <SetPasswordForm
          info={stage.info}
          onSubmit={async (password) => {
            await accept.mutate(password);
            settle(stage);
            try {
              await signIn(stage.info.username, password);
            } catch (failure) {
              settle({
                kind: 'password-set',
                username: stage.info.username,
                reason: signInErrorText(failure),
              });
            }
          }}
          onRefused={(message) => settle({ kind: 'invalid', message })}
        />
      );
  }
}
