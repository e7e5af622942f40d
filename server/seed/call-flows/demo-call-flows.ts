import { readMeta, writeMeta } from '../../db/meta';
import type { Db } from '../../db/database';
import { saveProcessDefinition } from '../../call-center/process-definitions';
import { workspaceExists } from '../../repositories/workspace-repository';
import { DEMO_WORKSPACE_IDS } from '../demo-accounts';
import { immigrationIntake } from './immigration-intake';
import { personalInjuryIntake } from './personal-injury-intake';

/** Set once the demo call flows were seeded, so deleting one later does not bring it back. */
export const CALL_FLOWS_SEED_META_KEY = 'demo_call_flows';

/**
 * The demo call flows (issue 11): the Personal Injury intake for Harbor Legal and the
 * Immigration intake for Summit Immigration (the non-Zoho demo workspaces; Lakeside uses
 * Zoho, where the Call-flow guard blocks call flows). Saved through the same checks as
 * PUT workspaces/{id}/processes/{uid}. Runs once per demo database, also on a database
 * made before call flows existed.
 */
export async function seedDemoCallFlowsIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, CALL_FLOWS_SEED_META_KEY)) !== null) return 0;
  // Each flow takes the callers of one top practice area (issue #16: agents of that area
  // see it first), linked by name in its workspace when the area exists.
  const flows = [
    { flow: personalInjuryIntake(DEMO_WORKSPACE_IDS.harbor, now), area: 'Personal Injury' },
    { flow: immigrationIntake(DEMO_WORKSPACE_IDS.summit), area: 'Immigration' },
  ];
  let seeded = 0;
  for (const { flow, area } of flows) {
    if (!(await workspaceExists(db, flow.workspace))) continue;
    const practiceArea = await db
      .selectFrom('practice_areas')
      .select('id')
      .where('workspace_id', '=', flow.workspace)
      .where('name', '=', area)
      .where('parent', 'is', null)
      .executeTakeFirst();
    const linked = practiceArea ? { ...flow, practiceAreaId: practiceArea.id } : flow;
    await saveProcessDefinition(db, linked, { userId: null, now });
    seeded += 1;
  }
  await writeMeta(db, CALL_FLOWS_SEED_META_KEY, JSON.stringify({ seededAt: now.toISOString() }));
  return seeded;
}
