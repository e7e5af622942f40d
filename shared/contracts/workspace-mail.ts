import { z } from 'zod';
import { idSchema } from './common';

// A workspace sending its e-mails as itself (issue #33 "Mail … per workspace where a firm
// sends as itself"; docs/mail.md): its own SMTP account and From address. Without one the
// server's SMTP_URL and MAIL_FROM send them (or, without those, the outbox keeps them).
// GET/PUT/DELETE /api/workspaces/{id}/mail. The password is write-only: never answered.

export const SMTP_SECURITY = ['starttls', 'tls'] as const;
export const smtpSecuritySchema = z.enum(SMTP_SECURITY);
export type SmtpSecurity = z.infer<typeof smtpSecuritySchema>;

/** The port each kind of security usually takes (RFC 8314: 465 implicit TLS, 587 submission). */
export const SMTP_DEFAULT_PORT: Readonly<Record<SmtpSecurity, number>> = {
  starttls: 587,
  tls: 465,
};

/** A host name or an IPv4 address: letters, digits, dots and hyphens, no scheme or path. */
const HOST_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** What the owner types (PUT). A password left out keeps the stored one. */
export const workspaceMailInputSchema = z.object({
  fromName: z
    .string()
    .trim()
    .max(100, 'The sender name is at most 100 characters.')
    .refine(
      (name) => !/[\r\n<>"]/.test(name),
      'The sender name cannot hold quotes, < > or line breaks.',
    )
    .optional(),
  fromAddress: z.email('Enter the e-mail address the firm sends from.').max(320),
  host: z
    .string()
    .trim()
    .regex(HOST_PATTERN, 'Enter the SMTP server’s host name, such as smtp.example.com.'),
  port: z.coerce
    .number('Enter the SMTP port, such as 587.')
    .int('Enter the SMTP port, such as 587.')
    .min(1, 'The port is between 1 and 65535.')
    .max(65_535, 'The port is between 1 and 65535.'),
  security: smtpSecuritySchema,
  username: z.string().trim().min(1, 'Enter the SMTP user name.').max(320),
  password: z.string().min(1, 'Enter the SMTP password.').max(500).optional(),
});
export type WorkspaceMailInput = z.infer<typeof workspaceMailInputSchema>;

/** The workspace's sender as kept (no password). */
export const workspaceMailSenderSchema = z.object({
  fromName: z.string().nullable(),
  fromAddress: z.string(),
  host: z.string(),
  port: z.number().int(),
  security: smtpSecuritySchema,
  username: z.string(),
  updatedAt: z.iso.datetime(),
  /** Who saved it, by name; null when that user is gone. */
  updatedBy: z.string().nullable(),
});
export type WorkspaceMailSender = z.infer<typeof workspaceMailSenderSchema>;

export const workspaceMailSchema = z.object({
  workspaceId: idSchema,
  /** The workspace's own sender; null: the server's. */
  sender: workspaceMailSenderSchema.nullable(),
  /** The server sends with its own SMTP account (SMTP_URL) when the workspace has none. */
  serverSends: z.boolean(),
  /** The From the server's account uses (MAIL_FROM), shown when the workspace has none. */
  serverFrom: z.string().nullable(),
  /** The workspace's e-mails waiting, the ones refused for good, and the latest words. */
  delivery: z.object({
    pending: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    lastSentAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
  }),
});
export type WorkspaceMail = z.infer<typeof workspaceMailSchema>;

export const workspaceMailResponseSchema = z.object({ data: workspaceMailSchema });

export const workspaceMailPath = (workspaceId: string) => `workspaces/${workspaceId}/mail`;
