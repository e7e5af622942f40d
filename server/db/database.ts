import { mkdirSync } from 'node:fs';
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
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  return db;
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
