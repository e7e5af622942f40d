import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #31 item 8: tests keep to the layout docs/testing.md describes.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = 'docs/testing.md';

/** Below these, a folder is the source folder of the code under test. */
const MIRRORED = ['app', 'shared', 'widgets'];
/** Below these, a folder is a topic docs/testing.md names. */
const BY_TOPIC = ['server', 'extension', 'e2e', 'tooling', 'fakes'];
const TOP_LEVEL_FILES = ['summary-reporter.ts'];

/** Every file under tests/, as a path relative to the repository with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}

const isSourceFolder = (relative: string) => {
  const full = path.join(ROOT, relative);
  return existsSync(full) && statSync(full).isDirectory();
};

/** What is out of place, one line each; none when `files` keep to `doc`. */
function layoutProblems(
  files: readonly string[],
  doc: string,
  sourceFolder: (relative: string) => boolean,
): string[] {
  const problems = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts[0] !== 'tests') {
      problems.add(`${file}: not under tests/`);
      continue;
    }
    if (parts.length === 2) {
      if (!TOP_LEVEL_FILES.includes(parts[1])) problems.add(`${file}: in no topic folder`);
      continue;
    }
    const topic = parts[1];
    const folders = parts.slice(2, -1);
    if (!doc.includes(`\`tests/${topic}/\``)) {
      problems.add(`${file}: tests/${topic}/ is no topic of ${DOC}`);
    } else if (MIRRORED.includes(topic)) {
      if (folders.length > 0 && !sourceFolder(`${topic}/${folders.join('/')}`)) {
        problems.add(
          `${file}: tests/${topic}/ mirrors ${topic}/, which has no ${folders.join('/')}/`,
        );
      }
    } else if (!BY_TOPIC.includes(topic)) {
      problems.add(`${file}: tests/${topic}/ is neither mirrored nor by topic here`);
    } else if (folders.length > 0 && !doc.includes(`\`tests/${topic}/${folders[0]}/\``)) {
      problems.add(`${file}: ${DOC} names no tests/${topic}/${folders[0]}/`);
    }
    const name = parts[parts.length - 1];
    if (/\.test\./.test(name) && !/\.test\.tsx?$/.test(name)) {
      problems.add(`${file}: a test file ends in .test.ts or .test.tsx`);
    }
  }
  return [...problems];
}

describe('the layout of tests/ (docs/testing.md)', () => {
  const doc = readFileSync(path.join(ROOT, DOC), 'utf8');

  it('has every file under tests/ in a documented topic folder, mirrored or named', () => {
    const files = filesUnder('tests');
    expect(files.length).toBeGreaterThan(300);
    expect(layoutProblems(files, doc, isSourceFolder)).toEqual([]);
  });

  it('names every topic it checks, and names them in the doc', () => {
    for (const topic of [...MIRRORED, ...BY_TOPIC]) expect(doc).toContain(`\`tests/${topic}/\``);
  });

  it('finds a test out of place', () => {
    expect(
      layoutProblems(
        [
          'tests/loose.test.ts',
          'tests/misc/thing.test.ts',
          'tests/app/featurez/coaching/page.test.tsx',
          'tests/server/odds-and-ends/thing.test.ts',
          'tests/shared/domain/menu.test.js',
          // In place: kept out of the answer.
          'tests/app/features/coaching/coaching-scores-page.test.tsx',
          'tests/server/system/microservices.test.ts',
          'tests/server/auth.test.ts',
        ],
        doc,
        isSourceFolder,
      ),
    ).toEqual([
      'tests/loose.test.ts: in no topic folder',
      `tests/misc/thing.test.ts: tests/misc/ is no topic of ${DOC}`,
      'tests/app/featurez/coaching/page.test.tsx: tests/app/ mirrors app/, which has no featurez/coaching/',
      `tests/server/odds-and-ends/thing.test.ts: ${DOC} names no tests/server/odds-and-ends/`,
      'tests/shared/domain/menu.test.js: a test file ends in .test.ts or .test.tsx',
    ]);
  });
});
