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
  const flows = [
    personalInjuryIntake(DEMO_WORKSPACE_IDS.harbor, now),
    immigrationIntake(DEMO_WORKSPACE_IDS.summit),
  ];
  let seeded = 0;
  for (const flow of flows) {
    if (!(await workspaceExists(db, flow.workspace))) continue;
    await saveProcessDefinition(db, flow, { userId: null, now });
    seeded += 1;
  }
  await writeMeta(db, CALL_FLOWS_SEED_META_KEY, JSON.stringify({ seededAt: now.toISOString() }));
  return seeded;
}
