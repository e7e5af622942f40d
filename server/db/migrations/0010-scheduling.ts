import type { Kysely } from 'kysely';

/**
 * Scheduling (issue #16; spec: dashboards 7 calendars and events, appointment outcomes;
 * docs/scheduling.md):
 * - `calendars`: a workspace's calendars, most of them one consultant's, each in its own
 *   IANA timezone (the days of `calendars/{id}/events` are that timezone's days);
 * - `calendar_events`: bookings, instants as ISO UTC text; `execution_id` (async lead
 *   generation) or `app_uid` (otherwise) ties a booking to the call that made it;
 * - `appointment_outcomes`: the outcomes an appointment may end in (Showed, No Show...).
 * Objection types need no table: an objection's type key (objections.type) is its id.
 * Like every migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendars')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('consultant_id', 'varchar(64)', (c) =>
      c.references('consultants.id').onDelete('set null'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendars_workspace_idx')
    .on('calendars')
    .columns(['workspace_id'])
    .execute();

  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('calendar_id', 'varchar(64)', (c) =>
      c.notNull().references('calendars.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(128)')
    .addColumn('app_uid', 'varchar(128)')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A calendar's events are read by time range (the day view, the overlap check).
  await db.schema
    .createIndex('calendar_events_calendar_start_idx')
    .on('calendar_events')
    .columns(['calendar_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('appointment_outcomes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appointment_outcomes').ifExists().execute();
  await db.schema.dropTable('calendar_events').ifExists().execute();
  await db.schema.dropTable('calendars').ifExists().execute();
}
