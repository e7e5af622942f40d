import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from './db/database';
import { readMeta } from './db/meta';
import { hasData, SEED_META_KEY, seedDemoData } from './seed/demo-seed';

/**
 * `npm run seed [-- --data-dir DIR]`: migrates the database in DIR (default $DATA_DIR or
 * ./data) and seeds the demo data if it is empty. It never touches existing data.
 */
const USAGE = 'Usage: npm run seed -- [--data-dir DIR]   (default: $DATA_DIR or ./data)';

async function main(): Promise<number> {
  let values: { 'data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }

  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const db = openDatabase(dataDir);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length > 0
        ? `Applied migrations: ${applied.join(', ')}`
        : 'Database schema is up to date.',
    );
    if (await hasData(db)) {
      const seeded = await readMeta(db, SEED_META_KEY);
      console.log(
        `${dataDir} already has data${seeded ? ` (seed: ${seeded})` : ''}; nothing seeded.`,
      );
      return 0;
    }
    const started = Date.now();
    const summary = await seedDemoData(db, new Date());
    console.log(`Seeded the demo data into ${dataDir} in ${Date.now() - started} ms:`);
    for (const [table, count] of Object.entries(summary))
      console.log(`  ${table.padEnd(20)} ${count}`);
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
