import { migrationProvider } from '@/server/db/migration-provider';

/**
 * The migrations after `name`, in the order they run: what migrating down to `name` undoes
 * (reversed) and migrating up again redoes. A test of an old migration names only it, so a
 * new migration does not mean editing every such test.
 */
export async function migrationsAfter(name: string): Promise<string[]> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const at = names.indexOf(name);
  if (at < 0) throw new Error(`No migration ${name}`);
  return names.slice(at + 1);
}
