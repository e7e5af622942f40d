import { useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { useCheckedDraft } from '@/app/components/field/use-checked-draft';
import { useHost } from '@/app/host/host';
import { inviteUser } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import type { WorkspaceRole } from '@/shared/domain/user-administration';
import { TransportError } from '@/shared/transport/transport';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { EMPTY_INVITE, readInviteDraft, type InviteDraft } from './invite-draft';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { ROLE_LABELS } from './user-list-model';

export interface InviteUserDialogProps {
  workspaceId: string;
  workspaceName: string;
  /** The roles this actor may invite (shared/domain/user-administration checkInvite). */
  roles: readonly WorkspaceRole[];
  onInvited: (user: WorkspaceUser) => void;
  onClose: () => void;
}

/**
 * "Invite user" (issue #16, POST users): first name, last name, e-mail and role, checked
 * with the server's contract. The server's refusal (409: the e-mail already signs in)
 * is said in the dialog and marks the e-mail; nothing typed is lost.
 */
export function InviteUserDialog({
  workspaceId,
  workspaceName,
  roles,
  onInvited,
  onClose,
}: InviteUserDialogProps) {
  const host = useHost();
  const { draft, errors, setErrors, formRef, update, check } = useCheckedDraft(
    EMPTY_INVITE,
    (current: InviteDraft) => readInviteDraft(current, workspaceId),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const request = check();
    if (!request) return;
    setSending(true);
    setFailure(null);
    try {
      const user = await inviteUser(quietly(host.api), request);
      onInvited(user);
    } catch (error) {
      const message = refusalMessage(error);
      setFailure(message);
      if (TransportError.from(error).status === 409) {
        setErrors({ email: 'This e-mail address already has a sign-in.' });
        formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <FormDialog
      title="Invite user"
      description={`They get an e-mail with a link to choose their password and join ${workspaceName}.`}
      onClose={onClose}
    >
      <form
        ref={formRef}
        className="ic-form-dialog__form"
        aria-label="Invite user"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <div className="ic-form-dialog__pair">
          <Field label="First name" required error={errors.firstName}>
            {(control) => (
              <input
                {...control}
                name="firstName"
                className={fieldClassNames.input}
                value={draft.firstName}
                maxLength={100}
                autoComplete="off"
                onChange={(event) => update('firstName', event.target.value)}
              />
            )}
          </Field>
          <Field label="Last name" required error={errors.lastName}>
            {(control) => (
              <input
                {...control}
                name="lastName"
                className={fieldClassNames.input}
                value={draft.lastName}
                maxLength={100}
                autoComplete="off"
                onChange={(event) => update('lastName', event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="E-mail" required help="It is also their username." error={errors.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              className={fieldClassNames.input}
              value={draft.email}
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                update('email', event.target.value);
                setFailure(null);
              }}
            />
          )}
        </Field>
        <Field label="Role" required error={errors.role}>
          {(control) => (
            <select
              {...control}
              name="role"
              className={fieldClassNames.select}
              value={draft.role}
              onChange={(event) => update('role', event.target.value as InviteDraft['role'])}
            >
              <option value="">Choose a role</option>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {failure ? (
          <p className="ic-form-dialog__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="ic-form-dialog__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? 'Sending the invitation…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
