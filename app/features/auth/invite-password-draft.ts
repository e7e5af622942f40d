import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from '@/shared/domain/password-rules';

// issue #16, spec: session 2 route login/{token}/invite — the invitee chooses a password
// (rules: shared/domain/password-rules.ts, the ones the server checks again).

/** The form as typed. */
export interface InvitePasswordDraft {
  password: string;
  confirm: string;
}

export const EMPTY_INVITE_PASSWORD: InvitePasswordDraft = { password: '', confirm: '' };

export type InvitePasswordErrors = Partial<Record<keyof InvitePasswordDraft, string>>;

export const INVITE_PASSWORD_MESSAGES = {
  enterPassword: 'Enter a new password.',
  enterConfirm: 'Enter the same password again.',
  mismatch: 'The two passwords are not the same.',
} as const;

/** The form's schema for one invitee (the username is part of the rules). */
export function invitePasswordSchema(username: string) {
  return z
    .object({
      password: z.string().superRefine((password, ctx) => {
        const problem =
          password === ''
            ? INVITE_PASSWORD_MESSAGES.enterPassword
            : passwordProblem(password, username);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      confirm: z.string(),
    })
    .superRefine((draft, ctx) => {
      if (draft.confirm === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['confirm'],
          message: INVITE_PASSWORD_MESSAGES.enterConfirm,
        });
      } else if (draft.confirm !== draft.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirm'],
          message: INVITE_PASSWORD_MESSAGES.mismatch,
        });
      }
    });
}

/** The password to send, or the errors by field (the first problem of each). */
export function readInvitePassword(
  draft: InvitePasswordDraft,
  username: string,
): { ok: true; request: { password: string } } | { ok: false; errors: InvitePasswordErrors } {
  const parsed = invitePasswordSchema(username).safeParse(draft);
  if (parsed.success) return { ok: true, request: { password: parsed.data.password } };
  const errors: InvitePasswordErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof InvitePasswordDraft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export interface PasswordHint {
  id: 'length' | 'spaces' | 'username';
  text: string;
  met: boolean;
}

/**
 * The username rule alone (passwordProblem reports only the first rule broken, and the
 * checklist shows each one): the comparison of shared/domain/password-rules.ts; the
 * submit check is passwordProblem itself, so the two cannot disagree on what is sent.
 */
function sameAsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  const local = name.split('@')[0];
  const lowered = password.toLowerCase();
  return lowered === name || (local.length > 0 && lowered === local);
}

/**
 * The rules as a checklist updated while typing (the live hints under the field). An
 * empty password meets none yet.
 */
export function passwordHints(password: string, username: string): PasswordHint[] {
  const length = [...password].length;
  const typed = password !== '';
  return [
    {
      id: 'length',
      text: `At least ${PASSWORD_MIN_LENGTH} characters`,
      met: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    },
    {
      id: 'spaces',
      text: 'No space at the start or the end',
      met: typed && password === password.trim(),
    },
    {
      id: 'username',
      text: 'Not your username or e-mail address',
      met: typed && !sameAsUsername(password, username),
    },
  ];
}
