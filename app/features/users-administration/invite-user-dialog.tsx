import { Button } from '@/app/components/button/button';
import { SelectField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { PersonFields } from '@/app/components/field/person-fields';
import { useHost } from '@/app/host/host';
import { inviteUser } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import type { WorkspaceRole } from '@/shared/domain/user-administration';
import { TransportError } from '@/shared/transport/transport';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { EMPTY_INVITE, readInviteDraft, type InviteDraft } from './invite-draft';
import { useWorkspaceUserWrite } from './use-workspace-users';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { ROLE_LABELS } from './user-list-model';
import { FormFailure } from '@/app/components/form-failure/form-failure';

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
  const writeUser = useWorkspaceUserWrite(workspaceId);
  const { submit, sending, failure, setFailure } = useDraftSubmit(
    check,
    (request) => writeUser.mutate(() => inviteUser(quietly(host.api), request)),
    {
      onSent: onInvited,
      failureOf: refusalMessage,
      onFailed: (error) => {
        if (TransportError.from(error).status !== 409) return;
        setErrors({ email: 'This e-mail address already has a sign-in.' });
        formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
      },
    },
  );

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
        onSubmit={submit}
      >
        <PersonFields
          draft={draft}
          errors={errors}
          namesClassName="ic-form-dialog__pair"
          emailHelp="It is also their username."
          onChange={(key, value) => {
            update(key, value);
            if (key === 'email') setFailure(null);
          }}
        />
        <SelectField
          label="Role"
          required
          error={errors.role}
          name="role"
          value={draft.role}
          onValueChange={(value) => update('role', value)}
          placeholder="Choose a role"
          options={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        />
        <FormFailure message={failure} />
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
