import type { Kysely } from 'kysely';

/**
 * Settings > Users parameters (issue #16; docs/users-parameters.md): per-agent parameters
 * the reports and call flows read.
 * - `agent_parameters`: one row per agent that has any (no row = every parameter unset):
 *   the agent's office, the consultant they book with, and their compliance minimums
 *   (outbound calls / answers / sets per week, the minimum compliance percent; null =
 *   no personal minimum, the workspace default applies);
 * - `agent_practice_areas`: the practice areas the agent takes (a subset of the
 *   workspace's), removed with the agent or the practice area.
 * Timestamps ISO text, ids varchar(64), as everywhere. Like every migration it imports no
 * app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_parameters')
    .addColumn('agent_id', 'varchar(64)', (c) =>
      c.primaryKey().references('agents.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('office_id', 'varchar(64)', (c) => c.references('offices.id').onDelete('set null'))
    .addColumn('consultant_id', 'varchar(64)', (c) =>
      c.references('consultants.id').onDelete('set null'),
    )
    .addColumn('min_outbound_calls', 'integer')
    .addColumn('min_outbound_answers', 'integer')
    .addColumn('min_outbound_sets', 'integer')
    .addColumn('min_compliance_percent', 'integer')
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The office filter of agent reports resolves a workspace's agents by office.
  await db.schema
    .createIndex('agent_parameters_office_idx')
    .on('agent_parameters')
    .columns(['workspace_id', 'office_id'])
    .execute();

  await db.schema
    .createTable('agent_practice_areas')
    .addColumn('agent_id', 'varchar(64)', (c) =>
      c.notNull().references('agents.id').onDelete('cascade'),
    )
    .addColumn('practice_area_id', 'varchar(64)', (c) =>
      c.notNull().references('practice_areas.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('agent_practice_areas_pk', ['agent_id', 'practice_area_id'])
    .execute();
  await db.schema
    .createIndex('agent_practice_areas_workspace_idx')
    .on('agent_practice_areas')
    .columns(['workspace_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_practice_areas').ifExists().execute();
  await db.schema.dropTable('agent_parameters').ifExists().execute();
}
