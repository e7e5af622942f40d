import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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

  it('applies to app/ only, and to every file of it: the files that loaded by hand are exempt no more', async () => {
    const loader = hook(
      '  useEffect(() => {\n    void listWorkspaceUsers(api, workspaceId);\n  }, [api, workspaceId]);',
    );
    expect(await dataCalls('shared/planted/use-planted.ts', loader)).toEqual([]);
    // The paths of the last hand-written loaders (issue #31 item 3), planted with a loader:
    // each is caught, so no path of app/ is left out of the rule (and `npm run lint`, in
    // the README's test command, holds app/ to it).
    for (const file of [
      'app/features/auth/accept-invitation.tsx',
      'app/features/call-flow/active-call-card.tsx',
      'app/features/call-flow/use-call-flow-engine.ts',
      'app/features/microservices/use-microservices.ts',
    ]) {
      expect(await dataCalls(file, loader), file).toHaveLength(1);
    }
  });
});
