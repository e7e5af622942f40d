import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];

/**
 * issue #31 item 4, "One way to the database": route files reach the database only
 * through server/repositories. Violations are planted in memory at a path inside
 * server/routes and linted with the repository's own config.
 */
async function dbErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages
    .filter((m) => m.ruleId !== null && RULES.includes(m.ruleId))
    .map((m) => m.message);
}

describe('the database rule for server/routes', () => {
  it.each([
    ['selectFrom', "export const q = (db: any) => db.selectFrom('workspaces').execute();"],
    ['insertInto', "export const q = (db: any) => db.insertInto('workspaces').execute();"],
    ['updateTable', "export const q = (db: any) => db.updateTable('workspaces').execute();"],
    ['deleteFrom', "export const q = (db: any) => db.deleteFrom('workspaces').execute();"],
    ['a transaction', 'export const q = (db: any) => db.transaction().execute(() => 1);'],
  ])('fires on %s', async (_name, code) => {
    expect(await dbErrors('server/routes/planted.ts', code)).toEqual([
      'Queries belong in server/repositories: call a named repository function.',
    ]);
  });

  it('fires on raw SQL', async () => {
    const errors = await dbErrors(
      'server/routes/planted.ts',
      "import { sql } from 'kysely';\nexport const q = sql`select 1`;",
    );
    expect(errors).toContain(
      'Raw SQL belongs in server/repositories: call a named repository function.',
    );
    expect(errors.some((m) => m.includes('through server/repositories'))).toBe(true);
  });

  it.each([
    ['the db module', "import { openDatabase } from '../db/database';\nexport { openDatabase };"],
    [
      'the db module by alias',
      "import { sqliteHandle } from '@/server/db/database';\nexport { sqliteHandle };",
    ],
    ['kysely', "import { Kysely } from 'kysely';\nexport { Kysely };"],
  ])('fires on a value import of %s', async (_name, code) => {
    const errors = await dbErrors('server/routes/planted.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Routes reach the database through server\/repositories/);
  });

  it('lets a route name the Db type and call a repository', async () => {
    const code = [
      "import type { Db } from '../db/database';",
      "import { findWorkspace } from '../repositories/workspace-repository';",
      'export const load = (db: Db, id: string) => findWorkspace(db, id);',
    ].join('\n');
    expect(await dbErrors('server/routes/planted.ts', code)).toEqual([]);
  });

  it('holds for every route file: none is exempt', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles([`${ROOT}server/routes/**/*.ts`]);
    expect(results.length).toBeGreaterThan(20);
    const offenders = results.flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId !== null && RULES.includes(m.ruleId))
        .map((m) => `${result.filePath.slice(ROOT.length)}:${m.line} ${m.message}`),
    );
    expect(offenders).toEqual([]);
    // ...and the rule covers each of them (no file is left out by an ignores list).
    const planted = "export const q = (db: any) => db.selectFrom('workspaces').execute();";
    for (const result of results) {
      const path = result.filePath.slice(ROOT.length);
      expect(await dbErrors(path, planted), path).toEqual([
        'Queries belong in server/repositories: call a named repository function.',
      ]);
    }
  }, 60_000);

  it('leaves repositories free to query', async () => {
    const code = "export const q = (db: any) => db.selectFrom('workspaces').execute();";
    expect(await dbErrors('server/repositories/planted.ts', code)).toEqual([]);
  });
});
