import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/server/http/dependency-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** issue #17: which errors answer 503 "database unavailable" instead of a 500. */
describe('isDatabaseUnavailable', () => {
  it('recognises a PostgreSQL server that is unreachable, restarting or full', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    // SQLSTATE class 08 (connection exception), admin/crash shutdown, too many connections.
    for (const code of ['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
  });

  it("recognises node-postgres's own messages: a dropped connection and a pool timeout", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Query read timeout',
    ]) {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    }
  });

  it('looks into causes and AggregateErrors (a refused connect on IPv4 and IPv6)', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('57P01') }))).toBe(
      true,
    );
  });

  it('recognises SQLite locked past its busy timeout', () => {
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSY', 'database is locked'))).toBe(true);
  });

  it('recognises a query that reaches a database the stopping server has closed', async () => {
    // What a request still being served during a restart met in CI: a 500 and a stack
    // logged as a bug, where the client should be told to try again.
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    await sql`select 1`.execute(db);
    await db.destroy();
    const late = await sql`select 1`.execute(db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(late).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(late)).toBe(true);
  });

  it('leaves bugs and bad queries alone: they stay 500s', () => {
    for (const error of [
      new Error('Cannot read properties of undefined'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('SQLITE_CONSTRAINT', 'UNIQUE constraint failed'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
