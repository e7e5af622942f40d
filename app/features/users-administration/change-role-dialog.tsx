import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { useHost } from '@/app/host/host';
import { updateWorkspaceUser } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import type { WorkspaceRole } from '@/shared/domain/user-administration';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { fullName, ROLE_LABELS } from './user-list-model';
import { useWorkspaceUserWrite } from './use-workspace-users';
import { FormFailure } from '@/app/components/form-failure/form-failure';

export const CHOOSE_ROLE_TEXT = 'Choose the new role.';

export interface ChangeRoleDialogProps {
  workspaceId: string;
  user: WorkspaceUser;
  /** The roles the rules let this actor give this user (their current one excluded). */
  roles: readonly WorkspaceRole[];
  onChanged: (user: WorkspaceUser) => void;
  onClose: () => void;
}

/**
 * "Change role" (PATCH workspaces/{id}/users/{userId} {role}). The user's open sessions
 * end: their tokens carry the role, so the new one applies when they sign in again.
 */
export function ChangeRoleDialog({
  workspaceId,
  user,
  roles,
  onChanged,
  onClose,
}: ChangeRoleDialogProps) {
  const host = useHost();
  const name = fullName(user);
  const noteId = useId();
  const [role, setRole] = useState<WorkspaceRole | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const writeUser = useWorkspaceUserWrite(workspaceId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!role) {
      setError(CHOOSE_ROLE_TEXT);
      event.currentTarget.querySelector<HTMLElement>('select')?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onChanged(
        await writeUser.mutate(() =>
          updateWorkspaceUser(quietly(host.api), workspaceId, user.id, { role }),
        ),
      );
    } catch (refusal) {
      setFailure(refusalMessage(refusal));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={`Change the role of ${name}`}
      description={`Current role: ${ROLE_LABELS[user.role]}.`}
      onClose={onClose}
    >
      <form
        className="ic-form-dialog__form"
        aria-label="Change role"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Field label="New role" required error={error}>
          {(control) => (
            <select
              {...control}
              aria-describedby={[control['aria-describedby'], noteId].filter(Boolean).join(' ')}
              className={fieldClassNames.select}
              value={role}
              onChange={(event) => {
                setRole(event.target.value as WorkspaceRole | '');
                setError(null);
                setFailure(null);
              }}
            >
              <option value="">Choose a role</option>
              {roles.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="ic-form-dialog__text" id={noteId}>
          Their open sessions end: the new role applies when they sign in again.
        </p>
        <FormFailure message={failure} />
        <div className="ic-form-dialog__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Change role'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
