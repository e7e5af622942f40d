import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import { INVITATION_ERRORS, type InvitationInfo } from '@/shared/contracts/users-administration';
import { en } from '@/shared/i18n/en';
import { TransportError } from '@/shared/transport/transport';
import {
  EMPTY_INVITE_PASSWORD,
  passwordHints,
  readInvitePassword,
  type InvitePasswordDraft,
  type InvitePasswordErrors,
} from './invite-password-draft';
import './accept-invitation.css';
import '@/app/components/visually-hidden/visually-hidden.css';

const SIGN_IN_INPUT_CLASS = `${fieldClassNames.input} ${fieldClassNames.large}`;

export interface SetPasswordFormProps {
  info: InvitationInfo;
  /** Sets the password and signs in; rejects with the server's refusal. */
  onSubmit: (password: string) => Promise<void>;
  /** The link stopped working meanwhile (used elsewhere, expired, replaced). */
  onRefused: (message: string) => void;
}

/** The form's state: the draft, what is wrong with it, and its submit (checks, sends, says why not). */
function useSetPassword({ info, onSubmit, onRefused }: SetPasswordFormProps) {
  const [draft, setDraft] = useState<InvitePasswordDraft>(EMPTY_INVITE_PASSWORD);
  const [errors, setErrors] = useState<InvitePasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  function update(key: keyof InvitePasswordDraft, value: string) {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /** The server's refusal: the link gone, its own password rule, or anything else. */
  function refused(error: unknown) {
    const refusal = TransportError.from(error);
    if (refusal.status === 404 || refusal.status === 410) {
      onRefused(refusal.serverMessage ?? INVITATION_ERRORS.unknown);
    } else if (refusal.status === 400 && refusal.serverMessage) {
      // The server's own password rule (the same rules, checked again).
      setErrors({ password: refusal.serverMessage.replace(/^(body\.)?password:\s*/, '') });
      passwordRef.current?.focus();
    } else {
      setFailure(refusal.serverMessage ?? en.GENERIC_HTTP_ERROR);
    }
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
      refused(error);
    } finally {
      setWorking(false);
    }
  }

  return { draft, errors, failure, working, passwordRef, confirmRef, update, submit };
}

/** Whose invitation it is: the workspace, the invitee's name and username. */
function InviteeSummary({ info }: { info: InvitationInfo }) {
  const name = `${info.firstName} ${info.lastName}`.trim();
  return (
    <div className="ic-invite__who">
      <p className="ic-invite__workspace">You have been invited to {info.workspaceName}</p>
      {name ? <p className="ic-invite__name">{name}</p> : null}
      <p className="ic-invite__username">
        Username: <strong>{info.username}</strong>
      </p>
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="ic-invite__field-error" id={id}>
      <Icon name="warning" size="sm" />
      <span>{text}</span>
    </p>
  );
}

/** The password rules, each ticked live as the typed password meets it. */
function PasswordHints({
  id,
  password,
  username,
}: {
  id: string;
  password: string;
  username: string;
}) {
  return (
    <ul className="ic-invite__hints" id={id} aria-label="Password rules">
      {passwordHints(password, username).map((hint) => (
        <li
          key={hint.id}
          className={hint.met ? 'ic-invite__hint ic-invite__hint--met' : 'ic-invite__hint'}
        >
          <Icon name={hint.met ? 'check' : 'info'} size="sm" />
          <span>
            {hint.text}
            <span className="ic-visually-hidden">{hint.met ? ' (met)' : ' (not met yet)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

interface PasswordInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  name: 'new-password' | 'confirm-password';
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  reveal: boolean;
  disabled: boolean;
  /** What else describes the input (the rules), besides its error. */
  describedBy?: string;
  /** Beside the input (the show / hide button). */
  beside?: ReactNode;
  /** Under the input, before its error (the rules). */
  under?: ReactNode;
}

/** One password input with its label and its error. */
function PasswordInput(props: PasswordInputProps) {
  const { inputRef, name, label, value, onChange, error, reveal, disabled } = props;
  const id = useId();
  const errorId = useId();
  const describedBy = [error ? errorId : null, props.describedBy].filter(Boolean).join(' ');
  const input = (
    <input
      ref={inputRef}
      id={id}
      className={SIGN_IN_INPUT_CLASS}
      name={name}
      type={reveal ? 'text' : 'password'}
      autoComplete="new-password"
      maxLength={1024}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    />
  );
  return (
    <div className="ic-signin-form__field">
      <label className="ic-signin-form__label" htmlFor={id}>
        {label}
      </label>
      {props.beside ? (
        <div className="ic-signin-form__password">
          {input}
          {props.beside}
        </div>
      ) : (
        input
      )}
      {props.under}
      <FieldError id={errorId} text={error} />
    </div>
  );
}

function RevealButton({ reveal, onToggle }: { reveal: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="ic-signin-form__reveal"
      aria-label={reveal ? 'Hide passwords' : 'Show passwords'}
      aria-pressed={reveal}
      onClick={onToggle}
    >
      <Icon name={reveal ? 'eye-off' : 'eye'} size="sm" />
    </button>
  );
}

/** The invitee's new password, twice, under the rules shown live; then set and signed in. */
export function SetPasswordForm(props: SetPasswordFormProps) {
  const { info } = props;
  const form = useSetPassword(props);
  const { draft, errors, working } = form;
  const [reveal, setReveal] = useState(false);
  const hintsId = useId();
  return (
    <div className="ic-invite">
      <InviteeSummary info={info} />
      <p className="ic-invite__intro">Choose a password to finish setting up your account.</p>
      <form
        className="ic-signin-form"
        aria-label="Choose your password"
        noValidate
        aria-busy={working}
        onSubmit={(event) => void form.submit(event)}
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
        <PasswordInput
          inputRef={form.passwordRef}
          name="new-password"
          label="New password"
          value={draft.password}
          onChange={(value) => form.update('password', value)}
          error={errors.password}
          reveal={reveal}
          disabled={working}
          describedBy={hintsId}
          beside={<RevealButton reveal={reveal} onToggle={() => setReveal((value) => !value)} />}
          under={<PasswordHints id={hintsId} password={draft.password} username={info.username} />}
        />
        <PasswordInput
          inputRef={form.confirmRef}
          name="confirm-password"
          label="Confirm password"
          value={draft.confirm}
          onChange={(value) => form.update('confirm', value)}
          error={errors.confirm}
          reveal={reveal}
          disabled={working}
        />
        <div className="ic-signin-form__error" role="alert">
          {form.failure ? (
            <>
              <Icon name="warning" size="sm" />
              <span>{form.failure}</span>
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
