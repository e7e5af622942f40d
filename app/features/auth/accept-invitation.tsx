import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppServices } from '@/app/app-services';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { HostLink } from '@/app/components/host-link/host-link';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { acceptInvitation, fetchInvitation } from '@/shared/api/users-administration';
import {
  INVITATION_ERRORS,
  inviteTokenSchema,
  type InvitationInfo,
} from '@/shared/contracts/users-administration';
import { LOGIN_PATH, landingPathFor } from '@/shared/domain/landing';
import { en } from '@/shared/i18n/en';
import { useSessionStore } from '@/shared/stores/session-store';
import { TransportError } from '@/shared/transport/transport';
import {
  EMPTY_INVITE_PASSWORD,
  passwordHints,
  readInvitePassword,
  type InvitePasswordDraft,
  type InvitePasswordErrors,
} from './invite-password-draft';
import { SignInForm } from './sign-in-form';
import { signInErrorText } from './sign-in-error-text';
import './accept-invitation.css';
import '@/app/components/visually-hidden/visually-hidden.css';

const SIGN_IN_INPUT_CLASS = `${fieldClassNames.input} ${fieldClassNames.large}`;

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

/** What a refused invite link means for the invitee (404 unknown, 410 used / expired / replaced, 400 malformed). */
function refusalText(error: TransportError): string | null {
  if (error.status === 404 || error.status === 410) {
    return error.serverMessage ?? INVITATION_ERRORS.unknown;
  }
  if (error.status === 400) return INVITATION_ERRORS.unknown;
  return null;
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
  const { session } = useAppServices();
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!inviteTokenSchema.safeParse(token).success) {
      setStage({ kind: 'invalid', message: INVITATION_ERRORS.unknown });
      return;
    }
    let current = true;
    setStage({ kind: 'checking' });
    fetchInvitation(host.api, token)
      .then((info) => current && setStage({ kind: 'ready', info }))
      .catch((error: unknown) => {
        if (!current) return;
        const message = refusalText(TransportError.from(error));
        setStage(message ? { kind: 'invalid', message } : { kind: 'unreachable' });
      });
    return () => {
      current = false;
    };
  }, [host.api, token, attempt]);

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
          <Button variant="secondary" onClick={() => setAttempt((value) => value + 1)}>
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
            await acceptInvitation(host.api, { token, password });
            try {
              await signIn(stage.info.username, password);
            } catch (failure) {
              setStage({
                kind: 'password-set',
                username: stage.info.username,
                reason: signInErrorText(failure),
              });
            }
          }}
          onRefused={(message) => setStage({ kind: 'invalid', message })}
        />
      );
  }
}

interface SetPasswordFormProps {
  info: InvitationInfo;
  /** Sets the password and signs in; rejects with the server's refusal. */
  onSubmit: (password: string) => Promise<void>;
  /** The link stopped working meanwhile (used elsewhere, expired, replaced). */
  onRefused: (message: string) => void;
}

