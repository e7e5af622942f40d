import path from 'node:path';
import { parseCliArgs } from './cli-args';
import {
  databaseTargetFromEnv,
  describeDatabase,
  migrateToLatest,
  openDatabase,
} from './db/database';
import { readMeta } from './db/meta';
import { repairDeclaredIndexes } from './db/integrity';
import {
  hasReportingRecords,
  RECORDS_SEED_META_KEY,
  redoInterruptedRecordsSeed,
  seedDemoRecords,
} from './seed/demo-records';
import { hasData, SEED_META_KEY, seedDemoData } from './seed/demo-seed';

/**
 * `npm run seed [-- --data-dir DIR] [--contacts N]`: migrates the database in DIR
 * (default $DATA_DIR or ./data), seeds the demo sign-ins and lookups if it is empty, and
 * the reporting records if it has none. --contacts N makes N contacts in all (the scale
 * knob for benchmarks, docs/reporting-engine.md) instead of the demo's few thousand.
 * It never touches complete data; a records seed that was killed half-way is emptied and
 * run again (issue 9 item 9), and indexes the migrations declare are put back if missing.
 */
const USAGE =
  'Usage: npm run seed -- [--data-dir DIR] [--contacts N]   (default: $DATA_DIR or ./data; demo volume)';

async function main(): Promise<number> {
  const parsed = parseCliArgs<{ 'data-dir'?: string; contacts?: string }>(
    { 'data-dir': { type: 'string' }, contacts: { type: 'string' } },
    USAGE,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  let contacts: number | undefined;
  if (values.contacts !== undefined) {
    contacts = Number(values.contacts);
    if (!Number.isInteger(contacts) || contacts < 0 || contacts > 50_000_000) {
      console.error(`--contacts must be a whole number from 0 to 50000000\n${USAGE}`);
      return 2;
    }
  }

  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const target = databaseTargetFromEnv(dataDir);
  const db = openDatabase(target);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length > 0
        ? `Applied migrations: ${applied.join(', ')}`
        : 'Database schema is up to date.',
    );
    const now = new Date();
    await repairDeclaredIndexes(db, (line) => console.log(line));
    if (await hasData(db)) {
      const seeded = await readMeta(db, SEED_META_KEY);
      console.log(
        `${describeDatabase(target)} already has sign-ins and lookups${seeded ? ` (seed: ${seeded})` : ''}.`,
      );
    } else {
      const started = Date.now();
      const summary = await seedDemoData(db, now);
      console.log(
        `Seeded the demo sign-ins and lookups into ${describeDatabase(target)} in ${Date.now() - started} ms:`,
      );
      for (const [table, count] of Object.entries(summary))
        console.log(`  ${table.padEnd(22)} ${count}`);
    }
    const log = (line: string) => console.log(line);
    const redoStarted = Date.now();
    const redone = await redoInterruptedRecordsSeed(db, now, { contacts, log });
    if (redone) {
      console.log(`Seeded the reporting records again in ${Date.now() - redoStarted} ms:`);
      for (const [table, count] of Object.entries(redone))
        console.log(`  ${table.padEnd(22)} ${count}`);
      return 0;
    }
    if (await hasReportingRecords(db)) {
      const seeded = await readMeta(db, RECORDS_SEED_META_KEY);
      console.log(
        `${describeDatabase(target)} already has reporting records${seeded ? ` (seed: ${seeded})` : ''}; none added.`,
      );
      return 0;
    }
    const started = Date.now();
    console.log(
      `Seeding reporting records (${contacts === undefined ? 'demo volume' : `${contacts} contacts`})...`,
    );
    const summary = await seedDemoRecords(db, now, { contacts, log });
    console.log(`Seeded the reporting records in ${Date.now() - started} ms:`);
    for (const [table, count] of Object.entries(summary))
      console.log(`  ${table.padEnd(22)} ${count}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Seeding failed:', error);
    process.exit(1);
  },
);
