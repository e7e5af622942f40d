import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase, sqliteHandle } from '@/server/db/database';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  nextTestDatabaseName,
  testPostgresAdminUrl,
} from '../helpers/postgres-databases';

/**
 * The migrations give the same schema on both engines (issue #17): the same tables, the
 * same columns with the same nullability, and the same named indexes over the same
 * columns, so that no query can work on one engine and not on the other for want of a
 * column or an index. Types are not compared: the engines name them differently
 * (SQLite's integer rowid is PostgreSQL's serial, say).
 */
interface Schema {
  tables: Record<string, Record<string, { notNull: boolean }>>;
  indexes: Record<string, { table: string; columns: string[]; unique: boolean }>;
}

const INTERNAL = /^(sqlite_|kysely_migration)/;

async function sqliteSchema(db: Db): Promise<Schema> {
  const sqlite = sqliteHandle(db);
  const schema: Schema = { tables: {}, indexes: {} };
  const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
    name: string;
  }[];
  for (const { name } of tables.filter((t) => !INTERNAL.test(t.name))) {
    const columns = sqlite.prepare(`PRAGMA table_info("${name}")`).all() as {
      name: string;
      notnull: number;
      pk: number;
    }[];
    // A primary key column is NOT NULL in PostgreSQL whether or not it says so.
    schema.tables[name] = Object.fromEntries(
      columns.map((c) => [c.name, { notNull: c.notnull === 1 || c.pk > 0 }]),
    );
  }
  const indexes = sqlite
    .prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .all() as { name: string; tbl_name: string }[];
  for (const index of indexes) {
    const columns = sqlite.prepare(`PRAGMA index_info("${index.name}")`).all() as {
      name: string;
    }[];
    const list = sqlite.prepare(`PRAGMA index_list("${index.tbl_name}")`).all() as {
      name: string;
      unique: number;
    }[];
    schema.indexes[index.name] = {
      table: index.tbl_name,
      columns: columns.map((c) => c.name),
      unique: list.find((l) => l.name === index.name)?.unique === 1,
    };
  }
  return schema;
}

async function postgresSchema(url: string): Promise<Schema> {
  const db = openDatabase({ dataDir: '', url });
  try {
    await migrateToLatest(db);
    const schema: Schema = { tables: {}, indexes: {} };
    const { rows: columns } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: string;
    }>`SELECT table_name, column_name, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema()`.execute(db);
    for (const c of columns.filter((c) => !INTERNAL.test(c.table_name))) {
      schema.tables[c.table_name] ??= {};
      schema.tables[c.table_name][c.column_name] = { notNull: c.is_nullable === 'NO' };
    }
    // Named indexes only: those behind primary keys and UNIQUE constraints are SQLite's
    // unnamed autoindexes, compared through the columns' constraints instead.
    const { rows: indexes } = await sql<{
      index: string;
      table: string;
      columns: string[];
      unique: boolean;
    }>`SELECT i.relname AS index, t.relname AS table, x.indisunique AS unique,
                       array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(n, o)
                              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n
                             ORDER BY k.o)::text[] AS columns
                  FROM pg_index x
                  JOIN pg_class i ON i.oid = x.indexrelid
                  JOIN pg_class t ON t.oid = x.indrelid
                  JOIN pg_namespace s ON s.oid = t.relnamespace
                 WHERE s.nspname = current_schema()
                   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`.execute(
      db,
    );
    for (const index of indexes.filter((i) => !INTERNAL.test(i.table))) {
      schema.indexes[index.index] = {
        table: index.table,
        columns: index.columns,
        unique: index.unique,
      };
    }
    return schema;
  } finally {
    await db.destroy();
  }
}

describe('the migrations on SQLite and on PostgreSQL', () => {
  const adminUrl = testPostgresAdminUrl();
  let dataDir: string;
  let database: string;
  let sqlite: Schema;
  let postgres: Schema;

  beforeAll(async () => {
    if (!adminUrl) throw new Error('This test runs in the server-postgres project only.');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-schema-'));
    const db = openDatabase(dataDir);
    try {
      await migrateToLatest(db);
      sqlite = await sqliteSchema(db);
    } finally {
      await db.destroy();
    }
    database = nextTestDatabaseName();
    await createTestDatabase(adminUrl, database);
    postgres = await postgresSchema(databaseUrl(adminUrl, database));
  });

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && database) await dropTestDatabase(adminUrl, database);
  });

  it('have the same tables', () => {
    expect(Object.keys(postgres.tables).sort()).toEqual(Object.keys(sqlite.tables).sort());
    expect(Object.keys(sqlite.tables)).toContain('pipeline_events');
  });

  it('have the same columns, with the same nullability', () => {
    for (const [table, columns] of Object.entries(sqlite.tables)) {
      expect({ table, columns: postgres.tables[table] }).toEqual({ table, columns });
    }
  });

  it('have the same named indexes over the same columns', () => {
    expect(postgres.indexes).toEqual(sqlite.indexes);
    expect(Object.keys(sqlite.indexes).length).toBeGreaterThan(10);
  });
});
