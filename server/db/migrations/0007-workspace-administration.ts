import type { Kysely } from 'kysely';

/**
 * Workspace administration (issue #16, settings; docs/users-administration.md):
 * - `user_invitations`: an invite's link token, stored only as its SHA-256 (the link holds
 *   the token itself), with its expiry and the moment it was used (single use) or
 *   replaced by a newer invite of the same user (revoked). A user with invitations and
 *   none accepted is "pending": their password is a random secret nobody knows;
 * - `campaign_spend` and `campaign_spend_shares`: a campaign's spend and how it is split
 *   across lead sources and months (Settings > Campaign apportion). The shares always add
 *   up to the spend (checked before they are written); the ROI and marketing reports add
 *   them to each source's monthly spend (server/reports/sales-reports.ts spendBySource).
 * Money is integer cents, timestamps ISO text, as everywhere (server/db/schema.ts). Like
 * every migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_invitations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('user_invitations_user_idx')
    .on('user_invitations')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('campaign_spend')
    .addColumn('campaign_id', 'varchar(64)', (c) =>
      c.primaryKey().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('spend_cents', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('campaign_spend_shares')
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('campaign_id', 'varchar(64)', (c) =>
      c.notNull().references('campaign_spend.campaign_id').onDelete('cascade'),
    )
    .addColumn('lead_source_id', 'varchar(64)', (c) =>
      c.notNull().references('lead_sources.id').onDelete('cascade'),
    )
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_spend_shares_pk', ['campaign_id', 'lead_source_id', 'month'])
    .execute();
  // The reports read a workspace's shares by month range.
  await db.schema
    .createIndex('campaign_spend_shares_month_idx')
    .on('campaign_spend_shares')
    .columns(['workspace_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_spend_shares').ifExists().execute();
  await db.schema.dropTable('campaign_spend').ifExists().execute();
  await db.schema.dropTable('user_invitations').ifExists().execute();
}
