import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { engineOf } from '@/server/db/database';
import { afterAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@/shared/contracts/auth';
import { readMeta } from '@/server/db/meta';
import { SEED_META_KEY } from '@/server/seed/demo-seed';
import { startTestServer } from './helpers/test-server';

describe('data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps data and tokens across a restart on the same data directory and does not seed again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-restart-'));
    dirs.push(dataDir);

    const first = await startTestServer({ dataDir });
    const seededAt = await readMeta(first.server.db, SEED_META_KEY);
    expect(seededAt).not.toBeNull();
    const tokens = await first.signIn('owner@lakeside.test');
    const rotated = authResponseSchema.parse(
      (
        await first.api('/api/auth', {
          method: 'PATCH',
          body: { username: 'owner@lakeside.test', token: tokens.refreshToken },
        })
      ).body,
    ).data.attributes;
    // Data written by this run, which a re-seed would wipe or duplicate.
    await first.server.db
      .updateTable('lead_sources')
      .set({ label: 'Google Ads - Renamed' })
      .where('id', '=', 'ls_lakeside_01')
      .execute();
    const userCount = await first.server.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await first.close();

    const second = await startTestServer({ dataDir });
    try {
      expect(await readMeta(second.server.db, SEED_META_KEY)).toBe(seededAt);
      const again = await second.server.db
        .selectFrom('users')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(again.n)).toBe(Number(userCount.n));
      const source = await second.server.db
        .selectFrom('lead_sources')
        .select('label')
        .where('id', '=', 'ls_lakeside_01')
        .executeTakeFirstOrThrow();
      expect(source.label).toBe('Google Ads - Renamed');

      // The signing secret survived: the access token from before the restart still works.
      expect((await second.api('/api/users/me', { token: rotated.AccessToken })).status).toBe(200);
      // The rotation survived: the old refresh token stays refused, the new one works.
      const old = await second.api('/api/auth', {
        method: 'PATCH',
        body: { username: 'owner@lakeside.test', token: tokens.refreshToken },
      });
      expect(old.status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('creates a missing data directory with the database and a private signing secret', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'intake-fresh-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'nested', 'data');
    // No demo data: what is checked is the directory, the database and the secret, not a
    // seed (issue #31 item 11: tests of a rule seed only what the rule needs).
    const t = await startTestServer({ dataDir, seedDemoData: false });
    try {
      // On PostgreSQL the data directory holds only the signing secret.
      const onPostgres = engineOf(t.server.db) === 'postgres';
      expect(existsSync(path.join(dataDir, 'intake.sqlite'))).toBe(!onPostgres);
      expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
      // The database answers: its migrations ran (the users table is there, empty).
      const users = await t.server.db
        .selectFrom('users')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(users.n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
