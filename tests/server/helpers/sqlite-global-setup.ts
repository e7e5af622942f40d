import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '@/server/app';
import { DATABASE_FILE } from '@/server/db/database';
import type { SqliteTestRun } from './sqlite-template';
import { TEST_PASSWORD_COST } from './test-server';

/** The run's one template, shared by every project that uses this setup, and its users. */
interface SharedTemplate {
  run: Promise<SqliteTestRun>;
  projects: number;
}

/**
 * Each project imports this file on its own (its own Vite server), so the template is held
 * on the main process's global object: the server and e2e projects seed once a run
 * between them, not once each.
 */
const holder = globalThis as typeof globalThis & { intakeSqliteTemplate?: SharedTemplate };

async function seedTemplate(): Promise<SqliteTestRun> {
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
  return { templateDir, templateDay: now.toISOString().slice(0, 10) };
}

/**
 * Global setup of the projects that start test servers on SQLite (issue #31 item 11): the
 * demo database a test server seeds on its first start is built once a run; test servers
 * that would seed the same data (the same day, the test password cost) start from a copy
 * of its file (sqlite-template.ts) instead of seeding their own, which took 10 to 20 s
 * each on a busy 2-core machine. The last project's teardown removes it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder.intakeSqliteTemplate ??= { run: seedTemplate(), projects: 0 });
  shared.projects += 1;
  const run = await shared.run;
  project.provide('sqliteTestRun', run);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    holder.intakeSqliteTemplate = undefined;
    await rm(run.templateDir, { recursive: true, force: true });
  };
}
