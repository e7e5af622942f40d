import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import type { LoginRequest } from '@/shared/contracts/auth';
import { signInErrorText } from './sign-in-error-text';
import './sign-in-form.css';

const SIGN_IN_INPUT_CLASS = `${fieldClassNames.input} ${fieldClassNames.large}`;

export const EMPTY_CREDENTIALS_TEXT = 'Enter your username and password.';

export interface SignInFormProps {
  /**
   * Signs in with the trimmed credentials; rejects with a SignInError whose text the form
   * shows. The app passes its session service's, a script-tag widget its own session's,
   * the extension's popup the background's (over the port).
   */
  onSignIn(credentials: LoginRequest): Promise<unknown>;
  /** The username to start with (an invitee who has just set their password). */
  initialUsername?: string;
}

/**
 * Username and password (spec: session 4 Sign-in, 5 "username and password are trimmed").
 * The route moves a signed-in user on to their landing page; this form only signs in and
 * shows why it could not.
 */
export function SignInForm({ onSignIn, initialUsername = '' }: SignInFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const ids = { username: useId(), password: useId(), error: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const credentials = { username: username.trim(), password: password.trim() };
    if (!credentials.username || !credentials.password) {
      setError(EMPTY_CREDENTIALS_TEXT);
      return;
    }
    setWorking(true);
    setError(null);
    try {
      await onSignIn(credentials);
    } catch (failure) {
      setError(signInErrorText(failure));
      usernameRef.current?.focus();
    } finally {
      setWorking(false);
    }
  }

  const describedBy = error ? ids.error : undefined;
  return (
    <form
      className="ic-signin-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={working}
    >
      <div className="ic-signin-form__field">
        <label className="ic-signin-form__label" htmlFor={ids.username}>
          Username
        </label>
        <input
          ref={usernameRef}
          id={ids.username}
          className={SIGN_IN_INPUT_CLASS}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          maxLength={254}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={working}
        />
      </div>
      <div className="ic-signin-form__field">
        <label className="ic-signin-form__label" htmlFor={ids.password}>
          Password
        </label>
        <div className="ic-signin-form__password">
          <input
            id={ids.password}
            className={SIGN_IN_INPUT_CLASS}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            maxLength={1024}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={working}
          />
          <button
            type="button"
            className="ic-signin-form__reveal"
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((value) => !value)}
          >
            <Icon name={showPassword ? 'eye-off' : 'eye'} size="sm" />
          </button>
        </div>
      </div>
      <div className="ic-signin-form__error" id={ids.error} role="alert">
        {error ? (
          <>
            <Icon name="warning" size="sm" />
            <span>{error}</span>
          </>
        ) : null}
      </div>
      <Button type="submit" variant="primary" size="lg" block disabled={working}>
        {working ? (
          <>
            <span className="ic-signin-form__spinner" aria-hidden="true" />
            Signing in…
          </>
        ) : (
          'Sign in'
        )}
      </Button>
    </form>
  );
}
