import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The PostgreSQL side of the server tests (`npm run test:postgres`, README "Tests"). The
 * project sets INTAKE_TEST_POSTGRES to an administrative connection (a database the
 * tests never write to, `postgres` by default); every test server then gets a database
 * of its own, created for it and dropped after it, named after the run so that parallel
 * runs on one PostgreSQL server never meet and a crashed run's leftovers are found.
 */
export const TEST_POSTGRES_ENV = 'INTAKE_TEST_POSTGRES';

/** What the global setup provides: this run's name prefix and its seeded template. */
export interface PostgresTestRun {
  run: string;
  template: string;
  /** The UTC day the template's demo data was seeded for. */
  templateDay: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTestRun: PostgresTestRun;
  }
}

/** The run the global setup prepared (only in the PostgreSQL project). */
export function postgresTestRun(): PostgresTestRun {
  return inject('postgresTestRun');
}

/** The administrative connection string when the tests run on PostgreSQL, else undefined. */
export function testPostgresAdminUrl(): string | undefined {
  return process.env[TEST_POSTGRES_ENV]?.trim() || undefined;
}

/** The address of another database on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A new run prefix: lower-case, so the names need no quoting in psql either. */
export function newRunPrefix(): string {
  return `intake_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/**
 * Creates an empty database (or a copy of `template`, which must have no open
 * connections) and answers its name.
 */
export async function createTestDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ''}`),
  );
}

/** Drops a test database, ending any connection a crashed server left open. */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`),
  );
}

/** Drops every database whose name starts with `prefix` (a run's leftovers). */
export async function dropTestDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  const names = await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
  for (const name of names) await dropTestDatabase(adminUrl, name);
  return names;
}

let counter = 0;

/** A database name for one test server of this run (unique across the run's workers). */
export function nextTestDatabaseName(): string {
  const { run } = postgresTestRun();
  counter += 1;
  return `${run}_${process.pid}_${counter}`;
}
