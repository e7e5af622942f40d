import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { workspaceUserResponseSchema } from '@/shared/contracts/users-administration';
import { buildServer } from '@/server/app';
import { appOriginRefusal, listenOrigin, parseAppOrigin } from '@/server/http/app-origin';
import { callApi, startTestServer, type TestServer } from './helpers/test-server';

// Issue #29 point 6: the invitation link was built from the Host header when APP_ORIGIN
// was unset (Host: evil.example put http://evil.example/login/<token>/invite in the
// e-mail), and the Host value was copied unescaped into the CSP's connect-src. Now the
// link and the CSP use APP_ORIGIN, or the listen address of a server only this machine
// reaches; a server the network reaches refuses to start without APP_ORIGIN.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOSTILE_HOST = "evil.example; script-src 'unsafe-inline' *";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with a Host header of our choosing (fetch does not let one set it). */
function withHost(
  baseUrl: string,
  urlPath: string,
  host: string,
  call: { method?: string; token?: string; body?: unknown } = {},
): Promise<RawAnswer> {
  const url = new URL(urlPath, baseUrl);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: call.method ?? 'GET',
        headers: {
          host,
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function inviteLinks(t: TestServer, email: string): Promise<string[]> {
  const system = (await t.signIn('system@intake.test')).accessToken;
  const outbox = await t.api('/call-center/service-processes/outbox?workspace=ws_lakeside', {
    token: system,
  });
  return outboxListResponseSchema
    .parse(outbox.body)
    .data.filter((mail) => mail.to.includes(email))
    .flatMap((mail) => [mail.textBody, mail.htmlBody ?? ''])
    .flatMap((text) => [...text.matchAll(/https?:\/\/[^\s"<]+\/login\/[A-Za-z0-9_-]{43}\/invite/g)])
    .map((match) => match[0]);
}

describe('invitation links and the CSP never come from the Host header', () => {
  const dirs: string[] = [];
  let staticDir = '';
  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'intake-app-origin-'));
    dirs.push(root);
    staticDir = path.join(root, 'app');
    await mkdir(staticDir);
    await mkdir(path.join(root, 'widgets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(root, 'widgets', 'demo.html'), '<!doctype html><p>demo</p>');
  });
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function inviteWithHost(t: TestServer, email: string, host: string) {
    const owner = (await t.signIn('owner@lakeside.test')).accessToken;
    const created = await withHost(t.url, '/api/users', host, {
      method: 'POST',
      token: owner,
      body: {
        workspaceId: 'ws_lakeside',
        email,
        firstName: 'Eve',
        lastName: 'Vance',
        role: 'operator',
      },
    });
    expect(created.status).toBe(201);
    const user = workspaceUserResponseSchema.parse(JSON.parse(created.body)).data;
    // A resent invitation is built the same way.
    const resent = await withHost(
      t.url,
      `/api/workspaces/ws_lakeside/users/${user.id}/invitation`,
      host,
      { method: 'POST', token: owner },
    );
    expect(resent.status).toBe(201);
    return inviteLinks(t, email);
  }

  describe('a server for this machine only, without APP_ORIGIN', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ staticDir });
    });
    afterAll(() => t.close());

    it('links invitations to its own listen address whatever Host the inviting request sent', async () => {
      expect(t.server.appOrigin()).toBe(t.url);
      const links = await inviteWithHost(t, 'eve.local@lakeside.test', 'evil.example');
      // The create and the resend, each in the text and the HTML body.
      expect(links).toHaveLength(4);
      for (const link of links) expect(link.startsWith(`${t.url}/login/`)).toBe(true);
    });

    it("keeps a hostile Host out of the app's and the widgets demo's CSP", async () => {
      const host = new URL(t.url).host;
      for (const page of ['/app/dashboards/cockpit', '/widgets/demo']) {
        const answer = await withHost(t.url, page, HOSTILE_HOST);
        expect(answer.status, page).toBe(200);
        const csp = String(answer.headers['content-security-policy']);
        expect(csp, page).not.toContain('evil');
        expect(csp, page).not.toContain("'unsafe-inline' *");
        expect(csp, page).toMatch(new RegExp(`connect-src 'self' ws://${host};`));
      }
    });
  });

  describe('a server with APP_ORIGIN', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ staticDir, appOrigin: 'https://Cockpit.Example.test/' });
    });
    afterAll(() => t.close());

    it('links invitations to APP_ORIGIN whatever Host the inviting request sent', async () => {
      expect(t.server.appOrigin()).toBe('https://cockpit.example.test');
      const links = await inviteWithHost(t, 'eve.configured@lakeside.test', 'evil.example');
      expect(links).toHaveLength(4);
      for (const link of links) {
        expect(link).toMatch(
          /^https:\/\/cockpit\.example\.test\/login\/[A-Za-z0-9_-]{43}\/invite$/,
        );
      }
    });

    it("names APP_ORIGIN's WebSocket address in the CSP, never the request's Host", async () => {
      const answer = await withHost(t.url, '/app', HOSTILE_HOST);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' wss://cockpit.example.test;");
      expect(csp).not.toContain('evil');
    });
  });
});

