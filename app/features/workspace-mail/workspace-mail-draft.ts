import type { DraftReading } from '@/app/components/field/use-checked-draft';
import {
  SMTP_DEFAULT_PORT,
  type SmtpSecurity,
  type WorkspaceMailInput,
  workspaceMailInputSchema,
  type WorkspaceMailSender,
} from '@/shared/contracts/workspace-mail';

// Settings > E-mail Sending as typed (issue #33): the firm's From and its SMTP account,
// read back through the server's own contract so the form says what the server would.

export interface MailDraft {
  fromName: string;
  fromAddress: string;
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  /** '' keeps the saved password (when there is one). */
  password: string;
}

export type MailErrors = Partial<Record<keyof MailDraft, string>>;

/** The form for a new account, or the kept one (never its password). */
export function mailDraftOf(sender: WorkspaceMailSender | null): MailDraft {
  if (!sender) {
    return {
      fromName: '',
      fromAddress: '',
      host: '',
      port: String(SMTP_DEFAULT_PORT.starttls),
      security: 'starttls',
      username: '',
      password: '',
    };
  }
  return {
    fromName: sender.fromName ?? '',
    fromAddress: sender.fromAddress,
    host: sender.host,
    port: String(sender.port),
    security: sender.security,
    username: sender.username,
    password: '',
  };
}

/** The request the server accepts, or its words beside each field. */
export function readMailDraft(
  draft: MailDraft,
  hasSavedPassword: boolean,
): DraftReading<WorkspaceMailInput, MailErrors> {
  const parsed = workspaceMailInputSchema.safeParse({
    fromName: draft.fromName,
    fromAddress: draft.fromAddress.trim(),
    host: draft.host,
    port: draft.port.trim(),
    security: draft.security,
    username: draft.username,
    password: draft.password === '' && hasSavedPassword ? undefined : draft.password,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: MailErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof MailDraft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
