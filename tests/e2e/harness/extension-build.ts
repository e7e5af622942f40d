import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The production build of the extension (`npm run build:extension`, part of `npm run build`). */
export const EXTENSION_DIR = fileURLToPath(new URL('../../../.output/chrome-mv3', import.meta.url));
/** The script-tag bundle (`npm run build:widgets`). */
export const WIDGETS_DIST = fileURLToPath(new URL('../../../dist/widgets', import.meta.url));

/** The harness builds nothing: it fails early and says what to run. */
export function requireExtensionBuild(dir = EXTENSION_DIR): string {
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(
      `The extension is not built (${dir}). Run "npm run build:extension" (or "npm run build") first.`,
    );
  }
  return dir;
}
