import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { DATABASE_FILE } from '@/server/db/database';

/**
 * The SQLite side of the server tests' shared demo data (issue #31 item 11): the global
 * setup (sqlite-global-setup.ts) seeds the demo database once a run, and each test server
 * that would seed the very same data starts from a copy of its file instead of seeding
 * for seconds. The PostgreSQL project does the same with a template database.
 */
export interface SqliteTestRun {
  /** A data directory whose DATABASE_FILE holds the seeded demo data (nothing else). */
  templateDir: string;
  /** The UTC day the template's demo data was seeded for. */
  templateDay: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTestRun: SqliteTestRun;
  }
}

/** The run's template, when this project's global setup made one (the server project). */
function sqliteTestRun(): SqliteTestRun | undefined {
  try {
    return inject('sqliteTestRun') ?? undefined;
  } catch {
    // Outside a vitest worker (a script using the helpers): no template.
    return undefined;
  }
}

/**
 * Copies the seeded demo database into a fresh data directory when the run has one seeded
 * for `day`; says whether it did. Only the database file: each server keeps its own
 * signing secret (written at its first start).
 */
export async function copySeededTemplate(dataDir: string, day: string): Promise<boolean> {
  const run = sqliteTestRun();
  if (!run || run.templateDay !== day) return false;
  await copyFile(path.join(run.templateDir, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  return true;
}
