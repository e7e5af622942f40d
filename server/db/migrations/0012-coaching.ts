import type { Kysely } from 'kysely';

/** Issue #16: filled in by the work that needs it (an empty migration until then). */
export async function up(_db: Kysely<unknown>): Promise<void> {}
