import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { AgentParametersTable, AgentPracticeAreaTable } from '../db/schema';
import { DEMO_WORKSPACES } from './demo-workspaces';

/** Set once the demo users parameters were seeded, so a cleared one does not come back. */
export const USERS_PARAMETERS_SEED_META_KEY = 'demo_users_parameters';

/** Each agent's minimum compliance percent, in turn; null = the workspace default. */
const COMPLIANCE_MINIMUMS: readonly (number | null)[] = [60, 50, null, 70, 40];
/** Weekly outbound minimums [calls, answers, sets], in turn; the last agent has none. */
const OUTBOUND_MINIMUMS: readonly (readonly [number, number, number] | null)[] = [
  [60, 20, 4],
  [50, 15, 3],
  [40, 12, 2],
  null,
];

/**
 * The demo users parameters (issue #16, docs/users-parameters.md): in each demo
 * workspace, agents (by id) take the offices in turn, one or two top-level practice areas
 * in turn, a consultant in turn, and compliance minimums from the lists above; every
 * fifth agent is left without any, as a new hire would be. Deterministic: it reads the
 * seeded lookups in id order. Runs once per demo database, also on one made before users
 * parameters existed.
 */
export async function seedDemoUsersParametersIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, USERS_PARAMETERS_SEED_META_KEY)) !== null) return 0;
  const parameters: Insertable<AgentParametersTable>[] = [];
  const areas: Insertable<AgentPracticeAreaTable>[] = [];
  for (const demo of DEMO_WORKSPACES) {
    const [agents, offices, practiceAreas, consultants] = await Promise.all([
      db
        .selectFrom('agents')
        .select('id')
        .where('workspace_id', '=', demo.id)
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('offices')
        .select('id')
        .where('workspace_id', '=', demo.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('practice_areas')
        .select(['id', 'parent'])
        .where('workspace_id', '=', demo.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('consultants')
        .select('id')
        .where('workspace_id', '=', demo.id)
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
    ]);
    const topAreas = practiceAreas.filter((area) => area.parent === null);
    agents.forEach((agent, index) => {
      if (index % 5 === 4) return;
      const outbound = OUTBOUND_MINIMUMS[index % OUTBOUND_MINIMUMS.length] ?? null;
      parameters.push({
        agent_id: agent.id,
        workspace_id: demo.id,
        office_id: offices.length > 0 ? offices[index % offices.length]!.id : null,
        consultant_id: consultants.length > 0 ? consultants[index % consultants.length]!.id : null,
        min_outbound_calls: outbound?.[0] ?? null,
        min_outbound_answers: outbound?.[1] ?? null,
        min_outbound_sets: outbound?.[2] ?? null,
        min_compliance_percent: COMPLIANCE_MINIMUMS[index % COMPLIANCE_MINIMUMS.length] ?? null,
        updated_by: 'demo-seed',
        updated_at: now.toISOString(),
      });
      const count = Math.min(topAreas.length, index % 2 === 0 ? 1 : 2);
      for (let k = 0; k < count; k += 1) {
        areas.push({
          agent_id: agent.id,
          practice_area_id: topAreas[(index + k) % topAreas.length]!.id,
          workspace_id: demo.id,
        });
      }
    });
  }
  await db.transaction().execute(async (trx) => {
    if (parameters.length > 0)
      await trx.insertInto('agent_parameters').values(parameters).execute();
    if (areas.length > 0) await trx.insertInto('agent_practice_areas').values(areas).execute();
    await writeMeta(
      trx,
      USERS_PARAMETERS_SEED_META_KEY,
      JSON.stringify({ seededAt: now.toISOString() }),
    );
  });
  return parameters.length;
}
