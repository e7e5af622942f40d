import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// eslint.config.js is plain JavaScript without types: its exports are named here.
const { FUNCTION_MAX_LINES, LONG_FUNCTION_FILES } = (await import(
  new URL('../../eslint.config.js', import.meta.url).href
)) as { FUNCTION_MAX_LINES: number; LONG_FUNCTION_FILES: string[] };

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

  it('exempts by name only files that still hold a long function (the list only shrinks)', async () => {
    for (const file of LONG_FUNCTION_FILES) {
      expect(existsSync(`${ROOT}${file}`), file).toBe(true);
    }
    // The rule forced on for the listed files: each must still break it, or leave the list.
    const forced = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        rules: {
          'max-lines-per-function': [
            'error',
            { max: FUNCTION_MAX_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
          ],
        },
      },
    });
    const results = await forced.lintFiles(LONG_FUNCTION_FILES.map((file) => `${ROOT}${file}`));
    const split = results
      .filter((result) => !result.messages.some((m) => m.ruleId === 'max-lines-per-function'))
      .map((result) => result.filePath.slice(ROOT.length));
    expect(split).toEqual([]);
  }, 60_000);
});
