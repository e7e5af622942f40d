import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { WorkspaceMailTable } from '../db/schema';

// The SMTP account and From a workspace sends its e-mails with (migration 0032, issue #33;
// server/mail/workspace-senders.ts uses it, server/routes/workspace-mail.ts shows and
// changes it), and how the workspace's e-mails of the outbox fare.

export type WorkspaceMailRow = Selectable<WorkspaceMailTable>;

export async function findWorkspaceMail(
  db: Db,
  workspaceId: string,
): Promise<(WorkspaceMailRow & { updated_by_name: string | null }) | null> {
  const row = await db
    .selectFrom('workspace_mail')
    .leftJoin('users', 'users.id', 'workspace_mail.updated_by')
    .selectAll('workspace_mail')
    .select('users.username as updated_by_name')
    .where('workspace_mail.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ?? null;
}

/** The workspace's sender, replacing the one it had. */
export async function saveWorkspaceMail(db: Db, row: WorkspaceMailRow): Promise<void> {
  await db
    .insertInto('workspace_mail')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('workspace_id').doUpdateSet({
        from_name: row.from_name,
        from_address: row.from_address,
        smtp_host: row.smtp_host,
        smtp_port: row.smtp_port,
        smtp_security: row.smtp_security,
        smtp_user: row.smtp_user,
        smtp_sealed: row.smtp_sealed,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Forgets the workspace's sender (its e-mails go with the server's from then on). */
export async function deleteWorkspaceMail(db: Db, workspaceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('workspace_mail')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How the workspace's e-mails fare: waiting, refused for good, the last sent, the last words. */
export async function workspaceMailDelivery(db: Db, workspaceId: string) {
  const [counts, lastSent, lastError] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select((eb) => [
        eb.fn
          .sum<number>(
            eb.case().when('delivery', 'in', ['pending', 'sending']).then(1).else(0).end(),
          )
          .as('pending'),
        eb.fn
          .sum<number>(eb.case().when('delivery', '=', 'failed').then(1).else(0).end())
          .as('failed'),
      ])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst(),
    db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.max('delivered_at').as('at'))
      .where('workspace_id', '=', workspaceId)
      .where('delivery', '=', 'sent')
      .executeTakeFirst(),
    // The newest words of an e-mail not sent: a retry's reason, or a refusal.
    db
      .selectFrom('email_outbox')
      .select('delivery_error')
      .where('workspace_id', '=', workspaceId)
      .where('delivery', 'in', ['pending', 'sending', 'failed'])
      .where('delivery_error', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    pending: Number(counts?.pending ?? 0),
    failed: Number(counts?.failed ?? 0),
    lastSentAt: lastSent?.at ?? null,
    lastError: lastError?.delivery_error ?? null,
  };
}
