import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '@/server/app';
import { DATABASE_FILE } from '@/server/db/database';
import { TEST_PASSWORD_COST } from './test-server';

/**
 * Global setup of the server suite on SQLite (issue #31 item 11): the demo database a
 * test server seeds on its first start is built once here; test servers that would seed
 * the same data (the same day, the test password cost) start from a copy of its file
 * (sqlite-template.ts) instead of seeding their own, which took 10 to 20 s each on a busy
 * 2-core machine. Teardown removes it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateDir = await mkdtemp(path.join(os.tmpdir(), 'intake-sqlite-template-'));
  const now = new Date();
  const server = await buildServer({
    dataDir: templateDir,
    logLevel: 'silent',
    passwordCost: TEST_PASSWORD_COST,
    seedDemoData: true,
    now: () => now,
  });
  await server.close();
  // Closed cleanly, the database is one file (no write-ahead log left beside it).
  const files = await readdir(templateDir);
  if (files.some((file) => file.startsWith(`${DATABASE_FILE}-`))) {
    throw new Error(`The seeded template left ${files.join(', ')}: not one file to copy.`);
  }
  project.provide('sqliteTestRun', { templateDir, templateDay: now.toISOString().slice(0, 10) });
  return async () => {
    await rm(templateDir, { recursive: true, force: true });
  };
}
