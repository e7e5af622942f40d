import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '@/server/app';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabases,
  newRunPrefix,
  testPostgresAdminUrl,
} from './postgres-databases';
import { TEST_PASSWORD_COST } from './test-server';

/**
 * Global setup of the server suite on PostgreSQL: the demo database a test server seeds
 * on its first start is built once, as a template; each test server's database is then
 * a copy of it (CREATE DATABASE ... TEMPLATE, a file copy) instead of a seed of its own.
 * Teardown drops every database of the run, the template last.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = testPostgresAdminUrl();
  if (!adminUrl) throw new Error('The PostgreSQL server project needs INTAKE_TEST_POSTGRES.');
  const run = newRunPrefix();
  const template = `${run}_template`;
  await createTestDatabase(adminUrl, template);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-template-'));
  const now = new Date();
  try {
    const server = await buildServer({
      dataDir,
      databaseUrl: databaseUrl(adminUrl, template),
      logLevel: 'silent',
      passwordCost: TEST_PASSWORD_COST,
      seedDemoData: true,
      now: () => now,
    });
    await server.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  project.provide('postgresTestRun', {
    run,
    template,
    templateDay: now.toISOString().slice(0, 10),
  });
  return async () => {
    await dropTestDatabases(adminUrl, run);
  };
}
