import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { parseCliArgs } from './cli-args';
import { DATABASE_FILE, PRIVATE_FILE_MODE } from './db/database';

/**
 * `npm run backup -- --to FILE [--data-dir DIR] [--force]` (issue #9 Low): a consistent
 * copy of the database while the server keeps running. SQLite's online backup API copies
 * a snapshot page by page and starts over if a writer changes pages it already copied,
 * so the copy is what one moment of the database held, never a torn file (copying
 * intake.sqlite with cp while the server writes can miss the -wal file's pages).
 *
 * The copy is private (0600: it holds password hashes and every workspace's data) and
 * never replaces an existing file unless --force. The jwt-secret beside the database is
 * not copied: restoring without it only signs everyone out.
 */
const USAGE =
  'Usage: npm run backup -- --to FILE [--data-dir DIR] [--force]   (DIR default: $DATA_DIR or ./data)';

export class BackupError extends Error {}

/** More pages than any database has: "copy the rest in one step". */
const ALL_PAGES = 2 ** 30;

export interface BackupOptions {
  dataDir: string;
  to: string;
  force?: boolean;
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** Copies `${dataDir}/intake.sqlite` to `to`; throws BackupError with a message for people. */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const source = path.join(path.resolve(options.dataDir), DATABASE_FILE);
  const target = path.resolve(options.to);
  if (!existsSync(source)) {
    throw new BackupError(`There is no database at ${source}: check --data-dir or DATA_DIR.`);
  }
  if (target === source) throw new BackupError('The backup cannot replace the database itself.');
  const targetDir = path.dirname(target);
  if (!existsSync(targetDir)) throw new BackupError(`The folder ${targetDir} does not exist.`);
  if (existsSync(target) && !options.force) {
    throw new BackupError(`${target} already exists: choose another file, or pass --force.`);
  }

  // Written next to the target under a private name created exclusively with mode 0600,
  // then moved into place, so the data is never readable by others, even for a moment,
  // and a failed backup leaves no half-written file under the chosen name.
  const partial = path.join(targetDir, `.${path.basename(target)}.${process.pid}.partial`);
  closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step: a step reads one snapshot, and a writer between
    // small steps would make SQLite start over again and again on a busy server.
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES });
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      // A backup is one file: out of WAL mode, so no -wal / -shm have to travel with it.
      copy.pragma('journal_mode = DELETE');
      const check: unknown = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new BackupError(`The copy failed its integrity check: ${String(check)}`);
      }
    } finally {
      copy.close();
    }
    if (options.force) {
      renameSync(partial, target);
    } else {
      try {
        linkSync(partial, target); // fails if the target appeared meanwhile: never overwrite
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new BackupError(`${target} already exists: choose another file, or pass --force.`);
        }
        throw error;
      }
    }
    chmodSync(target, PRIVATE_FILE_MODE);
    return { file: target, bytes: statSync(target).size, pages: totalPages };
  } finally {
    db.close();
    rmSync(partial, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal'])
      rmSync(`${partial}${suffix}`, { force: true });
  }
}

async function main(): Promise<number> {
  const parsed = parseCliArgs<{ to?: string; 'data-dir'?: string; force?: boolean }>(
    { to: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
    USAGE,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  if (!values.to) {
    console.error(`--to FILE is required.\n${USAGE}`);
    return 2;
  }
  if (process.env.DATABASE_URL?.trim()) {
    // PostgreSQL has its own consistent, online backup tool (docs/deploying.md).
    console.error(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy.\n' +
        'Back it up with pg_dump, e.g. pg_dump --format=custom --file=FILE "$DATABASE_URL"' +
        ' (the jwt-secret in DATA_DIR is not in it, as here).',
    );
    return 2;
  }
  try {
    const started = Date.now();
    const result = await backupDatabase({
      dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data',
      to: values.to,
      force: values.force,
    });
    console.log(
      `Backed up ${result.pages} pages (${result.bytes} bytes) to ${result.file} in ${Date.now() - started} ms.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// Run only as the CLI, not when a test imports backupDatabase.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('The backup failed:', error);
      process.exit(1);
    },
  );
}
