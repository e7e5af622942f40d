import { sql } from 'kysely';
import { type Db, engineOf, sqliteHandle } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import { BulkRecordSink, RECORD_TABLES, type RecordSink } from './bulk-record-sink';
import { loadRecordsThroughStaging } from './postgres-record-load';
import { DEMO_RANDOM_SEED } from './demo-seed';
import {
  demoContactCount,
  generateWorkspaceRecords,
  loadWorkspaceLookups,
} from './record-generator';
import { profileFor, SCALE_SHARES } from './record-profiles';

/** meta key written when the records were seeded; its presence means "never again". */
export const RECORDS_SEED_META_KEY = 'demo_records_seed';

/**
 * meta key of the records seed's progress (issue 9 item 9): 'in-progress' is committed
 * before the first record is written and replaced by 'complete' in the same transaction
 * as RECORDS_SEED_META_KEY, so a load that was killed half-way is recognisable, emptied
 * and redone instead of being served as a partial database.
 */
export const RECORDS_SEED_STATE_KEY = 'demo_records_seed_state';

export interface RecordsSeedState {
  state: 'in-progress' | 'complete';
  /** The contacts asked for (undefined: the demo volume), so a redo makes the same. */
  contacts?: number;
  /** The process loading; a redo waits for nobody else's live load. */
  pid: number;
  startedAt: string;
}

export async function readRecordsSeedState(db: Db): Promise<RecordsSeedState | null> {
  const raw = await readMeta(db, RECORDS_SEED_STATE_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as RecordsSeedState;
  } catch {
    // Unreadable means we cannot know the load finished: treat it as interrupted.
    return { state: 'in-progress', pid: 0, startedAt: '' };
  }
}

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
 * Seeds the reporting records of every workspace (docs/reporting-engine.md): the bulk
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
  const state: RecordsSeedState = {
    state: 'in-progress',
    contacts: options.contacts,
    pid: process.pid,
    startedAt: now.toISOString(),
  };
  await writeMeta(db, RECORDS_SEED_STATE_KEY, JSON.stringify(state));
  const generate = (sink: RecordSink) => {
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
  };
  const summary =
    engineOf(db) === 'postgres'
      ? await loadRecordsThroughStaging(db, generate, options.log)
      : loadIntoSqlite(db, generate, options.contacts !== undefined);
  await db.transaction().execute(async (trx) => {
    await writeMeta(
      trx,
      RECORDS_SEED_META_KEY,
      JSON.stringify({
        seed: DEMO_RANDOM_SEED,
        seededAt: now.toISOString(),
        contacts: summary.contacts ?? 0,
      }),
    );
    await writeMeta(trx, RECORDS_SEED_STATE_KEY, JSON.stringify({ ...state, state: 'complete' }));
  });
  return summary;
}

/** The bulk path straight into the embedded database. */
function loadIntoSqlite(
  db: Db,
  generate: (sink: RecordSink) => void,
  fast: boolean,
): Record<string, number> {
  // The scale seed loads without fsync (docs/reporting-engine.md).
  const sink = new BulkRecordSink(sqliteHandle(db), { fast });
  try {
    generate(sink);
  } catch (error) {
    sink.abort();
    throw error;
  }
  return sink.close();
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Empties every record table and the records seed's meta rows (one transaction; foreign
 * keys off so the order does not matter and no cascade runs row by row).
 */
async function wipeRecords(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // One statement, one transaction; TRUNCATE skips the row-by-row cascade checks.
    await sql`TRUNCATE ${sql.join(RECORD_TABLES.map((table) => sql.table(table)))} CASCADE`.execute(
      db,
    );
    await db
      .deleteFrom('meta')
      .where('key', 'in', [RECORDS_SEED_META_KEY, RECORDS_SEED_STATE_KEY])
      .execute();
    return;
  }
  const sqlite = sqliteHandle(db);
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  sqlite.pragma('foreign_keys = OFF');
  try {
    sqlite.transaction(() => {
      for (const table of RECORD_TABLES) sqlite.exec(`DELETE FROM ${table}`);
      sqlite
        .prepare('DELETE FROM meta WHERE key IN (?, ?)')
        .run(RECORDS_SEED_META_KEY, RECORDS_SEED_STATE_KEY);
    })();
  } finally {
    sqlite.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}

/**
 * A records seed that was killed half-way (issue 9 item 9): its partial records are
 * removed and the seed run again with the contacts it was asked for (or `contacts`, when
 * the caller asks for another number). Answers the new summary, or null when there was
 * nothing to redo. Refuses while the process that started the load is still running.
 */
export async function redoInterruptedRecordsSeed(
  db: Db,
  now: Date,
  options: SeedRecordsOptions = {},
): Promise<Record<string, number> | null> {
  const state = await readRecordsSeedState(db);
  if (state?.state !== 'in-progress') return null;
  if (isAlive(state.pid)) {
    throw new Error(
      `A records seed started ${state.startedAt} is still running (process ${state.pid}); wait for it to finish.`,
    );
  }
  const contacts = options.contacts ?? state.contacts;
  options.log?.(
    `The records seed started ${state.startedAt || 'earlier'} did not finish: removing its partial records and seeding again (${
      contacts === undefined ? 'demo volume' : `${contacts} contacts`
    }).`,
  );
  await wipeRecords(db);
  return seedDemoRecords(db, now, { ...options, contacts });
}

/** Seeds the records once: never on top of existing records. */
export async function seedDemoRecordsIfMissing(
  db: Db,
  now: Date,
  options: SeedRecordsOptions = {},
): Promise<Record<string, number> | null> {
  const redone = await redoInterruptedRecordsSeed(db, now, options);
  if (redone) return redone;
  if (await hasReportingRecords(db)) return null;
  return seedDemoRecords(db, now, options);
}
