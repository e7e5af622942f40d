import { sendNotificationSchema, type SendNotification } from '@/shared/contracts/notification';

/** The form as typed: every field a string or a flag. */
export interface SendNotificationDraft {
  workspaceId: string;
  /** The chosen user's id (the picker's), '' for everyone in the workspace. */
  userId: string;
  /** What the picker's field says: a name typed but not chosen from the list is refused. */
  userText: string;
  title: string;
  description: string;
  actionRequired: boolean;
  path: string;
}

export const EMPTY_DRAFT: SendNotificationDraft = {
  workspaceId: '',
  userId: '',
  userText: '',
  title: '',
  description: '',
  actionRequired: false,
  path: '',
};

export type DraftErrors = Partial<Record<keyof SendNotificationDraft, string>>;

/** The form's own words where the contract's are for developers. */
const MESSAGES: DraftErrors = {
  workspaceId: 'Choose a workspace.',
  userId: 'Choose a user from the list, or choose Everyone to send to the whole workspace.',
  path: 'Enter an app path starting with /app, such as /app/dashboards/cockpit.',
};

/**
 * Checks the draft with the contract the server checks (sendNotificationSchema): the
 * request to send, or the errors by field. Empty optional fields are left out.
 */
export function readDraft(
  draft: SendNotificationDraft,
): { ok: true; request: SendNotification } | { ok: false; errors: DraftErrors } {
  const candidate = {
    workspaceId: draft.workspaceId,
    title: draft.title,
    description: draft.description,
    actionRequired: draft.actionRequired,
    ...(draft.userId.trim() ? { userId: draft.userId.trim() } : {}),
    ...(draft.path.trim() ? { path: draft.path.trim() } : {}),
  };
  const parsed = sendNotificationSchema.safeParse(candidate);
  // Typed but not chosen: sending it to everyone instead would surprise (issue #30).
  const unchosen = draft.userText.trim() !== '' && draft.userId === '';
  if (parsed.success && !unchosen) return { ok: true, request: parsed.data };
  const errors: DraftErrors = unchosen ? { userId: MESSAGES.userId } : {};
  if (parsed.success) return { ok: false, errors };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SendNotificationDraft | undefined;
    if (!field || errors[field]) continue;
    errors[field] =
      MESSAGES[field] ??
      (issue.code === 'too_big'
        ? `Keep it to ${String(issue.maximum)} characters.`
        : issue.message);
  }
  return { ok: false, errors };
}
