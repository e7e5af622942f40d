import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase, sqliteHandle } from '@/server/db/database';
import { PIPELINE_ROLLUPS, pipelineRollupRows, ROLLUPS } from '@/server/records/rollups';
import { RECORD_TABLES } from '@/server/seed/bulk-record-sink';

/**
 * Both write paths (record-writer.ts and the bulk seed) are driven by the one list of
 * rollups in server/records/rollups.ts (issue #31 item 4): a rollup table missing from it
 * would be kept by neither, so every rollup table of the schema must be in it.
 */
describe('the one list of rollups', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rollup-list-'));
    db = openDatabase(dir);
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every rollup table of the migrated schema, once', () => {
    const tables = (
      sqliteHandle(db)
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%daily%'")
        .all() as { name: string }[]
    ).map((row) => row.name);
    const listed = ROLLUPS.map((spec) => spec.table);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...tables].sort());
  });

  it('names columns each rollup table has, with a unique constraint on its key', () => {
    const sqlite = sqliteHandle(db);
    for (const spec of ROLLUPS) {
      const columns = (
        sqlite.prepare(`PRAGMA table_info(${spec.table})`).all() as { name: string }[]
      ).map((column) => column.name);
      expect(columns.sort(), spec.table).toEqual([...spec.key, ...spec.sums].sort());
      const uniqueKeys = (
        sqlite.prepare(`PRAGMA index_list(${spec.table})`).all() as {
          name: string;
          unique: number;
        }[]
      )
        .filter((index) => index.unique === 1)
        .map((index) =>
          (sqlite.prepare(`PRAGMA index_info(${index.name})`).all() as { name: string }[])
            .map((column) => column.name)
            .sort()
            .join(','),
        );
      expect(uniqueKeys, spec.table).toContain([...spec.key].sort().join(','));
    }
  });

  it('gives the bulk seed a writer for every rollup table', () => {
    for (const spec of ROLLUPS) expect(RECORD_TABLES).toContain(spec.table);
  });

  it('derives rows of every pipeline rollup from one transition', () => {
    const rows = pipelineRollupRows({
      workspace_id: 'w',
      stage: 'lead',
      day: '2026-01-02',
      entered_day: '2026-01-01',
      parent_day: null,
      lead_source_id: null,
      campaign_id: null,
      office_id: null,
      case_type_key: null,
      sub_case_type_key: null,
      agent_id: null,
      consultant_id: null,
      channel: null,
    });
    expect(Object.keys(rows).sort()).toEqual(PIPELINE_ROLLUPS.map((spec) => spec.table).sort());
    for (const spec of PIPELINE_ROLLUPS) expect(rows[spec.table], spec.table).toHaveLength(2);
  });
});
