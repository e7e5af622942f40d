import {
  inviteUserRequestSchema,
  type InviteUserRequest,
} from '@/shared/contracts/users-administration';
import type { WorkspaceRole } from '@/shared/domain/user-administration';

/** The "Invite user" form as typed. */
export interface InviteDraft {
  firstName: string;
  lastName: string;
  email: string;
  role: WorkspaceRole | '';
}

export const EMPTY_INVITE: InviteDraft = { firstName: '', lastName: '', email: '', role: '' };

export type InviteErrors = Partial<Record<keyof InviteDraft, string>>;

/** The form's words where the contract's are for developers. */
const MESSAGES: Record<keyof InviteDraft, string> = {
  firstName: 'Enter the first name.',
  lastName: 'Enter the last name.',
  email: 'Enter an e-mail address like name@example.com.',
  role: 'Choose a role.',
};

/**
 * Checks the draft with the contract the server checks (inviteUserRequestSchema) for
 * the chosen workspace: the request to send, or the errors by field.
 */
export function readInviteDraft(
  draft: InviteDraft,
  workspaceId: string,
): { ok: true; request: InviteUserRequest } | { ok: false; errors: InviteErrors } {
  const parsed = inviteUserRequestSchema.safeParse({ workspaceId, ...draft });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: InviteErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof InviteDraft | undefined;
    if (!field || !(field in MESSAGES) || errors[field]) continue;
    errors[field] =
      issue.code === 'too_big'
        ? `Keep it to ${String(issue.maximum)} characters.`
        : MESSAGES[field];
  }
  return { ok: false, errors };
}
