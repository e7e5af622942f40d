import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Db, migrateToLatest, postgresPool } from '../db/database';
import type { Database } from '../db/schema';
import {
  BulkRecordSink,
  COLUMNS,
  RECORD_TABLES,
  type RecordSink,
  type RecordTable,
  ROLLUPS,
} from './bulk-record-sink';

/**
 * The records seed on PostgreSQL (docs/deploying.md). The generator writes
 * synchronously, row by row, so it cannot wait on a network database; it writes into the
 * SQLite bulk path (BulkRecordSink, with its rollups counted in the same pass) in a
 * scratch file, which is then streamed into PostgreSQL with COPY. One generator,
 * one rollup computation, one list of columns (COLUMNS) for both engines.
 *
 * The copy is one PostgreSQL transaction: a load killed half-way leaves no records at all.
 * Secondary indexes of empty tables are dropped inside it and built once at the end (DDL
 * is transactional in PostgreSQL), then the tables are vacuumed and analysed so the planner
 * knows their size and index-only scans skip the table from the first report on. Rows go in with COPY, the fastest path PostgreSQL
 * has (several times a multi-row INSERT).
 */
export async function loadRecordsThroughStaging(
  db: Db,
  generate: (sink: RecordSink) => void,
  log?: (line: string) => void,
): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intake-staging-'));
  const staging = new SQLite(path.join(dir, 'staging.sqlite'));
  try {
    staging.pragma('journal_mode = OFF');
    const stagingDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: staging }) });
    await migrateToLatest(stagingDb);
    const sink = new BulkRecordSink(staging, { fast: true });
    try {
      generate(sink);
    } catch (error) {
      sink.abort();
      throw error;
    }
    const summary = sink.close();
    const started = Date.now();
    // A connection of its own, without the pool's per-query timeout: one COPY of ten
    // million rows, or an index built over them, rightly takes longer than a request may.
    const client = new pg.Client({ ...postgresPool(db).options, query_timeout: undefined });
    await client.connect();
    try {
      await client.query('BEGIN');
      await skipForeignKeyChecks(client);
      const filled = await filledTables(client);
      const deferred = await dropIndexes(
        client,
        RECORD_TABLES.filter((table) => !filled.has(table)),
      );
      for (const table of RECORD_TABLES) {
        await copyTable(staging, client, table, filled.has(table));
      }
      for (const create of deferred) await client.query(create);
      await client.query('COMMIT');
      // VACUUM too: only it sets the visibility map, without which an index-only scan
      // (the covering indexes of the reports) still reads every row it counts from the
      // table, until autovacuum gets there (never, where it is off).
      for (const table of RECORD_TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
    log?.(`  copied into PostgreSQL in ${Date.now() - started} ms`);
    return summary;
  } finally {
    staging.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One value in COPY's text format: \N is NULL; backslash, tab and line breaks escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

/** Lines held before a write to the COPY stream. */
const LINES_PER_CHUNK = 2_000;

/**
 * Streams one table's staged rows into PostgreSQL with COPY FROM STDIN. Rollup tables go
 * through a temporary table and an upsert: their rows may exist already (records written
 * live before the seed), and are then added to.
 */
async function copyTable(
  staging: SQLite.Database,
  client: pg.ClientBase,
  table: RecordTable,
  filled: boolean,
) {
  const columns = COLUMNS[table];
  const rollup = filled ? ROLLUPS.find((spec) => spec.table === table) : undefined;
  const target = rollup ? `staging_${table}` : table;
  if (rollup) {
    await client.query(
      `CREATE TEMPORARY TABLE ${target} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`,
    );
  }
  const stream = client.query(copyFrom(`COPY ${target} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(copyLines(staging, table, columns)), stream);
  if (rollup) {
    await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM ${target}
        ON CONFLICT (${rollup.key.join(', ')}) DO UPDATE SET ${rollup.sums
          .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
          .join(', ')}`,
    );
  }
}

/** The staged rows of a table as COPY text, a chunk of lines at a time. */
function* copyLines(
  staging: SQLite.Database,
  table: RecordTable,
  columns: readonly string[],
): Generator<string> {
  const rows = staging
    .prepare(`SELECT ${columns.join(', ')} FROM ${table}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
  let chunk = '';
  let lines = 0;
  for (const row of rows) {
    chunk += row.map(copyValue).join('\t') + '\n';
    if (++lines === LINES_PER_CHUNK) {
      yield chunk;
      chunk = '';
      lines = 0;
    }
  }
  if (chunk) yield chunk;
}

/**
 * Foreign-key checks are triggers in PostgreSQL, fired per copied row; the generator only
 * makes rows that point at rows it made or read (as the SQLite bulk path, which turns
 * them off too), so the load skips them when the role may (a superuser, or a managed
 * database's owner role). Otherwise they run, and the load is only slower.
 */
async function skipForeignKeyChecks(client: pg.ClientBase): Promise<void> {
  await client.query('SAVEPOINT replication_role');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT replication_role');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT replication_role');
  }
}

/** The record tables that hold rows already (records written live before the seed). */
async function filledTables(client: pg.ClientBase): Promise<Set<RecordTable>> {
  const filled = new Set<RecordTable>();
  for (const table of RECORD_TABLES) {
    const any = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (any.rows.length > 0) filled.add(table);
  }
  return filled;
}

/**
 * Drops the plain secondary indexes (not the primary keys or unique constraints, which
 * the upserts need) of the given tables; answers their CREATE statements.
 */
async function dropIndexes(
  client: pg.ClientBase,
  tables: readonly RecordTable[],
): Promise<string[]> {
  const creates: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = $1
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [table],
    );
    for (const index of rows) {
      creates.push(index.indexdef);
      await client.query(`DROP INDEX "${index.indexname}"`);
    }
  }
  return creates;
}
