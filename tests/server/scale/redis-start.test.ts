import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '@/server/app';
import { redactRedisUrl } from '@/server/socket/redis-fanout';

/** issue #17: a server told to fan out over Redis does not start without it. */
describe('REDIS_URL at start', () => {
  it('refuses to start, naming the address and what to do, when Redis does not answer', async () => {
    // A port nothing listens on: taken, then released.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-redis-start-'));
    try {
      await expect(
        buildServer({
          dataDir,
          logLevel: 'silent',
          redisUrl: `redis://:secret@127.0.0.1:${port}`,
        }),
      ).rejects.toThrow(
        new RegExp(
          `^Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/? is unreachable \\(.+\\)\\. Start Redis or fix REDIS_URL\\.$`,
        ),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('never shows the password of a Redis address', () => {
    expect(redactRedisUrl('redis://user:hunter2@cache:6380/0')).toBe(
      'redis://user:***@cache:6380/0',
    );
    expect(redactRedisUrl('redis://cache:6379')).toBe('redis://cache:6379');
    expect(redactRedisUrl('not a url')).toBe('(unparsable REDIS_URL)');
  });
});
