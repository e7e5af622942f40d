import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider, tablesRewrittenBy } from './migration-provider';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** The two engines the server runs on (docs/deploying.md). */
export type DatabaseEngine = 'sqlite' | 'postgres';

export const DATABASE_FILE = 'intake.sqlite';

/**
 * Connections per server process on PostgreSQL. Reports run one query at a time per
 * request, so a handful per process serves hundreds of concurrent requests; N processes
 * use N times this, which must stay under the server's max_connections (100 by default).
 */
export const DEFAULT_POOL_SIZE = 10;

const sqliteHandles = new WeakMap<Db, SQLite.Database>();
const postgresPools = new WeakMap<Db, pg.Pool>();

/** Where the data lives: the embedded database in `dataDir`, or PostgreSQL at `url`. */
export interface DatabaseTarget {
  dataDir: string;
  /** A PostgreSQL connection string (DATABASE_URL); without it, SQLite in dataDir. */
  url?: string;
  /** PostgreSQL pool size (PG_POOL_SIZE); default DEFAULT_POOL_SIZE. */
  poolSize?: number;
}

/** Opens the database the target names: PostgreSQL when it has a url, else SQLite. */
export function openDatabase(target: DatabaseTarget | string): Db {
  const { dataDir, url, poolSize } = typeof target === 'string' ? { dataDir: target } : target;
  return url ? openPostgres(url, poolSize) : openSqlite(dataDir);
}

/**
 * Which engine a Kysely instance (or a transaction of one) runs on: the one place that
 * asks, so that SQL that must differ between the two branches on this, never on a guess.
 */
export function engineOf<T>(db: Kysely<T>): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The better-sqlite3 handle under a Kysely instance made by openDatabase. Only the bulk
 * seed and the index repair use it (docs/reporting-engine.md); everything else goes
 * through Kysely so it runs on PostgreSQL too.
 */
export function sqliteHandle(db: Db): SQLite.Database {
  const handle = sqliteHandles.get(db);
  if (!handle) throw new Error('This database is not an SQLite database opened by openDatabase.');
  return handle;
}

/**
 * The pg pool under a PostgreSQL Kysely instance made by openDatabase: only the bulk seed
 * uses it (COPY, which Kysely does not speak).
 */
export function postgresPool(db: Db): pg.Pool {
  const pool = postgresPools.get(db);
  if (!pool) throw new Error('This database is not a PostgreSQL database opened by openDatabase.');
  return pool;
}

/**
 * Opens the embedded database at `${dataDir}/intake.sqlite`, creating the directory.
 * WAL lets readers run beside the one writer; foreign keys are off by default in SQLite
 * and must be turned on per connection.
 */
function openSqlite(dataDir: string): Db {
  const file = path.join(dataDir, DATABASE_FILE);
  makePrivate(dataDir, file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // SQLite gives -wal and -shm the database file's mode; these catch older, looser files.
  for (const suffix of ['-wal', '-shm']) chmodIfPresent(`${file}${suffix}`, PRIVATE_FILE_MODE);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

/** int8 (count, sum of integers) and numeric (avg) come back from pg as strings. */
const NUMBER_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL through a pg pool. Counts and sums come back as JavaScript numbers, as on
 * SQLite (every one the reports make is far below 2^53). A request never waits past
 * the connection timeout for a pool slot or a server that went away: the error becomes
 * a 503 (server/http/dependency-errors.ts), and the pool reconnects by itself.
 */
function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a lock or a dead server ends instead of holding the request.
    query_timeout: 15_000,
    types: pgTypes,
  });
  // A connection that drops while idle in the pool emits 'error' on the pool; without a
  // listener that would end the process. The next query opens a new connection.
  pool.on('error', () => {});
  // One that drops while checked out (a query running: PostgreSQL restarted, network cut)
  // emits 'error' on the client, where the pool has no listener: that too would end the
  // process (issue #17; tests/server/scale/dependency-restart.test.ts). The query itself
  // fails and answers 503 (server/http/dependency-errors.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  postgresPools.set(db, pool);
  return db;
}

/** Only the server's own user may read the data (issue #9 Low: it holds password hashes). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function chmodIfPresent(file: string, mode: number): void {
  if (existsSync(file)) chmodSync(file, mode);
}

/**
 * DATA_DIR 0700 and the database file 0600, created that way (an empty file is a new
 * SQLite database) so there is no moment where another user could open it, and
 * tightened if an older start left them readable.
 */
function makePrivate(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Runs every pending migration; throws (so the server does not start) if one fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrations run on a connection of their own without the pool's 15 s
  // query timeout: one that fills a new column or builds an index over a million rows
  // rightly takes longer (migrations 0014 and 0015 did, and the start failed with 'Query read
  // timeout'), as the records load does (server/seed/postgres-record-load.ts). Tables a
  // migration rewrote are compacted and vacuumed after it (tablesRewrittenBy): an UPDATE
  // of every row leaves the table twice its size, and an index built or filled inside the
  // migration's transaction holds an entry for each row version it replaced too. VACUUM
  // FULL rewrites both; it sets no visibility map, which a plain VACUUM then does.
  const target = engineOf(db) === 'postgres' ? migrationConnection(db) : db;
  try {
    const migrator = new Migrator({ db: target, provider: migrationProvider });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
    }
    const applied = (results ?? [])
      .filter((r) => r.status === 'Success')
      .map((r) => r.migrationName);
    if (target !== db) {
      for (const table of new Set(applied.flatMap(tablesRewrittenBy))) {
        await sql`VACUUM (FULL) ${sql.table(table)}`.execute(target);
        await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(target);
      }
    }
    return applied;
  } finally {
    if (target !== db) await target.destroy();
  }
}

/** One PostgreSQL connection like the pool's, without its query timeout. */
function migrationConnection(db: Db): Db {
  const pool = new pg.Pool({ ...postgresPool(db).options, max: 1, query_timeout: undefined });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * DATABASE_URL and PG_POOL_SIZE from the environment (server/main.ts, the seed and the
 * benchmarks read the same two): PostgreSQL when DATABASE_URL is set, else SQLite in
 * dataDir. A pool size that is not a whole number from 1 to 500 stops the start.
 */
export function databaseTargetFromEnv(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): DatabaseTarget {
  const url = env.DATABASE_URL?.trim() || undefined;
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL must be a PostgreSQL address: postgres://user@host:5432/db');
  }
  const size = env.PG_POOL_SIZE?.trim();
  const poolSize = size ? Number(size) : undefined;
  if (poolSize !== undefined && (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 500)) {
    throw new Error(`PG_POOL_SIZE must be a whole number from 1 to 500, got "${size}"`);
  }
  return { dataDir, url, poolSize };
}

/** How a start names its database: the PostgreSQL address without its password, or the file. */
export function describeDatabase(target: DatabaseTarget): string {
  if (!target.url) return path.join(target.dataDir, DATABASE_FILE);
  const address = new URL(target.url);
  address.password = '';
  return `PostgreSQL ${address.toString()}`;
}
