import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };

/**
 * Two files at a time in every project (issue #31 item 11): Vitest's default on 2 cores is
 * one worker, which left a core idle. An e2e file mostly waits on Chromium and its own server
 * (own port, database copy, profile); unit and server files no longer seed or hash at full
 * cost within a test's time (test servers copy the run's seeded template).
 */
const FILES_AT_ONCE = 2;

/**
 * Server and tooling files share their worker's module cache instead of importing every
 * module again per file (issue #31 item 11): measured on this machine, the server project
 * went from 433 s to 273 s. Each server test starts its own server and database in its
 * hooks. The unit project stays isolated: sharing took it from 137 s to 57 s for 56 files,
 * but module stores (the confirm dialog's queue, socket.io's manager cache) leaked from
 * one file into another and failed CI in one order of files out of two.
 */
const SHARED_MODULES = { isolate: false, maxWorkers: FILES_AT_ONCE } as const;

/**
 * The server suite again on PostgreSQL (`npm run test:postgres`, which sets
 * INTAKE_TEST_POSTGRES to an administrative connection): every test server gets a
 * database of its own, a copy of one seeded template (tests/server/helpers/
 * postgres-global-setup.ts). Left out: the tests of the embedded database's own file
 * (its modes on disk, a bulk load killed half-way), which PostgreSQL does not have.
 * tests/server/postgres/ holds the tests that compare the two engines, run here only.
 */
const SQLITE_FILE_TESTS = ['tests/server/data-at-rest.test.ts', 'tests/server/seed-crash.test.ts'];
/** Several server processes on PostgreSQL and Redis whatever the project: run once, in `server`. */
const SCALE_TESTS = 'tests/server/scale/**';
const postgresProject = {
  resolve: { alias },
  test: {
    name: 'server-postgres',
    include: ['tests/server/**/*.test.ts'],
    exclude: [...SQLITE_FILE_TESTS, SCALE_TESTS],
    environment: 'node',
    globalSetup: ['tests/server/helpers/postgres-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Shared modules, but one file at a time: with two, the migration test that rebuilds
    // every cohort rollup of the demo (rate-cohorts.test.ts) overran its 20 s beside
    // another file on PostgreSQL.
    ...SHARED_MODULES,
    maxWorkers: 1,
  },
};

/**
 * Tests of client code (shared/, extension/, widgets/) against the real reference server,
 * named `*.server.test.ts` beside their unit tests: they run in the server project, whose
 * global setup seeds the demo database they copy, so a unit run seeds nothing.
 */
const SERVER_BACKED_TESTS = 'tests/{shared,extension,widgets}/**/*.server.test.ts';

// Four projects: fast unit and component tests, server integration tests against the
// real server on an ephemeral port, checks of the tooling itself, and the Puppeteer
// end-to-end suite.
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          // Everything under tests/ that no other project takes, so a new folder
          // (tests/widgets, say) can never be silently left out (issue #10 item 6;
          // tests/tooling/test-projects.test.ts checks it).
          include: ['tests/**/*.test.ts?(x)'],
          exclude: ['tests/server/**', 'tests/e2e/**', 'tests/tooling/**', SERVER_BACKED_TESTS],
          environment: 'happy-dom',
          setupFiles: ['tests/app/setup.ts'],
          // Isolated: with shared modules a module store one file left behind (a pending
          // confirm, a socket manager) failed another file in CI, depending on the order.
          maxWorkers: FILES_AT_ONCE,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', SERVER_BACKED_TESTS],
          // Tests of PostgreSQL itself run in the server-postgres project (below).
          exclude: ['tests/server/postgres/**'],
          environment: 'node',
          // The demo database seeded once a run, copied by each test server that would
          // seed the same (tests/server/helpers/sqlite-template.ts, issue #31 item 11).
          globalSetup: ['tests/server/helpers/sqlite-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          ...SHARED_MODULES,
        },
      },
      {
        resolve: { alias },
        test: {
          // Checks of the repository's own tooling: lint rules, test projects.
          name: 'tooling',
          include: ['tests/tooling/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          ...SHARED_MODULES,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The demo database seeded once a run, copied by each suite's server
          // (tests/e2e/harness/start-server.ts, issue #31 item 11).
          globalSetup: ['tests/server/helpers/sqlite-global-setup.ts'],
          // After the other projects, so Chromium never competes with them; an e2e file
          // mostly waits on Chromium and its own server.
          sequence: { groupOrder: 1 },
          maxWorkers: FILES_AT_ONCE,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.INTAKE_TEST_POSTGRES ? [postgresProject] : []),
    ],
  },
});
