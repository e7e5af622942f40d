import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The no-restricted-syntax messages the repository's config gives `code` at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// issue #31 item 8 (docs/testing.md "What an assertion says").
describe('the assertion rule for tests/', () => {
  it('refuses toBeTruthy() and toBeDefined() in a test file', async () => {
    const code = [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  expect(document.body).toBeTruthy();',
      '  expect(document.title).toBeDefined();',
      '});',
      '',
    ].join('\n');
    const messages = await restricted('tests/app/planted.test.tsx', code);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/toBeInTheDocument/);
    expect(messages[1]).toMatch(/Assert the value itself/);
  });

  it('lets the precise matchers through, and leaves product code alone', async () => {
    const precise = [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  expect(document.body).toBeInTheDocument();',
      "  expect(document.title).toBe('');",
      '});',
      '',
    ].join('\n');
    expect(await restricted('tests/app/planted.test.tsx', precise)).toEqual([]);
    expect(
      await restricted(
        'shared/domain/planted.ts',
        'export const f = (x: { toBeTruthy: 1 }) => x.toBeTruthy;\n',
      ),
    ).toEqual([]);
  });
});
