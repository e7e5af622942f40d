import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './launch-browser';
import { startServer, type RunningServer } from './start-server';

export interface AppSuite {
  /** The real server on an ephemeral port with a fresh database (set in beforeAll). */
  readonly server: RunningServer;
  /** One headless Chromium for the whole file; each test takes its own context. */
  readonly chromium: LaunchedBrowser;
}

/**
 * The app's end-to-end suites all start the same way: one server and one browser for the
 * file, started before its first test and stopped after its last. Call it at the top of the
 * file; read `suite.server` and `suite.chromium` inside tests and hooks.
 */
export function appSuite(options: Parameters<typeof startServer>[0] = {}): AppSuite {
  let server: RunningServer | undefined;
  let chromium: LaunchedBrowser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('appSuite: the server starts in beforeAll');
      return server;
    },
    get chromium() {
      if (!chromium) throw new Error('appSuite: the browser starts in beforeAll');
      return chromium;
    },
  };
}
