import { sql } from 'kysely';

/**
 * The SQL condition "this appointment or payment (alias `copy`) does not carry its contact's
 * (alias c) attribution" (migration 0015): NULLs compare as values.
 */
export function attributionDiffers(copy: string) {
  const pairs: [string, string][] = [
    ['lead_source_id', 'lead_source_id'],
    ['campaign_id', 'campaign_id'],
    ['contact_office_id', 'office_id'],
    ['case_type_key', 'case_type_key'],
    ['sub_case_type_key', 'sub_case_type_key'],
    ['contact_agent_id', 'agent_id'],
  ];
  return sql.join(
    pairs.map(
      ([copied, own]) =>
        sql`${sql.ref(`${copy}.${copied}`)} IS DISTINCT FROM ${sql.ref(`c.${own}`)}`,
    ),
    sql` OR `,
  );
}
