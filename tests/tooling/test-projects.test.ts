import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

function testFilesOnDisk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesOnDisk(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

async function collect(): Promise<{ project: string; file: string }[]> {
  const vitest = await createVitest(
    'test',
    { watch: false, run: true, config: path.join(ROOT, 'vitest.config.ts') },
    {},
    {},
  );
  try {
    const specs = await vitest.globTestSpecifications();
    return specs.map((spec) => ({ project: spec.project.name, file: spec.moduleId }));
  } finally {
    await vitest.close();
  }
}

const POSTGRES_ONLY = path.join(ROOT, 'tests/server/postgres');

// issue #10 item 6: a test under tests/ that no project collects never runs, silently.
describe('the vitest projects', () => {
  it('collect every test file under tests/, each in exactly one project', async () => {
    const collected = await collect();
    const files = collected.map((spec) => spec.file);
    const listing = collected.map((spec) => `${spec.project}:${spec.file}`).join('\n');
    expect(new Set(files).size, `collected twice: ${listing}`).toBe(files.length);
    const onDisk = testFilesOnDisk(path.join(ROOT, 'tests'));
    // The engine-comparison tests need PostgreSQL: npm run test:postgres runs them.
    expect([...files].sort()).toEqual(onDisk.filter((f) => !f.startsWith(POSTGRES_ONLY)).sort());
  });

  it('run client code against the real server (*.server.test.ts) in the server project, not unit', async () => {
    const collected = await collect();
    const serverBacked = collected.filter(
      (spec) => spec.file.endsWith('.server.test.ts') && !spec.file.includes('/tests/server/'),
    );
    // The background session, the transports, the live feed, the widgets' environment…
    expect(serverBacked.length).toBeGreaterThanOrEqual(7);
    expect(serverBacked.filter((spec) => spec.project !== 'server')).toEqual([]);
  });

  it('run the server suite again on PostgreSQL when INTAKE_TEST_POSTGRES is set', async () => {
    const saved = process.env.INTAKE_TEST_POSTGRES;
    process.env.INTAKE_TEST_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
    try {
      const collected = await collect();
      const onPostgres = collected.filter((spec) => spec.project === 'server-postgres');
      const files = onPostgres.map((spec) => spec.file);
      expect(files.filter((f) => f.startsWith(POSTGRES_ONLY)).length).toBeGreaterThan(0);
      const serverFiles = testFilesOnDisk(path.join(ROOT, 'tests/server'));
      // Every server test but those of the SQLite file itself, and the scale-out tests
      // (their own processes on PostgreSQL and Redis, run once in the server project).
      const left = serverFiles.filter((f) => !files.includes(f)).map((f) => path.relative(ROOT, f));
      expect(left.sort()).toEqual(
        [
          'tests/server/data-at-rest.test.ts',
          'tests/server/seed-crash.test.ts',
          ...testFilesOnDisk(path.join(ROOT, 'tests/server/scale')).map((f) =>
            path.relative(ROOT, f),
          ),
        ].sort(),
      );
    } finally {
      if (saved === undefined) delete process.env.INTAKE_TEST_POSTGRES;
      else process.env.INTAKE_TEST_POSTGRES = saved;
    }
  });
});
