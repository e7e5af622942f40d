import { createHash } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '@/server/backup-cli';
import { DATABASE_FILE } from '@/server/db/database';
import { writeMeta } from '@/server/db/meta';
import { startTestServer, type TestServer } from './helpers/test-server';

const mode = (file: string) => statSync(file).mode & 0o777;

/** issue #9 Low: security headers, private data files, and a consistent backup. */
describe('security headers on every answer', () => {
  let t: TestServer;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'intake-headers-'));
    await mkdir(path.join(root, 'app'));
    await mkdir(path.join(root, 'widgets'));
    await writeFile(path.join(root, 'app', 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(
      path.join(root, 'widgets', 'demo.html'),
      '<!doctype html><script src="/widgets/intake-widgets.js"></script><script>run()</script>',
    );
    await writeFile(path.join(root, 'widgets', 'intake-widgets.js'), 'window.x = 1;');
    t = await startTestServer({ staticDir: path.join(root, 'app') });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends nosniff, no-referrer and no framing on API answers, errors included', async () => {
    for (const answer of [await t.api('/api/health'), await t.api('/api/users/me')]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it("gives the app's pages a policy that allows only this origin's scripts and no framing", async () => {
    const page = await t.api('/app/dashboards/cockpit');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const host = new URL(t.url).host;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain(`connect-src 'self' ws://${host};`);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows the widgets demo page's own inline script by its hash, and nothing else inline", async () => {
    const page = await t.api('/widgets/demo');
    const csp = page.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update('run()').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const bundle = await t.api('/widgets/intake-widgets.js', {
      headers: { origin: 'https://embedder.example' },
    });
    expect(bundle.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the data directory is private', () => {
  it('creates DATA_DIR 0700 and the database, its -wal and -shm, and jwt-secret 0600', async () => {
    const t = await startTestServer();
    try {
      expect(mode(t.dataDir)).toBe(0o700);
      for (const name of [
        DATABASE_FILE,
        `${DATABASE_FILE}-wal`,
        `${DATABASE_FILE}-shm`,
        'jwt-secret',
      ]) {
        const file = path.join(t.dataDir, name);
        expect(existsSync(file), name).toBe(true);
        expect(mode(file), name).toBe(0o600);
      }
    } finally {
      await t.close();
    }
  });
});

describe('npm run backup', () => {
  let t: TestServer;
  let out: string;
  beforeAll(async () => {
    t = await startTestServer();
    out = await mkdtemp(path.join(os.tmpdir(), 'intake-backup-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(out, { recursive: true, force: true });
  });

  it('copies a consistent database, private, while the server keeps writing', async () => {
    const token = (await t.signIn('owner@lakeside.test')).accessToken;
    let writing = true;
    let writes = 0;
    // The server's own connection writes the whole time the backup runs.
    const writer = (async () => {
      while (writing) {
        await writeMeta(t.server.db, `backup-test-${writes % 50}`, 'x'.repeat(2000 + writes));
        writes += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const target = path.join(out, 'copy.sqlite');
    try {
      const result = await backupDatabase({ dataDir: t.dataDir, to: target });
      expect(result.file).toBe(target);
    } finally {
      writing = false;
      await writer;
    }
    expect(writes).toBeGreaterThan(0);
    expect(mode(target)).toBe(0o600);
    const copy = new SQLite(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = copy.prepare('select count(*) as n from users').get() as { n: number };
      expect(users.n).toBeGreaterThan(0);
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    // The server is unharmed.
    expect((await t.api('/api/users/me', { token })).status).toBe(200);
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const target = path.join(out, 'existing.sqlite');
    writeFileSync(target, 'keep me');
    await expect(backupDatabase({ dataDir: t.dataDir, to: target })).rejects.toThrow(
      `${target} already exists: choose another file, or pass --force.`,
    );
    await backupDatabase({ dataDir: t.dataDir, to: target, force: true });
    expect(statSync(target).size).toBeGreaterThan(1000);
    expect(mode(target)).toBe(0o600);
  });

  it('says clearly when there is no database or no such folder', async () => {
    await expect(
      backupDatabase({ dataDir: path.join(out, 'nowhere'), to: path.join(out, 'x.sqlite') }),
    ).rejects.toThrow(
      /There is no database at .*nowhere.*intake\.sqlite: check --data-dir or DATA_DIR\./,
    );
    await expect(
      backupDatabase({ dataDir: t.dataDir, to: path.join(out, 'missing', 'x.sqlite') }),
    ).rejects.toThrow(/The folder .*missing does not exist\./);
  });
});
