import { sendNotificationSchema, type SendNotification } from '@/shared/contracts/notification';

/** The form as typed: every field a string or a flag. */
export interface SendNotificationDraft {
  workspaceId: string;
  userId: string;
  title: string;
  description: string;
  actionRequired: boolean;
  path: string;
}

export const EMPTY_DRAFT: SendNotificationDraft = {
  workspaceId: '',
  userId: '',
  title: '',
  description: '',
  actionRequired: false,
  path: '',
};

export type DraftErrors = Partial<Record<keyof SendNotificationDraft, string>>;

/** The form's own words where the contract's are for developers. */
const MESSAGES: DraftErrors = {
  workspaceId: 'Choose a workspace.',
  userId: 'Enter a user id, or leave it empty to send to everyone in the workspace.',
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
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: DraftErrors = {};
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
