import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'import/no-restricted-paths';

/**
 * issue #10 item 1: the layering rule once resolved neither `.ts` files nor the `@/`
 * alias, and passed every violation silently. These files are planted in memory at paths
 * inside the tree (the zones are paths) and linted with the repository's own config.
 */
async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('the layering rule (README "Layout")', () => {
  it.each([
    ['shared → app', 'shared/domain/planted.ts', "import { x } from '@/app/host/host';"],
    [
      'shared → app, relative',
      'shared/domain/planted.ts',
      "import { x } from '../../app/host/host';",
    ],
    ['shared → widgets', 'shared/api/planted.ts', "import { x } from '@/widgets/define-widget';"],
    [
      'shared → extension',
      'shared/stores/planted.ts',
      "import { x } from '@/extension/lib/settings';",
    ],
    ['app → extension', 'app/shell/planted.ts', "import { x } from '@/extension/lib/settings';"],
    ['widgets → extension', 'widgets/planted.ts', "import { x } from '@/extension/lib/settings';"],
    [
      'server → shared/session',
      'server/planted.ts',
      "import { x } from '@/shared/session/session-service';",
    ],
    ['server → shared/api', 'server/routes/planted.ts', "import { x } from '@/shared/api/client';"],
    [
      'server → shared/transport',
      'server/planted.ts',
      "import { x } from '../shared/transport/transport';",
    ],
    [
      'feature → feature',
      'app/features/funnel/planted.ts',
      "import { x } from '@/app/features/cockpit/cockpit-screen';",
    ],
    [
      'reports → feature',
      'app/reports/cards/planted.ts',
      "import { x } from '@/app/features/funnel/funnel-report-screen';",
    ],
    [
      'components → reports',
      'app/components/planted.ts',
      "import { x } from '@/app/reports/filters/use-report-filters';",
    ],
  ])('reports %s', async (_name, filePath, code) => {
    expect(await layeringErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature → app/reports',
      'app/features/funnel/planted.ts',
      "import { x } from '@/app/reports/filters/use-report-filters';",
    ],
    [
      'a feature → its own files',
      'app/features/funnel/planted.ts',
      "import { x } from './use-funnel-report';",
    ],
    [
      'server → shared/domain',
      'server/planted.ts',
      "import { x } from '@/shared/domain/date-range';",
    ],
    ['widgets → app', 'widgets/planted.ts', "import { x } from '@/app/host/host';"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});
