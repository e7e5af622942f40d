import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, migrateToLatest, openDatabase } from '@/server/db/database';
import { declaredIndexes } from '@/server/db/integrity';
import { writeMeta } from '@/server/db/meta';
import { readRecordsSeedState, RECORDS_SEED_STATE_KEY } from '@/server/seed/demo-records';
import { startTestServer } from './helpers/test-server';

// issue 9 item 9: a crash during seeding must not cost the indexes for good, nor leave a
// partial database that is then served as if it were complete.

const RECORD_INDEXES = [
  'contacts_workspace_entered_idx',
  'pipeline_events_stage_day_idx',
  'pipeline_events_stage_entered_idx',
  'pipeline_events_contact_stage_idx',
  'appointments_workspace_day_idx',
  'calls_workspace_day_agent_idx',
  'callbacks_workspace_day_idx',
  'outbound_tasks_workspace_kind_due_idx',
  'payment_plans_workspace_idx',
  'payments_workspace_due_idx',
  // Replaced payments_workspace_paid_idx in migration 0015 (the same columns and the attribution).
  'payments_workspace_paid_attribution_idx',
  'payments_plan_idx',
];

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** name → sql of the named indexes in a database file. */
function indexesIn(sqlite: SQLite.Database): Map<string, string> {
  const rows = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .all() as { name: string; sql: string }[];
  return new Map(rows.map((row) => [row.name, row.sql]));
}

function indexesInFile(file: string): Map<string, string> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return indexesIn(sqlite);
  } finally {
    sqlite.close();
  }
}

function count(sqlite: SQLite.Database, sql: string): number {
  return Number((sqlite.prepare(sql).get() as { n: number }).n);
}

/** A migrated database with no data, closed again: starting on it is fast. */
async function migratedDataDir(): Promise<string> {
  const dataDir = await tempDir('intake-integrity-');
  const db = openDatabase(dataDir);
  await migrateToLatest(db);
  await db.destroy();
  return dataDir;
}

describe('the startup integrity check', () => {
  it('declares every index the migrations create, the 12 record indexes among them', async () => {
    const names = (await declaredIndexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining([...RECORD_INDEXES, 'agents_workspace_idx']));
  });

  it('puts back an index dropped by hand when the server starts', async () => {
    const dataDir = await migratedDataDir();
    const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE));
    const before = indexesIn(sqlite);
    sqlite.exec('DROP INDEX contacts_workspace_entered_idx');
    sqlite.exec('DROP INDEX agents_workspace_idx');
    sqlite.close();

    const server = await startTestServer({ dataDir, seedDemoData: false });
    try {
      const after = indexesInFile(path.join(dataDir, DATABASE_FILE));
      expect(after.get('contacts_workspace_entered_idx')).toBe(
        before.get('contacts_workspace_entered_idx'),
      );
      expect(after.get('agents_workspace_idx')).toBe(before.get('agents_workspace_idx'));
    } finally {
      await server.close();
    }
  });

  it('rebuilds an index whose definition is not the declared one', async () => {
    const dataDir = await migratedDataDir();
    const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE));
    const declared = indexesIn(sqlite).get('payments_plan_idx');
    sqlite.exec('DROP INDEX payments_plan_idx');
    sqlite.exec('CREATE INDEX payments_plan_idx ON payments (status)');
    sqlite.close();

    const server = await startTestServer({ dataDir, seedDemoData: false });
    try {
      const after = indexesInFile(path.join(dataDir, DATABASE_FILE));
      expect(after.get('payments_plan_idx')).toBe(declared);
    } finally {
      await server.close();
    }
  });
});

describe('a records seed still running in another process', () => {
  it('keeps the server from starting (and from wiping the load under its feet)', async () => {
    const dataDir = await migratedDataDir();
    const db = openDatabase(dataDir);
    // This test's parent process is alive and is not the process starting the server.
    const state = { state: 'in-progress', pid: process.ppid, startedAt: new Date().toISOString() };
    await writeMeta(db, RECORDS_SEED_STATE_KEY, JSON.stringify(state));
    await db.destroy();

    await expect(startTestServer({ dataDir, seedDemoData: false })).rejects.toThrow(
      /still running \(process \d+\)/,
    );
  });
});

describe('a seed killed half-way (SIGKILL)', () => {
  const CONTACTS = 40_000;

  it('leaves a database whose next start has every index and exactly the contacts asked for', async () => {
    const dataDir = await tempDir('intake-seed-crash-');
    const file = path.join(dataDir, DATABASE_FILE);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/seed-cli.ts',
        '--contacts',
        String(CONTACTS),
        '--data-dir',
        dataDir,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    // Kill it once the records load has committed a first batch: its indexes dropped and
    // records half there, the state the issue found after a Ctrl-C.
    const deadline = Date.now() + 40_000;
    let partial = false;
    while (!partial && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!output.includes('Seeding reporting records')) continue;
      const reader = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        partial = count(reader, 'SELECT count(*) AS n FROM contacts') > 0;
      } finally {
        reader.close();
      }
    }
    child.kill('SIGKILL');
    await exited;
    expect(partial, `the seed never got half-way before it ended:\n${output}`).toBe(true);

    const crashed = new SQLite(file);
    const missing = RECORD_INDEXES.filter((name) => !indexesIn(crashed).has(name));
    const partialContacts = count(crashed, 'SELECT count(*) AS n FROM contacts');
    crashed.close();
    // The damage a start on today's code served as is.
    expect(missing.length).toBeGreaterThan(0);
    expect(partialContacts).toBeLessThan(CONTACTS);

    const server = await startTestServer({ dataDir });
    try {
      expect((await readRecordsSeedState(server.server.db))?.state).toBe('complete');
      const sqlite = new SQLite(file, { readonly: true });
      try {
        const present = indexesIn(sqlite);
        for (const index of await declaredIndexes()) {
          expect(present.get(index.name), index.name).toBe(index.sql);
        }
        expect(count(sqlite, 'SELECT count(*) AS n FROM contacts')).toBe(CONTACTS);
        // The rollups were rebuilt from scratch, not added on top of the partial ones.
        expect(
          count(
            sqlite,
            "SELECT sum(count) AS n FROM pipeline_daily WHERE perspective = 'snapshot'",
          ),
        ).toBe(count(sqlite, 'SELECT count(*) AS n FROM pipeline_events'));
        expect(count(sqlite, 'SELECT sum(calls) AS n FROM calls_daily')).toBe(
          count(sqlite, 'SELECT count(*) AS n FROM calls'),
        );
      } finally {
        sqlite.close();
      }
    } finally {
      await server.close();
    }
  }, 90_000);
});
