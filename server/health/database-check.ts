import { Migrator, sql } from 'kysely';
import { databaseVerdict } from '@/shared/domain/microservices';
import { type Db, engineOf } from '../db/database';
import { migrationProvider } from '../db/migration-provider';
import type { PartCheck } from './run-check';

/**
 * The database: a real query (its tables, from the engine's catalogue) and the migration level
 * against the migrations this build knows; degraded while one has not run.
 */
export function databaseCheck(db: Db): PartCheck {
  return {
    id: 'database',
    name: 'Database',
    async probe() {
      const { rows } = await (
        engineOf(db) === 'postgres'
          ? sql<{ n: number }>`
            select count(*) as n from information_schema.tables
            where table_schema = current_schema() and table_name not like 'kysely_%'
          `
          : sql<{ n: number }>`
            select count(*) as n from sqlite_master
            where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
          `
      ).execute(db);
      const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
      const applied = migrations.filter((m) => m.executedAt !== undefined).map((m) => m.name);
      return databaseVerdict(
        Number(rows[0]?.n ?? 0),
        applied,
        migrations.map((m) => m.name),
      );
    },
  };
}
