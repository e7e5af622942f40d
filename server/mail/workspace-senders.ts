import {
  type SmtpSecurity,
  smtpSecuritySchema,
  type WorkspaceMail,
  type WorkspaceMailInput,
} from '@/shared/contracts/workspace-mail';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import {
  deleteWorkspaceMail,
  findWorkspaceMail,
  saveWorkspaceMail,
  workspaceMailDelivery,
} from '../repositories/workspace-mail-repository';
import type { SecretBox } from '../secrets/secret-box';
import { createSmtpTransport, MailSendError, type MailTransport } from './mail-transport';

// A firm sending its e-mails as itself (issue #33 "Mail … per workspace where a firm sends
// as itself", docs/mail.md): the workspace's own SMTP account and From, kept in
// workspace_mail with the SMTP URL sealed. The outbox asks for each e-mail's sender here
// (mail-delivery.ts): the workspace's when it has one, else the server's (SMTP_URL,
// MAIL_FROM). One transport per workspace is kept open and replaced when the owner saves
// another account.

/** Who an e-mail goes out as, and through which SMTP account. */
export interface MailSender {
  transport: MailTransport;
  from: string;
}

/** The SMTP account as the owner typed it. */
export interface SmtpAccount {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
}

/** nodemailer's connection URL for the account (smtps:// for TLS from the start). */
export function smtpUrlOf(account: SmtpAccount): string {
  const scheme = account.security === 'tls' ? 'smtps' : 'smtp';
  const credentials = `${encodeURIComponent(account.username)}:${encodeURIComponent(account.password)}`;
  return `${scheme}://${credentials}@${account.host}:${account.port}`;
}

/** The From header: "Name" <address>, or the address alone (the name is checked: no quotes). */
export function fromHeader(name: string | null | undefined, address: string): string {
  const shown = name?.trim();
  return shown ? `"${shown}" <${address}>` : address;
}

export interface WorkspaceSendersOptions {
  db: Db;
  secrets: () => SecretBox;
  now: () => Date;
  /** The From of the server's own account (MAIL_FROM); null: the server has no SMTP. */
  serverFrom: string | null;
  /** How an SMTP URL becomes a transport (the server's nodemailer one unless a test says). */
  transportOf?: (url: string, options?: { connectionTimeoutMs?: number }) => MailTransport;
}

/** How long the owner's check waits for an SMTP server that does not answer. */
export const VERIFY_TIMEOUT_MS = 15_000;

export interface WorkspaceSenders {
  /**
   * The workspace's own sender, or null when it has none. Throws MailSendError (worth
   * retrying) when its kept password cannot be opened (the secrets key changed).
   */
  senderOf(workspaceId: string): Promise<MailSender | null>;
  /**
   * Connects and signs in to the account without sending anything; throws MailSendError
   * in the SMTP server's words (an unknown host, refused credentials).
   */
  verify(account: SmtpAccount): Promise<void>;
  /** The workspace's sender (no password), the server's, and how its e-mails fare. */
  view(workspaceId: string): Promise<WorkspaceMail>;
  /**
   * Checks the account at its SMTP server, then keeps it (password sealed). A password
   * left out keeps the stored one. HttpError 422 in the SMTP server's words when it
   * cannot connect or sign in: nothing is kept.
   */
  save(workspaceId: string, input: WorkspaceMailInput, userId: string): Promise<WorkspaceMail>;
  /** Forgets the workspace's account: its e-mails go with the server's from now on. */
  remove(workspaceId: string): Promise<WorkspaceMail>;
  close(): void;
}

export function createWorkspaceSenders(options: WorkspaceSendersOptions): WorkspaceSenders {
  const transportOf = options.transportOf ?? createSmtpTransport;
  /** The open transport of each workspace, with the save it was made from. */
  const open = new Map<string, { updatedAt: string; sender: MailSender }>();

  function drop(workspaceId: string) {
    open.get(workspaceId)?.sender.transport.close();
    open.delete(workspaceId);
  }

  return {
    async senderOf(workspaceId) {
      const row = await findWorkspaceMail(options.db, workspaceId);
      if (!row) {
        drop(workspaceId);
        return null;
      }
      const kept = open.get(workspaceId);
      if (kept && kept.updatedAt === row.updated_at) return kept.sender;
      drop(workspaceId);
      let url: string;
      try {
        url = options.secrets().open(row.smtp_sealed);
      } catch {
        throw new MailSendError(
          'The workspace’s SMTP password could not be read (the server’s secrets key changed): save it again in Settings > E-mail Sending.',
          false,
        );
      }
      const sender = {
        transport: transportOf(url),
        from: fromHeader(row.from_name, row.from_address),
      };
      open.set(workspaceId, { updatedAt: row.updated_at, sender });
      return sender;
    },

    verify,

    view,

    async save(workspaceId, input, userId) {
      const kept = await findWorkspaceMail(options.db, workspaceId);
      const password = input.password ?? (kept ? storedPassword(kept.smtp_sealed) : null);
      if (password === null) throw new HttpError(400, 'Enter the SMTP password.');
      const account = { ...input, password };
      try {
        await verify(account);
      } catch (error) {
        const words = error instanceof MailSendError ? error.message : 'it did not answer';
        throw new HttpError(422, `The SMTP server refused the account: ${words}`.slice(0, 500));
      }
      await saveWorkspaceMail(options.db, {
        workspace_id: workspaceId,
        from_name: input.fromName?.trim() || null,
        from_address: input.fromAddress,
        smtp_host: input.host,
        smtp_port: input.port,
        smtp_security: input.security,
        smtp_user: input.username,
        smtp_sealed: options.secrets().seal(smtpUrlOf(account)),
        updated_by: userId,
        updated_at: options.now().toISOString(),
      });
      drop(workspaceId);
      return view(workspaceId);
    },

    async remove(workspaceId) {
      await deleteWorkspaceMail(options.db, workspaceId);
      drop(workspaceId);
      return view(workspaceId);
    },

    close() {
      for (const workspaceId of [...open.keys()]) drop(workspaceId);
    },
  };

  async function verify(account: SmtpAccount): Promise<void> {
    const transport = transportOf(smtpUrlOf(account), { connectionTimeoutMs: VERIFY_TIMEOUT_MS });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  }

  /** The password inside a kept URL; null when it cannot be opened (the key changed). */
  function storedPassword(sealed: string): string | null {
    try {
      return decodeURIComponent(new URL(options.secrets().open(sealed)).password);
    } catch {
      return null;
    }
  }

  async function view(workspaceId: string): Promise<WorkspaceMail> {
    const [row, delivery] = await Promise.all([
      findWorkspaceMail(options.db, workspaceId),
      workspaceMailDelivery(options.db, workspaceId),
    ]);
    return {
      workspaceId,
      sender: row
        ? {
            fromName: row.from_name,
            fromAddress: row.from_address,
            host: row.smtp_host,
            port: row.smtp_port,
            security: smtpSecuritySchema.catch('starttls').parse(row.smtp_security),
            username: row.smtp_user,
            updatedAt: row.updated_at,
            updatedBy: row.updated_by_name,
          }
        : null,
      serverSends: options.serverFrom !== null,
      serverFrom: options.serverFrom,
      delivery,
    };
  }
}