describe('APP_ORIGIN at start-up', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'intake-app-origin-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses to listen where the network reaches it without APP_ORIGIN, and says what to set', async () => {
    const server = await buildServer({ dataDir: await freshDir(), logLevel: 'silent' });
    try {
      await expect(server.listen(0, '0.0.0.0')).rejects.toThrow(
        /Refusing to start without APP_ORIGIN: it listens on 0\.0\.0\.0[\s\S]*APP_ORIGIN=https:\/\//,
      );
      expect(server.app.server.listening).toBe(false);
      expect(server.appOrigin()).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('refuses a loopback address behind a trusted reverse proxy without APP_ORIGIN', async () => {
    const server = await buildServer({
      dataDir: await freshDir(),
      logLevel: 'silent',
      trustProxy: ['127.0.0.1'],
    });
    try {
      await expect(server.listen(0, '127.0.0.1')).rejects.toThrow(
        /without APP_ORIGIN: it is behind a reverse proxy \(TRUST_PROXY is set\)/,
      );
      expect(server.app.server.listening).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('listens on every interface with APP_ORIGIN, and uses it', async () => {
    const server = await buildServer({
      dataDir: await freshDir(),
      logLevel: 'silent',
      appOrigin: 'https://cockpit.example.test',
    });
    try {
      const { url } = await server.listen(0, '0.0.0.0');
      expect((await callApi(url, '/api/health')).status).toBe(200);
      expect(server.appOrigin()).toBe('https://cockpit.example.test');
    } finally {
      await server.close();
    }
  });

  it('refuses an APP_ORIGIN that is not an origin before opening anything', async () => {
    const dataDir = await freshDir();
    await expect(
      buildServer({ dataDir, logLevel: 'silent', appOrigin: 'https://cockpit.example.test/app' }),
    ).rejects.toThrow(/^APP_ORIGIN: .* without a path/);
    await expect(
      buildServer({ dataDir, logLevel: 'silent', appOrigin: 'javascript:alert(1)' }),
    ).rejects.toThrow(/^APP_ORIGIN: .* not an http\(s\) origin/);
  });

  it('decides from the address, the proxy and APP_ORIGIN alone', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(appOriginRefusal({ host, appOrigin: undefined, behindProxy: false })).toBeNull();
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'cockpit.internal']) {
      expect(appOriginRefusal({ host, appOrigin: undefined, behindProxy: false })).toMatch(
        /^Refusing to start without APP_ORIGIN/,
      );
      expect(
        appOriginRefusal({ host, appOrigin: 'https://a.example', behindProxy: true }),
      ).toBeNull();
    }
    expect(parseAppOrigin('  ')).toBeUndefined();
    expect(parseAppOrigin(' HTTPS://A.Example:8443/ ')).toBe('https://a.example:8443');
    expect(listenOrigin('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenOrigin('::1', 8080)).toBe('http://[::1]:8080');
  });

  /** `tsx server/main.ts` as `npm run serve` runs it, until it exits or says it runs. */
  function serve(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      child.stdout.on('data', () => {
        if (/is running at/.test(output)) child.kill('SIGTERM');
      });
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  it('npm run serve on HOST=0.0.0.0 exits with the reason without APP_ORIGIN, and runs with it', async () => {
    const refused = await serve({ HOST: '0.0.0.0', DATA_DIR: await freshDir() });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /The server could not start: Refusing to start without APP_ORIGIN: it listens on 0\.0\.0\.0/,
    );
    expect(refused.output).not.toContain('is running at');

    const runs = await serve({
      HOST: '0.0.0.0',
      DATA_DIR: await freshDir(),
      APP_ORIGIN: 'https://cockpit.example.test',
    });
    expect(runs.output).toContain('is running at');
  }, 60_000);
});
