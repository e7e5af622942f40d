import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * What the scale-out tests and bench:scale share (issue #17): scratch PostgreSQL
 * databases and Redis key prefixes of their own, real server processes, and a TCP proxy
 * a test can cut and restore (a dependency restart, or a load balancer in front of two
 * processes).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The PostgreSQL server's maintenance database, where scratch databases are made. */
export const POSTGRES_ADMIN_URL =
  process.env.INTAKE_TEST_POSTGRES || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.INTAKE_TEST_REDIS || 'redis://127.0.0.1:6379';

/** A key prefix no other run uses: Redis pub/sub channels are global to the server. */
export function uniqueRedisKey(label: string): string {
  return `intake-test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

export const postgresAddress = () => hostPort(POSTGRES_ADMIN_URL, 5432);
export const redisAddress = () => hostPort(REDIS_URL, 6379);

/** Whether something accepts TCP connections at the address, within a second. */
export function reachable(address: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Why the scale tests cannot run here, or null when PostgreSQL and Redis answer. */
export async function missingServices(): Promise<string | null> {
  const [postgres, redis] = await Promise.all([
    reachable(postgresAddress()),
    reachable(redisAddress()),
  ]);
  const missing = [
    ...(postgres ? [] : [`PostgreSQL at ${POSTGRES_ADMIN_URL}`]),
    ...(redis ? [] : [`Redis at ${REDIS_URL}`]),
  ];
  return missing.length > 0
    ? `no ${missing.join(' and no ')} (INTAKE_TEST_POSTGRES, INTAKE_TEST_REDIS)`
    : null;
}

export interface ScratchDatabase {
  /** The database's own URL. */
  url: string;
  name: string;
  /** The same database reached through another host and port (a proxy). */
  urlVia(port: number, host?: string): string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database for one test run; drop() removes it. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `intake_${label}_${process.pid}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    urlVia(port, host = '127.0.0.1') {
      const via = new URL(url);
      via.hostname = host;
      via.port = String(port);
      return via.toString();
    },
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // FORCE ends the connections a killed server process may have left behind.
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TcpProxy {
  port: number;
  /** Like a restart of what is behind: open connections reset, new ones refused. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on an ephemeral loopback port to the first upstream that accepts the
 * connection, in order (as nginx tries the next upstream when one refuses). Given one
 * upstream it stands for the network to a dependency; given two, for a load balancer.
 */
export async function startTcpProxy(
  upstreams: () => readonly { host: string; port: number }[],
): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  function connectUpstream(index: number, client: net.Socket): void {
    const targets = upstreams();
    const target = targets[index];
    if (!target) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    track(upstream);
    // Refused before any byte went through: try the next one.
    const tryNext = () => connectUpstream(index + 1, client);
    upstream.once('error', tryNext);
    upstream.once('connect', () => {
      upstream.off('error', tryNext);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.resume();
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => client.destroy());
    connectUpstream(0, client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });

  return {
    port,
    async cut() {
      await stopListening();
    },
    async restore() {
      if (!server.listening) await listen(port);
    },
    async close() {
      await stopListening();
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGTERM (closes cleanly) or SIGKILL (a crash); waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKey?: string;
  /** How long to wait for it to listen; default 60 s (a fresh database is seeded). */
  startTimeoutMs?: number;
}

/** A temporary data directory (the JWT secret processes share); remove it with rm. */
export const makeDataDir = () => mkdtemp(path.join(os.tmpdir(), 'intake-scale-'));
export const removeDataDir = (dir: string) => rm(dir, { recursive: true, force: true });

/**
 * Runs the real server (buildServer, via tests/server/scale/server-process.ts) in a
 * child process and resolves once it listens.
 */
export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'tests/server/scale/server-process.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        REDIS_URL: options.redisUrl ?? '',
        REDIS_KEY_PREFIX: options.redisKey ?? '',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`the server process did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], child, exited, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server process exited before listening:\n${output}`));
    });
  });
}

/** The nginx binary on PATH, or null (the nginx test is then skipped, saying so). */
export function findNginx(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'nginx');
    if (existsSync(candidate)) return candidate;
  }
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of the given app ports with the deployment's own configuration:
 * deploy/nginx.conf's upgrade map and deploy/nginx-locations.conf as they are, in a
 * plain-HTTP server block on an ephemeral loopback port (no TLS in the test), run in the
 * foreground with every path in a temporary directory.
 */
export async function startNginx(binary: string, upstreamPorts: readonly number[]): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'intake-nginx-'));
  const example = await readFile(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const map = /map \$http_upgrade \$connection_upgrade \{[^}]*\}/.exec(example)?.[0];
  if (!map) throw new Error('deploy/nginx.conf has no upgrade map');
  const port = await freePort();
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${map}
  upstream intake_cockpit {
    ${upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n    ')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    include ${path.join(repoRoot, 'deploy/nginx-locations.conf')};
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, config);
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await reachable({ host: '127.0.0.1', port }))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