function SetPasswordForm({ info, onSubmit, onRefused }: SetPasswordFormProps) {
  const [draft, setDraft] = useState<InvitePasswordDraft>(EMPTY_INVITE_PASSWORD);
  const [errors, setErrors] = useState<InvitePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [reveal, setReveal] = useState(false);
  const [working, setWorking] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const ids = {
    password: useId(),
    confirm: useId(),
    hints: useId(),
    passwordError: useId(),
    confirmError: useId(),
    failure: useId(),
  };
  const hints = passwordHints(draft.password, info.username);
  const name = `${info.firstName} ${info.lastName}`.trim();

  function update(key: keyof InvitePasswordDraft, value: string) {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const reading = readInvitePassword(draft, info.username);
    if (!reading.ok) {
      setErrors(reading.errors);
      (reading.errors.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setWorking(true);
    setFailure(null);
    try {
      await onSubmit(reading.request.password);
    } catch (error) {
      const refusal = TransportError.from(error);
      if (refusal.status === 404 || refusal.status === 410) {
        onRefused(refusal.serverMessage ?? INVITATION_ERRORS.unknown);
        return;
      }
      if (refusal.status === 400 && refusal.serverMessage) {
        // The server's own password rule (the same rules, checked again).
        setErrors({ password: refusal.serverMessage.replace(/^(body\.)?password:\s*/, '') });
        passwordRef.current?.focus();
      } else {
        setFailure(refusal.serverMessage ?? en.GENERIC_HTTP_ERROR);
      }
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="ic-invite">
      <div className="ic-invite__who">
        <p className="ic-invite__workspace">You have been invited to {info.workspaceName}</p>
        {name ? <p className="ic-invite__name">{name}</p> : null}
        <p className="ic-invite__username">
          Username: <strong>{info.username}</strong>
        </p>
      </div>
      <p className="ic-invite__intro">Choose a password to finish setting up your account.</p>
      <form
        className="ic-signin-form"
        aria-label="Choose your password"
        noValidate
        aria-busy={working}
        onSubmit={(event) => void submit(event)}
      >
        {/* Lets password managers save the new password under the right username. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={info.username}
          readOnly
          hidden
        />
        <div className="ic-signin-form__field">
          <label className="ic-signin-form__label" htmlFor={ids.password}>
            New password
          </label>
          <div className="ic-signin-form__password">
            <input
              ref={passwordRef}
              id={ids.password}
              className={SIGN_IN_INPUT_CLASS}
              name="new-password"
              type={reveal ? 'text' : 'password'}
              autoComplete="new-password"
              maxLength={1024}
              value={draft.password}
              onChange={(event) => update('password', event.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? `${ids.passwordError} ${ids.hints}` : ids.hints}
              disabled={working}
            />
            <button
              type="button"
              className="ic-signin-form__reveal"
              aria-label={reveal ? 'Hide passwords' : 'Show passwords'}
              aria-pressed={reveal}
              onClick={() => setReveal((value) => !value)}
            >
              <Icon name={reveal ? 'eye-off' : 'eye'} size="sm" />
            </button>
          </div>
          <ul className="ic-invite__hints" id={ids.hints} aria-label="Password rules">
            {hints.map((hint) => (
              <li
                key={hint.id}
                className={hint.met ? 'ic-invite__hint ic-invite__hint--met' : 'ic-invite__hint'}
              >
                <Icon name={hint.met ? 'check' : 'info'} size="sm" />
                <span>
                  {hint.text}
                  <span className="ic-visually-hidden">
                    {hint.met ? ' (met)' : ' (not met yet)'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {errors.password ? (
            <p className="ic-invite__field-error" id={ids.passwordError}>
              <Icon name="warning" size="sm" />
              <span>{errors.password}</span>
            </p>
          ) : null}
        </div>
        <div className="ic-signin-form__field">
          <label className="ic-signin-form__label" htmlFor={ids.confirm}>
            Confirm password
          </label>
          <input
            ref={confirmRef}
            id={ids.confirm}
            className={SIGN_IN_INPUT_CLASS}
            name="confirm-password"
            type={reveal ? 'text' : 'password'}
            autoComplete="new-password"
            maxLength={1024}
            value={draft.confirm}
            onChange={(event) => update('confirm', event.target.value)}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? ids.confirmError : undefined}
            disabled={working}
          />
          {errors.confirm ? (
            <p className="ic-invite__field-error" id={ids.confirmError}>
              <Icon name="warning" size="sm" />
              <span>{errors.confirm}</span>
            </p>
          ) : null}
        </div>
        <div className="ic-signin-form__error" id={ids.failure} role="alert">
          {failure ? (
            <>
              <Icon name="warning" size="sm" />
              <span>{failure}</span>
            </>
          ) : null}
        </div>
        <Button type="submit" variant="primary" size="lg" block disabled={working}>
          {working ? 'Setting your password…' : 'Set password and sign in'}
        </Button>
      </form>
    </div>
  );
}
