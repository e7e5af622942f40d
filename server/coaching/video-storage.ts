import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  magicMatches,
  VIDEO_EXTENSIONS,
  VIDEO_SIZE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
  type VideoType,
} from '@/shared/domain/coaching';
import { badRequest, HttpError } from '../http/errors';

/** How many first bytes the type check reads. */
const HEAD_BYTES = 16;

export const tooLarge = () => new HttpError(413, VIDEO_SIZE_MESSAGE);
export const wrongType = () => new HttpError(415, VIDEO_TYPE_MESSAGE);

export interface StoredVideoFile {
  fileName: string;
  sizeBytes: number;
}

/**
 * Uploaded training videos under DATA_DIR/coaching-videos (issue #16). A file is written
 * to `.incoming/{random}.part` while it arrives and renamed into place only once it is
 * complete, within the size limit and of its declared type by its first bytes; on any
 * failure (too large, wrong bytes, the client gone half-way) the part file is removed.
 * Rows are written after the rename, so a list never shows a file that is not there.
 */
export function createVideoStorage(dataDir: string, maxBytes: number) {
  const dir = path.join(dataDir, 'coaching-videos');
  const incoming = path.join(dir, '.incoming');

  /** Only names we made: "{uuid}.{ext}" — never a client's path. */
  function pathOf(fileName: string): string {
    if (!/^[\w-]+\.(mp4|webm|mov)$/.test(fileName)) throw badRequest('Invalid file name.');
    return path.join(dir, fileName);
  }

  async function receive(source: Readable, type: VideoType): Promise<StoredVideoFile> {
    await mkdir(incoming, { recursive: true });
    const id = randomUUID();
    const partPath = path.join(incoming, `${id}.part`);
    const out = createWriteStream(partPath, { flags: 'wx' });
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const finish = (error?: Error) => {
          if (settled) return;
          settled = true;
          source.off('data', onData);
          source.off('end', onEnd);
          source.off('error', onError);
          source.off('close', onClose);
          if (error) {
            // Read the rest to nowhere, so the client gets our answer instead of a reset.
            if (!source.destroyed) source.resume();
            reject(error);
          } else resolve();
        };
        const onData = (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            finish(tooLarge());
            return;
          }
          if (headLength < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          if (!out.write(chunk)) {
            source.pause();
            out.once('drain', () => source.resume());
          }
        };
        let ended = false;
        const onEnd = () => {
          ended = true;
          out.end(() => finish());
        };
        const interrupted = () => badRequest('The upload was interrupted. Try again.');
        const onError = () => finish(interrupted());
        // 'close' also follows a complete body; only a close before 'end' is a cut upload.
        const onClose = () => {
          if (!ended) finish(interrupted());
        };
        out.once('error', (error) => finish(error));
        source.on('data', onData);
        source.once('end', onEnd);
        source.once('error', onError);
        source.once('close', onClose);
        source.resume();
      });
      if (size === 0) throw badRequest('The file is empty.');
      if (!magicMatches(type, new Uint8Array(Buffer.concat(head)))) throw wrongType();
      const fileName = `${id}.${VIDEO_EXTENSIONS[type]}`;
      await rename(partPath, path.join(dir, fileName));
      return { fileName, sizeBytes: size };
    } catch (error) {
      out.destroy();
      await rm(partPath, { force: true });
      throw error;
    }
  }

  async function remove(fileName: string): Promise<void> {
    await rm(pathOf(fileName), { force: true });
  }

  async function sizeOf(fileName: string): Promise<number | null> {
    try {
      return (await stat(pathOf(fileName))).size;
    } catch {
      return null;
    }
  }

  /** Part files left by a server that stopped mid-upload: removed at start. */
  async function sweepIncoming(): Promise<void> {
    const names = await readdir(incoming).catch(() => [] as string[]);
    await Promise.all(names.map((name) => rm(path.join(incoming, name), { force: true })));
  }

  return { dir, incoming, pathOf, receive, remove, sizeOf, sweepIncoming };
}

export type VideoStorage = ReturnType<typeof createVideoStorage>;
