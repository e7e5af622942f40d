import { type CreateTableBuilder, type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The conversion report and Total Pipeline at a million contacts (issue #17, after 0013):
 *
 * - `contacts_daily`: contacts by entered day, status now and lead source, once per
 *   attribution dimension (all, office, campaign, case, sub_case, agent; server/db/schema.ts
 *   ContactDailyTable), kept on write (server/records/rollups.ts). Total Pipeline under
 *   one filter family reads a few thousand of its rows instead of a year of contacts.
 *   Filled here from the contacts a database already holds (the GROUP BY the rollup test
 *   checks).
 * - `contacts (workspace_id, first_name, last_name, id, entered_day, ...attribution,
 *   module, qualification)` instead of 0013's name index: a contact list walks the
 *   contacts in name order and tests the range (conversion perspective) and the
 *   attribution filters in the index, so only the contacts that pass are probed for their
 *   transitions, and the rows it lists are read from the index too (a table row per
 *   contact walked was most of the time).
 * - `pipeline_events (contact_id, stage, entered_day, day, agent_id, id)` instead of the
 *   index on contact_id alone: that probe reads the index only.
 * - `pipeline_events (workspace_id, stage, agent_id, entered_day, contact_id)`: under the
 *   agent filter (an agent per transition, not per contact) a short list first takes the
 *   contacts of its transitions from this index alone, and the walk by name keeps only
 *   those.
 * - `pipeline_daily_office (…, office_id, stage, day, …)`, `pipeline_daily_case (…,
 *   sub_case_type_key, stage, day, …)`, `pipeline_daily (…, campaign_id, stage, day, …)`,
 *   covering: the counts under an office, sub-case-type or campaign filter read that
 *   value's rows of the stages asked instead of every row of the range.
 *
 * Schema builder and portable SQL (the same on SQLite and PostgreSQL); no app code.
 */
/** Each dimension's value and detail columns (null: '' for every contact). */
const DIMENSIONS = [
  ['all', null, null],
  ['office', 'office_id', null],
  ['campaign', 'campaign_id', null],
  ['case', 'case_type_key', 'sub_case_type_key'],
  ['sub_case', 'sub_case_type_key', null],
  ['agent', 'agent_id', null],
] as const;

/** A rollup, the filter column its index leads with, and the other key columns. */
const ROLLUP_FILTER_INDEXES = [
  ['pipeline_daily_office', 'office_id', ['lead_source_id']],
  ['pipeline_daily_case', 'sub_case_type_key', ['lead_source_id', 'case_type_key']],
  ['pipeline_daily', 'campaign_id', ['lead_source_id', 'case_type_key']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    sqlite ? table.modifyEnd(sql`without rowid`) : table;

  await db.schema
    .createTable('contacts_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'varchar(128)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contacts_daily_key', [
      'workspace_id',
      'dimension',
      'value',
      'day',
      'status',
      'lead_source_id',
      'detail',
    ])
    .$call(clustered)
    .execute();

  for (const [dimension, valueColumn, detailColumn] of DIMENSIONS) {
    // PostgreSQL refuses a constant in GROUP BY: only columns are grouped.
    const column = (name: string | null) => (name ? sql`COALESCE(${sql.ref(name)}, '')` : null);
    const value = column(valueColumn);
    const detail = column(detailColumn);
    const groups = [
      sql`workspace_id`,
      sql`entered_day`,
      sql`status`,
      sql`COALESCE(lead_source_id, '')`,
      ...(value ? [value] : []),
      ...(detail ? [detail] : []),
    ];
    await sql`
      INSERT INTO contacts_daily
        (workspace_id, dimension, value, day, status, lead_source_id, detail, count)
      SELECT workspace_id, ${sql.lit(dimension)}, ${value ?? sql`''`}, entered_day, status,
        COALESCE(lead_source_id, ''), ${detail ?? sql`''`}, COUNT(*)
      FROM contacts
      GROUP BY ${sql.join(groups)}`.execute(db);
  }

  await db.schema.dropIndex('contacts_workspace_name_idx').ifExists().execute();
  await db.schema
    .createIndex('contacts_workspace_name_cover_idx')
    .on('contacts')
    .columns([
      'workspace_id',
      'first_name',
      'last_name',
      'id',
      'entered_day',
      'lead_source_id',
      'campaign_id',
      'office_id',
      'case_type_key',
      'sub_case_type_key',
      'module',
      'qualification',
    ])
    .execute();
  await db.schema.dropIndex('pipeline_events_contact_idx').ifExists().execute();
  await db.schema
    .createIndex('pipeline_events_contact_stage_idx')
    .on('pipeline_events')
    .columns(['contact_id', 'stage', 'entered_day', 'day', 'agent_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pipeline_events_stage_agent_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'agent_id', 'entered_day', 'contact_id'])
    .execute();
  for (const [table, column, rest] of ROLLUP_FILTER_INDEXES) {
    await db.schema
      .createIndex(`${table}_filter_idx`)
      .on(table)
      .columns(['workspace_id', 'perspective', column, 'stage', 'day', ...rest, 'count'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of ROLLUP_FILTER_INDEXES) {
    await db.schema.dropIndex(`${table}_filter_idx`).ifExists().execute();
  }
  await db.schema.dropIndex('pipeline_events_stage_agent_idx').ifExists().execute();
  await db.schema.dropIndex('pipeline_events_contact_stage_idx').ifExists().execute();
  await db.schema
    .createIndex('pipeline_events_contact_idx')
    .on('pipeline_events')
    .column('contact_id')
    .execute();
  await db.schema.dropIndex('contacts_workspace_name_cover_idx').ifExists().execute();
  await db.schema
    .createIndex('contacts_workspace_name_idx')
    .on('contacts')
    .columns(['workspace_id', 'first_name', 'last_name', 'id'])
    .execute();
  await db.schema.dropTable('contacts_daily').ifExists().execute();
}
