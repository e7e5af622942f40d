import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@/shared/contracts/public-config';
import { DEFAULT_SUPPORT_EMAIL } from '@/shared/domain/support-contact';
import { startTestServer, type TestServer } from './helpers/test-server';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

// No demo records: the contact needs none, and an empty database starts in a moment.
const NO_DEMO = { seedDemoData: false } as const;

describe('GET /api/public-config (issue #30: SUPPORT_EMAIL / SUPPORT_URL)', () => {
  describe('with neither set', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(NO_DEMO);
    });
    afterAll(() => t.close());

    it('answers the default address to anyone, signed in or not, by its contract', async () => {
      const answer = await t.api('/api/public-config');
      expect(answer.status).toBe(200);
      expect(publicConfigSchema.parse(answer.body)).toEqual({
        support: { email: DEFAULT_SUPPORT_EMAIL, url: null },
      });
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    });
  });

  describe('with both set', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({
        ...NO_DEMO,
        docsRoot: REPO_ROOT,
        support: {
          email: ' help@lakeside-law.example ',
          url: 'https://help.lakeside-law.example/tickets',
        },
      });
    });
    afterAll(() => t.close());

    it('serves README.md and the guides of docs/ as text for the help page, nothing else', async () => {
      const readme = await t.api('/docs/README.md');
      expect(readme.status).toBe(200);
      expect(readme.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(readme.body).toContain('### Configuration');
      const guide = await t.api('/docs/cockpit.md');
      expect(guide.body).toContain('# Cockpit');
      for (const route of [
        '/docs/missing.md',
        '/docs/package.json',
        '/docs/..%2Fpackage.json',
        '/docs/..%2FREADME.md',
        '/docs/%2Fetc%2Fpasswd.md',
      ]) {
        const answer = await t.api(route);
        expect(answer.status, route).toBe(404);
      }
    });

    it("answers the firm's address and page, trimmed", async () => {
      const answer = await t.api('/api/public-config');
      expect(answer.body).toEqual({
        support: {
          email: 'help@lakeside-law.example',
          url: 'https://help.lakeside-law.example/tickets',
        },
      });
    });
  });

  describe('with only SUPPORT_URL set', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({
        ...NO_DEMO,
        support: { email: '', url: 'https://desk.example.com/' },
      });
    });
    afterAll(() => t.close());

    it("never shows the product's default address beside the firm's page", async () => {
      const answer = await t.api('/api/public-config');
      expect(answer.body).toEqual({ support: { email: null, url: 'https://desk.example.com/' } });
    });
  });

  it.each([
    [
      { url: 'javascript:alert(1)' },
      /SUPPORT_URL must be an http or https address.*javascript:alert\(1\)/,
    ],
    [{ url: 'help.example.com' }, /SUPPORT_URL must be/],
    [{ email: 'not an address' }, /SUPPORT_EMAIL must be an e-mail address.*not an address/],
  ])(
    'refuses to start with a malformed value, naming the variable: %j',
    async (support, reason) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-support-'));
      try {
        // No demo data asked for, so the helper copies nothing into the directory either.
        await expect(startTestServer({ dataDir, support, seedDemoData: false })).rejects.toThrow(
          reason,
        );
        // Checked before anything was opened: no database was created.
        expect(await readdir(dataDir)).toEqual([]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
