import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { DEMO_WORKSPACES } from './seed/demo-workspaces';

/**
 * `npm start` / `npm run serve`: the reference server with the demo data.
 * Environment: PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), LOG_LEVEL (info).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

function signInTable(): string {
  const workspaceName = (id: string | null) =>
    DEMO_WORKSPACES.find((w) => w.id === id)?.name ?? '(none)';
  const rows = DEMO_ACCOUNTS.map((a) => [
    a.username,
    a.status === 'inactive' ? `${a.role} (inactive)` : a.role,
    workspaceName(a.workspaceId),
  ]);
  const header = ['username', 'role', 'workspace'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const port = parsePort(process.env.PORT);
  const host = process.env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const staticDir = path.join(repoRoot, 'dist', 'app');
  const server = await buildServer({
    dataDir,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    staticDir,
  });
  const { url } = await server.listen(port, host);

  console.log(`\nIntake Cockpit is running at ${url}  (data: ${dataDir})\n`);
  console.log(`Demo sign-ins, all with the password "${DEMO_PASSWORD}":\n`);
  console.log(`${signInTable()}\n`);
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    console.log('The app is not built yet: run `npm run build` (the API works meanwhile).\n');
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: closing connections...`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while closing:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
