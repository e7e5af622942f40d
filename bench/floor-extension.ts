/**
 * The floor of `npm run bench:widgets` (issue #14): the least an extension can do to show
 * one server figure inside a CRM page. A bare MV3 extension, written to a temp directory
 * for each run: its background signs in once with the same user (POST auth) and, asked
 * by a content script, fetches the same pclc report from the same server with that
 * sign-in; its content script (same matches and run_at as ours) asks its background and
 * writes one number into a closed shadow root. No cache, no UI library, no checks.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The class of the floor's figure (the bench waits for it as it waits for ours). */
export const FLOOR_FIGURE_CLASS = 'bench-floor-figure';

export interface FloorOptions {
  serverUrl: string;
  username: string;
  password: string;
  workspaceId: string;
  /** The pclc report's body (the same filters as ours: the last 7 days, snapshot). */
  body: unknown;
  matches: readonly string[];
  runAt: 'document_start' | 'document_end' | 'document_idle';
}

function backgroundSource(options: FloorOptions): string {
  const config = JSON.stringify({
    api: `${options.serverUrl.replace(/\/+$/, '')}/api`,
    username: options.username,
    password: options.password,
    workspaceId: options.workspaceId,
    body: options.body,
  });
  return `const config = ${config};
let token = null;
async function signIn() {
  const response = await fetch(config.api + '/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: config.username, password: config.password }),
  });
  const json = await response.json();
  return json.data.attributes.AccessToken;
}
let signedIn = signIn().then((value) => (token = value));
chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (message !== 'pclc') return false;
  (async () => {
    await signedIn;
    const response = await fetch(
      config.api + '/workspaces/' + encodeURIComponent(config.workspaceId) + '/reports/pclc',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
        body: JSON.stringify(config.body),
      },
    );
    sendResponse(await response.json());
  })().catch((error) => sendResponse({ error: String(error) }));
  return true;
});
`;
}

const CONTENT_SOURCE = `(() => {
  chrome.runtime.sendMessage('pclc', (answer) => {
    const stats = answer && answer.data ? answer.data : answer;
    const first = JSON.stringify(stats).match(/\\d+/);
    const host = document.createElement('bench-floor');
    const root = host.attachShadow({ mode: 'closed' });
    const figure = document.createElement('span');
    figure.className = '${FLOOR_FIGURE_CLASS}';
    figure.textContent = first ? first[0] : 'none';
    root.append(figure);
    document.documentElement.append(host);
  });
})();
`;

/** Writes the floor extension; returns its directory (load it unpacked). */
export function writeFloorExtension(options: FloorOptions): string {
  const dir = mkdtempSync(join(tmpdir(), 'intake-bench-floor-'));
  const manifest = {
    manifest_version: 3,
    name: 'Bench floor',
    version: '1.0.0',
    background: { service_worker: 'background.js' },
    host_permissions: [`${new URL(options.serverUrl).origin}/*`],
    content_scripts: [{ matches: options.matches, js: ['content.js'], run_at: options.runAt }],
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'background.js'), backgroundSource(options));
  writeFileSync(join(dir, 'content.js'), CONTENT_SOURCE);
  return dir;
}
