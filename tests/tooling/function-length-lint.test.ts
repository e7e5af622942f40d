import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// eslint.config.js is plain JavaScript without types: its exports are named here.
const { FUNCTION_MAX_LINES } = (await import(
  new URL('../../eslint.config.js', import.meta.url).href
)) as { FUNCTION_MAX_LINES: number };

/** The max-lines-per-function messages the repository's config gives `code` at `filePath`. */
async function tooLong(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

/** A function of `lines` statements, with a blank line and a comment between each. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `  total += ${i};\n\n  // step ${i}`);
  return [
    'export function planted(): number {',
    '  let total = 0;',
    ...body,
    '  return total;',
    '}',
    '',
  ].join('\n');
}

// issue #31 item 5: no function over FUNCTION_MAX_LINES outside tests and seed data.
describe('the function length rule', () => {
  it('refuses a product function one line over the limit, counting neither blanks nor comments', async () => {
    // The signature, `let total`, the statements, the return and the brace.
    const over = functionOf(FUNCTION_MAX_LINES - 3);
    const messages = await tooLong('shared/domain/planted.ts', over);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(`too many lines (${FUNCTION_MAX_LINES + 1})`);
    expect(await tooLong('shared/domain/planted.ts', functionOf(FUNCTION_MAX_LINES - 4))).toEqual(
      [],
    );
  });

  it('leaves tests, the seeded call flows and shipped migrations alone', async () => {
    const over = functionOf(FUNCTION_MAX_LINES * 2);
    expect(await tooLong('tests/shared/planted.test.ts', over)).toEqual([]);
    expect(await tooLong('server/seed/call-flows/planted.ts', over)).toEqual([]);
    expect(await tooLong('server/db/migrations/9999-planted.ts', over)).toEqual([]);
    expect(await tooLong('server/seed/planted.ts', over)).toHaveLength(1);
  });

  it('exempts no product folder: the last long functions (transport, session, live feed, panel) are split', async () => {
    const over = functionOf(FUNCTION_MAX_LINES);
    for (const file of [
      'app/features/planted.tsx',
      'extension/entrypoints/background/planted.ts',
      'extension/panel/planted.ts',
      'server/routes/planted.ts',
      'shared/transport/planted.ts',
      'shared/session/planted.ts',
      'shared/live/planted.ts',
      'widgets/planted.ts',
    ]) {
      expect(await tooLong(file, over), file).toHaveLength(1);
    }
  });
});
