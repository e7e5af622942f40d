import { isIP } from 'node:net';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import { verifyPassword } from '../auth/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts';
import { hasData, SEED_META_KEY } from '../seed/demo-seed';

/**
 * Whether the database holds the demo data ('demo') or was created for real use ('real'),
 * recorded once when the database is first prepared (issue #9 item 2).
 */
export const DATABASE_KIND_META_KEY = 'database_kind';
export type DatabaseKind = 'demo' | 'real';

/** The address the reference server listens on unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped),
 * and the name localhost. Any other name may resolve to a public address, so it counts as
 * exposed; so do 0.0.0.0 and ::, which listen on every interface.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

export interface ExposureFacts {
  /** The address the server is about to listen on. */
  host: string;
  /** The database holds the demo data. */
  demoDatabase: boolean;
  /** Demo usernames whose password is still the published demo password. */
  demoPasswordUsers: readonly string[];
}

/**
 * The start-up decision (issue #9 item 2): the published demo password must never be
 * reachable from the network. Answers why the server must not start, or null.
 */
export function exposureRefusal(facts: ExposureFacts): string | null {
  if (isLoopbackHost(facts.host)) return null;
  if (!facts.demoDatabase && facts.demoPasswordUsers.length === 0) return null;
  const why = facts.demoDatabase
    ? 'this database holds the demo accounts'
    : `the demo password "${DEMO_PASSWORD}" still signs in ${facts.demoPasswordUsers.join(', ')}`;
  return [
    `Refusing to listen on ${facts.host}: ${why}, whose password is published.`,
    'Anyone who can reach this address could sign in (the system account reads every workspace).',
    'Either listen on this machine only (leave HOST unset, or HOST=127.0.0.1),',
    'or start on a database created for real use: a new DATA_DIR without --demo.',
  ].join('\n');
}

/** The kind recorded for the database; older demo databases only carry the seed's mark. */
export async function readDatabaseKind(db: Db): Promise<DatabaseKind | null> {
  const kind = await readMeta(db, DATABASE_KIND_META_KEY);
  if (kind === 'demo' || kind === 'real') return kind;
  return (await readMeta(db, SEED_META_KEY)) !== null ? 'demo' : null;
}

export async function recordDatabaseKind(db: Db, kind: DatabaseKind): Promise<void> {
  await writeMeta(db, DATABASE_KIND_META_KEY, kind);
}

/**
 * The demo sign-ins that still accept the demo password. Only the demo usernames are
 * tried (a bounded number of deliberately slow hash checks, so start-up stays quick on a
 * database with many users).
 */
export async function usersWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((account) => account.username),
    )
    .execute();
  const found: string[] = [];
  for (const row of rows) {
    if (row.password_hash && (await verifyPassword(DEMO_PASSWORD, row.password_hash))) {
      found.push(row.username);
    }
  }
  return found;
}

/** Gathers the facts for exposureRefusal; the password checks run only for an exposed host. */
export async function checkExposure(db: Db, host: string): Promise<string | null> {
  if (isLoopbackHost(host)) return null;
  // A demo database is refused as it is; the slow password checks are for the others.
  const demoDatabase = (await readDatabaseKind(db)) === 'demo';
  return exposureRefusal({
    host,
    demoDatabase,
    demoPasswordUsers: demoDatabase ? [] : await usersWithDemoPassword(db),
  });
}

/**
 * Decides, once per database, whether it is a demo database, and seeds the demo data only
 * into one: a database first opened without `seedDemo` is for real use and never gets the
 * demo accounts, even if a later start asks for them. Answers the database's kind.
 */
export async function prepareDatabaseKind(
  db: Db,
  seedDemo: boolean,
  seed: () => Promise<unknown>,
): Promise<DatabaseKind> {
  let kind = await readDatabaseKind(db);
  if (kind === null) {
    kind = seedDemo && !(await hasData(db)) ? 'demo' : 'real';
    // Recorded before seeding: a seed cut short still leaves a database marked demo.
    await recordDatabaseKind(db, kind);
  }
  if (seedDemo && kind === 'demo') await seed();
  return kind;
}
