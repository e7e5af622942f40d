/**
 * `npm run dev`: the reference server (restarting on change) and Vite's dev server with
 * hot reload, which proxies /api, /call-center and /socket.io to the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts', '--demo'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080' },
  }),
  spawn('npx', ['vite', '--config', 'app/vite.config.ts'], { stdio: 'inherit', env: process.env }),
];

function stopAll(code = 0): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());
