import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('the built app at /', () => {
  let staticDir: string;
  let t: TestServer;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'intake-static-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(
      path.join(staticDir, 'index.html'),
      '<!doctype html><div id="root">app shell</div>',
    );
    await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")');
    t = await startTestServer({ staticDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / and its assets by path', async () => {
    const root = await t.api('/');
    expect(root.status).toBe(200);
    expect(root.body).toContain('app shell');
    const asset = await t.api('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('answers index.html for client-side routes without a file extension', async () => {
    for (const route of [
      '/login',
      '/app/dashboards/cockpit',
      '/app/profile/user-info?tab=1',
      '/404',
    ]) {
      const answer = await t.api(route);
      expect(answer.status, route).toBe(200);
      expect(answer.body).toContain('app shell');
    }
  });

  it('answers a JSON 404 for missing files and for unknown API, call-centre, socket and widget paths', async () => {
    for (const route of [
      '/assets/missing.js',
      '/api/unknown',
      '/call-center/unknown',
      '/widgets/unknown',
      '/widgets',
    ]) {
      const answer = await t.api(route);
      expect(answer.status, route).toBe(404);
      expect(answer.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('without a built app', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      staticDir: path.join(os.tmpdir(), 'intake-no-such-dir', 'dist', 'app'),
    });
  });
  afterAll(() => t.close());

  it('answers / with a page that says how to build the app', async () => {
    const answer = await t.api('/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    expect((await t.api('/api/health')).status).toBe(200);
  });
});

describe('CORS for the extension and widgets on configured origins', () => {
  let t: TestServer;
  beforeAll(async () => {
    // A configured embedder's origin (issue #9 item 2: no origin is allowed by default).
    t = await startTestServer({ allowedOrigins: ['https://crm.zoho.com'] });
  });
  afterAll(() => t.close());

  it("answers a configured origin's preflight with 204 and the allowed methods and headers, echoing the origin", async () => {
    const answer = await t.api('/api/auth', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://crm.zoho.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://crm.zoho.com');
    expect(answer.headers.get('access-control-allow-methods')).toBe(
      'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    );
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });

  it('echoes the origin on ordinary answers, errors included', async () => {
    const headers = { origin: 'chrome-extension://abcdefghijklmnop' };
    const ok = await t.api('/api/health', { headers });
    expect(ok.headers.get('access-control-allow-origin')).toBe(headers.origin);
    const refused = await t.api('/api/users/me', { headers });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(headers.origin);
  });
});
