import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = '\0intake-widget-css:';
// Not ending in .css, or Vite's own CSS plugin would take the module for a stylesheet.
const VIRTUAL_SUFFIX = '.register.js';

/**
 * Widget builds only (widgets/vite.config.ts, extension/panel/vite.config.ts): every
 * plain `import './file.css'` becomes a module that registers the file's processed CSS
 * text with widgets/styles/css-registry.ts instead of injecting a <link>/<style> into
 * the document. Screens keep importing their CSS normally for the app; in a widget the
 * same files land in the shadow root. `?inline`, `?url` and other queries are untouched.
 */
export function collectWidgetCss(registryFile: string): Plugin {
  const registry = path.resolve(registryFile).split(path.sep).join('/');
  return {
    name: 'intake-collect-widget-css',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || source.includes('?') || !/\.css$/.test(source)) return null;
      if (importer.startsWith(VIRTUAL_PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external || !/\.css$/.test(resolved.id)) return null;
      return `${VIRTUAL_PREFIX}${resolved.id}${VIRTUAL_SUFFIX}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const file = id.slice(VIRTUAL_PREFIX.length, -VIRTUAL_SUFFIX.length);
      return [
        `import css from ${JSON.stringify(`${file}?inline`)};`,
        `import { registerWidgetCss } from ${JSON.stringify(registry)};`,
        'registerWidgetCss(css);',
      ].join('\n');
    },
  };
}
