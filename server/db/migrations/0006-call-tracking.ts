import type { Kysely } from 'kysely';

/**
 * Call tracking (issues #12 and #13; spec: session 3 Active call / Call from the
 * call-tracking service, 7 Call tracking), for the simulated call-tracking provider of
 * server/call-tracking/:
 * - `ctm_tracking_numbers`: each workspace's tracking numbers (as stored; US numbers in
 *   E.164), their label, and the campaign / lead source a call on them is attributed to;
 * - `ctm_calls`: the provider's calls, inbound and outbound, from placed (ringing) to ended
 *   (with a duration and a sid). Live calls (ringing, in-progress) are what ctmcallsdata
 *   counts.
 * Timestamps are ISO text and flags 0/1, as everywhere (server/db/schema.ts). Like every
 * migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ctm_tracking_numbers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('campaign_id', 'varchar(64)', (c) =>
      c.references('campaigns.id').onDelete('set null'),
    )
    .addColumn('lead_source_id', 'varchar(64)', (c) =>
      c.references('lead_sources.id').onDelete('set null'),
    )
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ctm_tracking_numbers_workspace_idx')
    .on('ctm_tracking_numbers')
    .columns(['workspace_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('ctm_calls')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('sid', 'varchar(64)')
    .addColumn('direction', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('agent_ctm_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('tracking_number', 'varchar(40)')
    .addColumn('campaign_id', 'varchar(64)')
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('lead_name', 'varchar(200)')
    /** The signed-in user who placed it; null for the simulator's own calls. */
    .addColumn('created_by', 'varchar(64)')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('connected', 'integer', (c) => c.notNull())
    .addColumn('connected_at', 'varchar(32)')
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('duration_seconds', 'integer')
    .execute();
  await db.schema
    .createIndex('ctm_calls_workspace_status_idx')
    .on('ctm_calls')
    .columns(['workspace_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ctm_calls').ifExists().execute();
  await db.schema.dropTable('ctm_tracking_numbers').ifExists().execute();
}
