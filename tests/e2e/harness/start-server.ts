import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '@/server/app';

export const APP_DIST = fileURLToPath(new URL('../../../dist/app', import.meta.url));

export interface RunningServer {
  url: string;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  /** Open socket.io connections (engine level): the extension must hold exactly one. */
  socketCount(): number;
  stop(): Promise<void>;
}

/**
 * The real reference server on an ephemeral port with a fresh, seeded database,
 * serving the built app (run `npm run build` first; `npm test` does).
 */
export async function startServer(): Promise<RunningServer> {
  if (!existsSync(join(APP_DIST, 'index.html'))) {
    throw new Error(`The app is not built (${APP_DIST}). Run "npm run build" first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'intake-e2e-'));
  const server = await buildServer({
    dataDir,
    logLevel: 'warn',
    staticDir: APP_DIST,
    // The demo accounts sign in here; the server's default is a database without them.
    seedDemoData: true,
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    url,
    emitToWorkspace: (workspaceId, event, payload) =>
      server.emitToWorkspace(workspaceId, event, payload),
    socketCount: () => server.io.engine.clientsCount,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
