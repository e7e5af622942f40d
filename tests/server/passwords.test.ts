import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decoyPasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  verifyPassword,
} from '@/server/auth/passwords';
import { startTestServer, type TestServer } from './helpers/test-server';

const costOf = (hash: string) => hash.split('$').slice(1, 4).map(Number);

/** issue 9 item 10: OWASP's scrypt floor, and stored hashes upgraded as users sign in. */
describe('password hashing', () => {
  it('hashes at N=2^17, r=8, p=1 by default', async () => {
    expect(PASSWORD_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse');
    expect(costOf(hash)).toEqual([131_072, 8, 1]);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  it('makes the decoy hash (unknown usernames) at the same cost as real ones', async () => {
    expect(costOf(await decoyPasswordHash())).toEqual([131_072, 8, 1]);
  });

  it('asks for a rehash of hashes cheaper than the configured cost, and of unreadable ones', async () => {
    const old = await hashPassword('pw', { N: 2 ** 14, r: 8, p: 1 });
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, { N: 2 ** 14, r: 8, p: 1 })).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });

  it('refuses stored parameters that would exhaust memory instead of trying them', async () => {
    const hostile = `scrypt$${2 ** 30}$8$1$c2FsdA$a2V5`;
    expect(await verifyPassword('pw', hostile)).toBe(false);
  });

  it('treats a stored hash scrypt would throw on as a wrong password, not an error', async () => {
    // N not a power of two; N=2^18 with r=16 (512 MiB, over the memory cap).
    for (const corrupt of [`scrypt$3$8$1$c2FsdA$a2V5`, `scrypt$${2 ** 18}$16$1$c2FsdA$a2V5`]) {
      await expect(verifyPassword('pw', corrupt)).resolves.toBe(false);
    }
  });
});

describe('rehash on sign-in', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The production cost, so the stored 2^14 hash counts as too cheap.
    t = await startTestServer({ seedDemoData: true, passwordCost: PASSWORD_COST });
  });
  afterAll(() => t.close());

  const storedHash = async () =>
    (
      await t.server.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'agent@harbor.test')
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('replaces a stored N=2^14 hash with an N=2^17 one when the user signs in, and the password still works', async () => {
    await t.server.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('demo-password', { N: 2 ** 14, r: 8, p: 1 }) })
      .where('username', '=', 'agent@harbor.test')
      .execute();
    expect(costOf(await storedHash())).toEqual([16_384, 8, 1]);

    await t.signIn('agent@harbor.test');
    const upgraded = await storedHash();
    expect(costOf(upgraded)).toEqual([131_072, 8, 1]);
    expect(await verifyPassword('demo-password', upgraded)).toBe(true);
    await t.signIn('agent@harbor.test');
  });

  it('does not touch the stored hash on a failed sign-in', async () => {
    const before = await storedHash();
    const answer = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'agent@harbor.test', password: 'wrong-password' },
    });
    expect(answer.status).toBe(401);
    expect(await storedHash()).toBe(before);
  });
});
