import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue #31 item 10: the root tsconfig declares `@/` itself, so editors, linters and other
// tools resolve it on a fresh clone, before `wxt prepare` has written .wxt/.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function rootConfig() {
  const file = path.join(ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return read.config as { extends?: unknown; compilerOptions: Record<string, unknown> };
}

describe('the root tsconfig', () => {
  it('extends no generated file', () => {
    expect(rootConfig().extends).toBeUndefined();
  });

  it('resolves @/ imports to the repository, with nothing generated', () => {
    const config = rootConfig();
    const { options, errors } = ts.convertCompilerOptionsFromJson(config.compilerOptions, ROOT);
    expect(errors).toEqual([]);
    const from = path.join(ROOT, 'app', 'main.tsx');
    const resolved = ts.resolveModuleName(
      '@/shared/domain/intake-limits',
      from,
      options,
      ts.sys,
    ).resolvedModule;
    expect(resolved?.resolvedFileName).toBe(
      path.join(ROOT, 'shared', 'domain', 'intake-limits.ts'),
    );
    expect(existsSync(resolved!.resolvedFileName)).toBe(true);
  });
});
