import type { Kysely } from 'kysely';

/**
 * More of issue #17, after 0015-contact-attribution-copies: indexes that lead with a
 * contact filter, so that a filtered count reads that office's (campaign's, sub case
 * type's, agent's) rows of the range instead of every row of the range.
 *
 * - pipeline_events by stage and then office, campaign or sub case type: Sales Performance
 *   counts shows and hires per consultant and outbound sets per agent; under those filters
 *   no rollup carries both the people and the dimension, and by (stage, day) the records'
 *   read was every show, hire and set of a year (some 750k at a million contacts).
 * - appointments and payments by office, campaign, sub case type and the contact's agent,
 *   then the day: Sales Performance's inventory and ROI's revenue under one filter.
 * Each carries the columns its counts read (the lead source for the Test sources always
 * left out), so no table row is visited.
 *
 * Schema builder only (the same DDL on SQLite and PostgreSQL); it imports no app code.
 */
const PEOPLE = ['lead_source_id', 'agent_id', 'consultant_id', 'channel'] as const;

/** [index name suffix, the filter column] of appointments and payments. */
const COPY_FILTERS = [
  ['office', 'contact_office_id'],
  ['campaign', 'campaign_id'],
  ['sub_case', 'sub_case_type_key'],
  ['agent', 'contact_agent_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pipeline_events_office_people_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'office_id', 'day', 'campaign_id', ...PEOPLE])
    .execute();
  await db.schema
    .createIndex('pipeline_events_campaign_people_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'campaign_id', 'day', ...PEOPLE])
    .execute();
  await db.schema
    .createIndex('pipeline_events_sub_case_people_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'sub_case_type_key', 'day', 'campaign_id', ...PEOPLE])
    .execute();
  for (const [name, column] of COPY_FILTERS) {
    await db.schema
      .createIndex(`appointments_${name}_day_idx`)
      .on('appointments')
      .columns(['workspace_id', column, 'scheduled_day', 'status', 'lead_source_id'])
      .execute();
    await db.schema
      .createIndex(`payments_${name}_paid_idx`)
      .on('payments')
      .columns(['workspace_id', column, 'paid_day', 'lead_source_id', 'amount_paid_cents'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of COPY_FILTERS) {
    await db.schema.dropIndex(`payments_${name}_paid_idx`).ifExists().execute();
    await db.schema.dropIndex(`appointments_${name}_day_idx`).ifExists().execute();
  }
  await db.schema.dropIndex('pipeline_events_sub_case_people_idx').ifExists().execute();
  await db.schema.dropIndex('pipeline_events_campaign_people_idx').ifExists().execute();
  await db.schema.dropIndex('pipeline_events_office_people_idx').ifExists().execute();
}
