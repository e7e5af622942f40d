import type { Db } from '../db/database';
import { sqliteHandle } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import { BulkRecordSink } from './bulk-record-sink';
import { DEMO_RANDOM_SEED } from './demo-seed';
import {
  demoContactCount,
  generateWorkspaceRecords,
  loadWorkspaceLookups,
} from './record-generator';
import { profileFor, SCALE_SHARES } from './record-profiles';

/** meta key written when the records were seeded; its presence means "never again". */
export const RECORDS_SEED_META_KEY = 'demo_records_seed';

/** True when records were seeded, or any contact exists. */
export async function hasReportingRecords(db: Db): Promise<boolean> {
  if ((await readMeta(db, RECORDS_SEED_META_KEY)) !== null) return true;
  const row = await db.selectFrom('contacts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface SeedRecordsOptions {
  /**
   * Total contacts to make (the scale knob, `npm run seed -- --contacts N`), shared out by
   * SCALE_SHARES; default: each workspace's demo volume (a few thousand).
   */
  contacts?: number;
  /** Progress lines for the CLI. */
  log?: (line: string) => void;
}

function contactTargets(
  workspaces: readonly { id: string; timezone: string }[],
  now: Date,
  total: number | undefined,
): Map<string, number> {
  const targets = new Map<string, number>();
  if (total === undefined) {
    for (const ws of workspaces)
      targets.set(ws.id, demoContactCount(profileFor(ws.id), now, ws.timezone));
    return targets;
  }
  const known = workspaces.filter((ws) => SCALE_SHARES[ws.id] !== undefined);
  const others = workspaces.filter((ws) => SCALE_SHARES[ws.id] === undefined);
  const knownShare = known.reduce((sum, ws) => sum + SCALE_SHARES[ws.id], 0);
  // Workspaces outside the demo share what the demo ones leave (all of it if none exist).
  const otherShare = others.length > 0 ? Math.max(0, 1 - knownShare) / others.length : 0;
  const shares = workspaces.map((ws) =>
    SCALE_SHARES[ws.id] !== undefined ? SCALE_SHARES[ws.id] : otherShare,
  );
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  let given = 0;
  let cumulative = 0;
  workspaces.forEach((ws, i) => {
    cumulative += shares[i];
    const upTo = Math.round((total * cumulative) / sum);
    targets.set(ws.id, upTo - given);
    given = upTo;
  });
  return targets;
}

/**
 * Seeds the reporting records of every workspace (README "Reporting engine"): the bulk
 * path, prepared statements in big transactions with the rollups computed in the same
 * pass. Answers the rows written per table.
 */
export async function seedDemoRecords(
  db: Db,
  now: Date,
  options: SeedRecordsOptions = {},
): Promise<Record<string, number>> {
  const workspaces = await loadWorkspaceLookups(db);
  const targets = contactTargets(workspaces, now, options.contacts);
  // The scale seed loads without a rollback journal (README "Reporting engine").
  const sink = new BulkRecordSink(sqliteHandle(db), { fast: options.contacts !== undefined });
  try {
    for (const ws of workspaces) {
      const started = Date.now();
      const contacts = targets.get(ws.id) ?? 0;
      generateWorkspaceRecords(ws, sink, {
        contacts,
        now,
        profile: profileFor(ws.id),
        seed: DEMO_RANDOM_SEED,
      });
      options.log?.(`  ${ws.id}: ${contacts} contacts in ${Date.now() - started} ms`);
    }
  } catch (error) {
    sink.abort();
    throw error;
  }
  const summary = sink.close();
  await writeMeta(
    db,
    RECORDS_SEED_META_KEY,
    JSON.stringify({
      seed: DEMO_RANDOM_SEED,
      seededAt: now.toISOString(),
      contacts: summary.contacts ?? 0,
    }),
  );
  return summary;
}

/** Seeds the records once: never on top of existing records. */
export async function seedDemoRecordsIfMissing(
  db: Db,
  now: Date,
  options: SeedRecordsOptions = {},
): Promise<Record<string, number> | null> {
  if (await hasReportingRecords(db)) return null;
  return seedDemoRecords(db, now, options);
}
