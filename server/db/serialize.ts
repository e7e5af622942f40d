import { sql } from 'kysely';
import { type Db, engineOf } from './database';

/**
 * Makes the rest of a transaction the only one running for `key` (issue #29: a count
 * checked and then written, such as the steps of an execution or a user's e-mails of the
 * hour, must not be passed by two requests at once, nor by two server processes). On
 * PostgreSQL a transaction-scoped advisory lock, released at commit or rollback; on SQLite
 * nothing to do: Kysely runs the embedded database on one connection, and a transaction
 * holds it until it ends, so transactions never overlap there.
 */
export async function serializeOn(trx: Db, key: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
