import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migration-provider';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const DATABASE_FILE = 'intake.sqlite';

const handles = new WeakMap<Db, SQLite.Database>();

/**
 * The better-sqlite3 handle under a Kysely instance made by openDatabase. Only the bulk
 * seed uses it (prepared statements in big transactions, README "Reporting engine");
 * everything else goes through Kysely so it stays portable to PostgreSQL.
 */
export function sqliteHandle(db: Db): SQLite.Database {
  const handle = handles.get(db);
  if (!handle) throw new Error('This database was not opened by openDatabase.');
  return handle;
}

/**
 * Opens the embedded database at `${dataDir}/intake.sqlite`, creating the directory.
 * WAL lets readers run beside the one writer; foreign keys are off by default in SQLite
 * and must be turned on per connection.
 */
export function openDatabase(dataDir: string): Db {
  const file = path.join(dataDir, DATABASE_FILE);
  makePrivate(dataDir, file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // SQLite gives -wal and -shm the database file's mode; these catch older, looser files.
  for (const suffix of ['-wal', '-shm']) chmodIfPresent(`${file}${suffix}`, PRIVATE_FILE_MODE);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
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
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
