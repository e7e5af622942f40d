import { sql, type Kysely } from 'kysely';

/**
 * Issue #34 "Versions": publishing a call flow makes a new version, and a call in progress
 * keeps the version it started with.
 * - process_versions: every published version of a process, its definition as published
 *   (JSON, `version` set), who published it and when, and the version a restore copied.
 * - process_definitions.version: the version published last (what new calls run).
 * - process_executions.process_version and cases.process_version: the version a call runs
 *   (null for calls before versions: they ran what was published then).
 * - process_drafts: the draft an owner edits in the designer, as it was last saved (JSON,
 *   possibly unfinished), with a revision that every save must name (two people editing one
 *   draft are told, nothing either saved is lost), and the version it started from.
 * The processes stored before this migration become their version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_versions')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('step_count', 'integer', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('published_by', 'varchar(64)')
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_versions_pk', ['workspace_id', 'uid', 'version'])
    .execute();
  await db.schema
    .createTable('process_drafts')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('based_on_version', 'integer')
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_drafts_pk', ['workspace_id', 'uid'])
    .execute();
  await db.schema
    .alterTable('process_definitions')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('process_executions')
    .addColumn('process_version', 'integer')
    .execute();
  await db.schema.alterTable('cases').addColumn('process_version', 'integer').execute();
  await sql`
    INSERT INTO process_versions
      (workspace_id, uid, version, definition, step_count, restored_from, published_by, published_at)
    SELECT workspace_id, uid, 1, definition, step_count, NULL, updated_by, updated_at
    FROM process_definitions
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('process_version').execute();
  await db.schema.alterTable('process_executions').dropColumn('process_version').execute();
  await db.schema.alterTable('process_definitions').dropColumn('version').execute();
  await db.schema.dropTable('process_versions').ifExists().execute();
  await db.schema.dropTable('process_drafts').ifExists().execute();
}
