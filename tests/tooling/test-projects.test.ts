import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

function testFilesOnDisk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesOnDisk(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

// issue #10 item 6: a test under tests/ that no project collects never runs, silently.
describe('the vitest projects', () => {
  it('collect every test file under tests/, each in exactly one project', async () => {
    const vitest = await createVitest(
      'test',
      { watch: false, run: true, config: path.join(ROOT, 'vitest.config.ts') },
      {},
      {},
    );
    try {
      const specs = await vitest.globTestSpecifications();
      const collected = specs.map((spec) => `${spec.project.name}:${spec.moduleId}`);
      const files = specs.map((spec) => spec.moduleId);
      expect(new Set(files).size, `collected twice: ${collected.join('\n')}`).toBe(files.length);
      expect([...files].sort()).toEqual(testFilesOnDisk(path.join(ROOT, 'tests')).sort());
    } finally {
      await vitest.close();
    }
  });
});
