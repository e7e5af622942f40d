import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// eslint.config.js is plain JavaScript without types: its exports are named here.
const { DATA_LOADERS_TO_MOVE } = (await import(
  new URL('../../eslint.config.js', import.meta.url).href
)) as { DATA_LOADERS_TO_MOVE: string[] };

const { default: noDataCallInEffect } = (await import(
  new URL('../../scripts/eslint-rules/no-data-call-in-effect.js', import.meta.url).href
)) as { default: ESLint.Plugin['rules'] extends infer R ? R[keyof R] : never };

const RULE = 'local/no-data-call-in-effect';

/** The no-data-call-in-effect messages the repository's config gives `code` at `filePath`. */
async function dataCalls(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const hook = (effect: string) =>
  [
    "import { useEffect, useState } from 'react';",
    "import { useHost } from '@/app/host/host';",
    "import { listWorkspaceUsers } from '@/shared/api/users-administration';",
    'export function usePlanted(workspaceId: string) {',
    '  const { api } = useHost();',
    '  const host = useHost();',
    '  const [users, setUsers] = useState<unknown>(null);',
    effect,
    '  return users;',
    '}',
    '',
  ].join('\n');

// issue #31 item 3: screens load through queries and write through useMutateAndInvalidate.
describe('the data-call-in-effect rule', () => {
  it('refuses an API function, an API client method, fetch and ofetch inside a useEffect', async () => {
    const loader = hook(
      [
        '  useEffect(() => {',
        '    let current = true;',
        '    listWorkspaceUsers(api, workspaceId).then((list) => current && setUsers(list));',
        '    return () => {',
        '      current = false;',
        '    };',
        '  }, [api, workspaceId]);',
      ].join('\n'),
    );
    const messages = await dataCalls('app/features/planted/use-planted.ts', loader);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('listWorkspaceUsers with the API client');

    const others = hook(
      [
        '  useEffect(() => {',
        "    void host.api.call(null as never, { method: 'GET', path: 'x' });",
        "    void fetch('/api/x').then(() => setUsers(1));",
        "    void ofetch('/api/y');",
        '  }, [host]);',
      ].join('\n'),
    ).replace(
      'import { useEffect',
      'declare const ofetch: (url: string) => Promise<unknown>;\nimport { useEffect',
    );
    const found = await dataCalls('app/features/planted/use-planted.ts', others);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toMatch(/call of the API client[\s\S]*fetch[\s\S]*ofetch/);
  });

  it('leaves effects without data calls, and data calls outside effects, alone', async () => {
    const clean = hook(
      [
        '  useEffect(() => {',
        '    document.title = String(workspaceId);',
        '    setUsers(null);',
        '  }, [workspaceId]);',
        '  const reload = () => listWorkspaceUsers(api, workspaceId).then(setUsers);',
        '  void reload;',
      ].join('\n'),
    );
    expect(await dataCalls('app/features/planted/use-planted.ts', clean)).toEqual([]);
  });

  it('applies to app/ only, and exempts by name only files still to move (the list only shrinks)', async () => {
    const loader = hook(
      '  useEffect(() => {\n    void listWorkspaceUsers(api, workspaceId);\n  }, [api, workspaceId]);',
    );
    expect(await dataCalls('shared/planted/use-planted.ts', loader)).toEqual([]);
    for (const file of DATA_LOADERS_TO_MOVE) {
      expect(existsSync(`${ROOT}${file}`), file).toBe(true);
    }
    // The rule forced on for the listed files: each must still break it, or leave the list.
    const forced = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        files: ['app/**/*.{ts,tsx}'],
        plugins: { local: { rules: { 'no-data-call-in-effect': noDataCallInEffect } } },
        rules: { [RULE]: 'error' },
      },
      ignore: false,
    });
    for (const file of DATA_LOADERS_TO_MOVE) {
      const [result] = await forced.lintFiles([`${ROOT}${file}`]);
      expect(
        result.messages.filter((m) => m.ruleId === RULE),
        file,
      ).not.toHaveLength(0);
    }
  });
});
