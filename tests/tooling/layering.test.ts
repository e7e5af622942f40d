import { readdirSync } from 'node:fs';
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

describe('the layering rule (docs/development.md "Layout")', () => {
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
    // issue #31 item 2: the app's layers (APP_LAYERS), top to bottom: entry, shell,
    // features, calls, live and reports, building blocks.
    [
      'a feature → the shell',
      'app/features/auth/planted.ts',
      "import { x } from '@/app/shell/top-bar/top-bar';",
    ],
    [
      'a feature → routing',
      'app/features/funnel/planted.ts',
      "import { x } from '@/app/routing/app-guard';",
    ],
    ['a feature → the router', 'app/features/help/planted.ts', "import { x } from '@/app/router';"],
    [
      'components → the shell',
      'app/components/logo/planted.ts',
      "import { x } from '@/app/shell/theme/theme-toggle';",
    ],
    ['the shell → routing', 'app/shell/planted.ts', "import { x } from '@/app/routing/app-guard';"],
    [
      'calls → a feature',
      'app/calls/planted.ts',
      "import { x } from '@/app/features/call-flow/active-call-card';",
    ],
    [
      'calls → a feature, relative',
      'app/calls/click-to-call/planted.ts',
      "import { x } from '../../features/agent-dashboard/missed-calls-card';",
    ],
    [
      'calls → the shell',
      'app/calls/planted.ts',
      "import { x } from '@/app/shell/top-bar/top-bar';",
    ],
    ['live → calls', 'app/live/planted.ts', "import { x } from '@/app/calls/use-active-call';"],
    [
      'reports → calls',
      'app/reports/planted.ts',
      "import { x } from '@/app/calls/use-contact-calls';",
    ],
    ['host → live', 'app/host/planted.ts', "import { x } from '@/app/live/live-context';"],
    ['query → live', 'app/query/planted.ts', "import { x } from '@/app/live/live-context';"],
    [
      'config → a feature',
      'app/config/planted.ts',
      "import { x } from '@/app/features/help/help-page';",
    ],
    [
      'styles → the shell',
      'app/styles/planted.ts',
      "import { x } from '@/app/shell/sidebar/sidebar-store';",
    ],
    [
      'app-services → the shell',
      'app/app-services.ts',
      "import { x } from '@/app/shell/top-bar/top-bar';",
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
    [
      'the shell → a feature',
      'app/shell/top-bar/planted.ts',
      "import { x } from '@/app/features/call-flow/hang-up-pill';",
    ],
    [
      'a feature → calls',
      'app/features/call-flow/planted.ts',
      "import { x } from '@/app/calls/use-contact-calls';",
    ],
    [
      'a feature → live',
      'app/features/agent-dashboard/planted.ts',
      "import { x } from '@/app/live/live-context';",
    ],
    ['calls → live', 'app/calls/planted.ts', "import { x } from '@/app/live/browser-push';"],
    [
      'calls → components',
      'app/calls/click-to-call/planted.ts',
      "import { x } from '@/app/components/button/button';",
    ],
    [
      'routing → the shell',
      'app/routing/planted.ts',
      "import { x } from '@/app/shell/app-layout/app-layout';",
    ],
    ['the entry → the shell', 'app/main.tsx', "import { x } from './shell/toasts/toast-store';"],
    [
      'the router → a feature',
      'app/router.tsx',
      "import { x } from '@/app/features/call-flow/current-call-card';",
    ],
    [
      'components → config',
      'app/components/planted.ts',
      "import { x } from '@/app/config/environment';",
    ],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });

  it('gives every entry of app/ exactly one layer (issue #31 item 2)', async () => {
    // eslint.config.js is plain JavaScript without types: its export is named here.
    const configUrl = new URL('../../eslint.config.js', import.meta.url).href;
    const { APP_LAYERS } = (await import(configUrl)) as {
      APP_LAYERS: { name: string; paths: string[] }[];
    };
    const layered = APP_LAYERS.flatMap((layer) => layer.paths);
    const entries = readdirSync(`${ROOT}app`).map((name) => `./app/${name}`);
    expect([...layered].sort()).toEqual([...entries].sort());
  });
});
