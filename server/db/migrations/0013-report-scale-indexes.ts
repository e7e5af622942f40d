import type { Kysely } from 'kysely';

/**
 * More of issue #17 (every report fast at a million contacts), after 0013-report-scale:
 *
 * - `contacts (workspace_id, entered_day, status, ...attribution)`: total-pipeline counts the
 *   contacts that entered in a range by their stage now, under any filter, from this index
 *   alone (a year was a read of some 300k contact rows).
 * - `pipeline_daily_people (workspace_id, perspective, agent_id, stage, day, ...)`: the agent
 *   filter reads one agent's rows instead of every agent's of the range.
 * - `pipeline_daily_people (workspace_id, perspective, stage, day, ...)`: per-agent and
 *   per-consultant numbers of a few stages (Sales Performance, people tabs) read those
 *   stages' rows only.
 * The rollup indexes carry every column the counts read, so no table row is visited.
 * Schema builder only (the same DDL on SQLite and PostgreSQL); it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('contacts_workspace_entered_status_idx')
    .on('contacts')
    .columns([
      'workspace_id',
      'entered_day',
      'status',
      'lead_source_id',
      'campaign_id',
      'office_id',
      'case_type_key',
      'sub_case_type_key',
      'agent_id',
    ])
    .execute();
  await db.schema
    .createIndex('pipeline_daily_people_agent_idx')
    .on('pipeline_daily_people')
    .columns([
      'workspace_id',
      'perspective',
      'agent_id',
      'stage',
      'day',
      'lead_source_id',
      'consultant_id',
      'channel',
      'count',
    ])
    .execute();
  await db.schema
    .createIndex('pipeline_daily_people_stage_idx')
    .on('pipeline_daily_people')
    .columns([
      'workspace_id',
      'perspective',
      'stage',
      'day',
      'lead_source_id',
      'agent_id',
      'consultant_id',
      'channel',
      'count',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pipeline_daily_people_stage_idx').ifExists().execute();
  await db.schema.dropIndex('pipeline_daily_people_agent_idx').ifExists().execute();
  await db.schema.dropIndex('contacts_workspace_entered_status_idx').ifExists().execute();
}
