import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVideoStorage } from '@/server/coaching/video-storage';
import { HttpError } from '@/server/http/errors';
import { VIDEO_SIZE_MESSAGE } from '@/shared/domain/coaching';

// Upload storage (issue #16): a file is renamed into place only complete and checked.

const webm = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);

describe('video storage', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'coaching-storage-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const contents = async (storage: ReturnType<typeof createVideoStorage>) => ({
    files: (await readdir(storage.dir)).filter((f) => f !== '.incoming'),
    incoming: await readdir(storage.incoming),
  });

  it('keeps a complete WebM under a name of its own, with its bytes', async () => {
    const storage = createVideoStorage(dataDir, 1024);
    const stored = await storage.receive(Readable.from([webm()]), 'video/webm');
    expect(stored.fileName).toMatch(/^[\w-]+\.webm$/);
    expect(stored.sizeBytes).toBe(64);
    expect((await readFile(storage.pathOf(stored.fileName))).equals(webm())).toBe(true);
    expect((await contents(storage)).incoming).toEqual([]);
  });

  it('stops a stream that grows past the limit with 413 and removes the part file', async () => {
    const storage = createVideoStorage(dataDir, 100);
    const source = new PassThrough();
    const receiving = storage.receive(source, 'video/webm');
    source.write(webm());
    source.write(Buffer.alloc(64, 2));
    source.end();
    const error = await receiving.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(413);
    expect((error as HttpError).message).toBe(VIDEO_SIZE_MESSAGE);
    expect(await contents(storage)).toEqual({ files: [], incoming: [] });
  });

  it('refuses a declared type whose first bytes differ (an MP4 sent as WebM) with 415', async () => {
    const storage = createVideoStorage(dataDir, 1024);
    const mp4 = Buffer.alloc(64, 0);
    mp4.write('ftypisom', 4, 'latin1');
    const error = await storage
      .receive(Readable.from([mp4]), 'video/webm')
      .catch((e: unknown) => e);
    expect((error as HttpError).statusCode).toBe(415);
    expect(await contents(storage)).toEqual({ files: [], incoming: [] });
  });

  it('refuses an empty body with 400', async () => {
    const storage = createVideoStorage(dataDir, 1024);
    const error = await storage.receive(Readable.from([]), 'video/mp4').catch((e: unknown) => e);
    expect((error as HttpError).statusCode).toBe(400);
  });

  it('never opens a path outside its folder', () => {
    const storage = createVideoStorage(dataDir, 1024);
    expect(() => storage.pathOf('../intake.sqlite')).toThrow(HttpError);
  });
});

describe('media links in the request log', () => {
  it('writes a signed video link without its signature', async () => {
    const { redactTokens } = await import('@/server/http/log-redaction');
    expect(redactTokens('/api/coaching-media/cv_1?expires=123&signature=abcDEF-_x')).toBe(
      '/api/coaching-media/cv_1?expires=123&signature=[token]',
    );
  });
});
