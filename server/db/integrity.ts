import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { type Db, engineOf, sqliteHandle } from './database';
import { migrationProvider } from './migration-provider';

/**
 * The startup integrity check (issue 9 item 9): every index the migrations declare exists,
 * with the definition they declare. The bulk seed drops the record tables' indexes while it
 * loads; a process killed before it rebuilt them (Ctrl-C during the first `npm start`) left
 * them missing for good, and every report then scanned whole tables.
 *
 * What "declared" means is not a second list that could drift from the migrations: it is
 * read from a scratch in-memory database that the same migration provider has just
 * migrated — whatever any migration creates, now or later, is what the check expects.
 */
export interface DeclaredIndex {
  name: string;
  table: string;
  /** The CREATE INDEX statement, as SQLite stores it for the migrated schema. */
  sql: string;
}

export interface IndexRepair {
  name: string;
  table: string;
  action: 'created' | 'recreated';
}

let declared: Promise<DeclaredIndex[]> | null = null;

/** The indexes the migrations declare (computed once per process, about 50 ms). */
export function declaredIndexes(): Promise<DeclaredIndex[]> {
  declared ??= readDeclaredIndexes().catch((error: unknown) => {
    declared = null;
    throw error;
  });
  return declared;
}

async function readDeclaredIndexes(): Promise<DeclaredIndex[]> {
  const scratch = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: scratch }) });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return listIndexes(scratch);
  } finally {
    await db.destroy();
  }
}

/** Named indexes only: SQLite's automatic ones (unique constraints, keys) have no sql. */
function listIndexes(sqlite: SQLite.Database): DeclaredIndex[] {
  return (
    sqlite
      .prepare(
        `SELECT name, tbl_name AS "table", sql FROM sqlite_master
         WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`,
      )
      .all() as DeclaredIndex[]
  ).map((index) => ({ ...index, sql: normaliseSql(index.sql) }));
}

/** Compares definitions, not whitespace or quoting style. */
function normaliseSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

/**
 * Creates every declared index the database lacks and rebuilds any whose definition
 * differs from the declared one; reports each repair through `log`. Extra indexes (made
 * by hand, say) are left alone. On a big table a rebuild takes seconds: it runs before the
 * server answers anything, like the migrations.
 */
export async function repairDeclaredIndexes(
  db: Db,
  log: (message: string) => void = () => {},
): Promise<IndexRepair[]> {
  // Only the SQLite bulk load drops indexes outside a transaction; on PostgreSQL the load
  // drops and rebuilds them inside its one transaction, so a killed load loses none.
  if (engineOf(db) === 'postgres') return [];
  const sqlite = sqliteHandle(db);
  const present = new Map(listIndexes(sqlite).map((index) => [index.name, index]));
  const repairs: IndexRepair[] = [];
  for (const index of await declaredIndexes()) {
    const found = present.get(index.name);
    if (found?.sql === index.sql) continue;
    const action = found ? 'recreated' : 'created';
    log(
      `Database integrity: index ${index.name} on ${index.table} was ${
        found ? 'not as the migrations declare it' : 'missing'
      }; ${action === 'created' ? 'creating' : 'rebuilding'} it.`,
    );
    sqlite.transaction(() => {
      if (found) sqlite.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
      sqlite.exec(index.sql);
    })();
    repairs.push({ name: index.name, table: index.table, action });
  }
  return repairs;
}
