import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'puppeteer';

export interface Download {
  /** The name the page gave the file (the link's `download` attribute). */
  suggestedFilename: string;
  /** Where the browser saved it. */
  path: string;
  bytes(): Buffer;
}

export interface DownloadCapture {
  dir: string;
  /** The next download that completes, or a timeout error. */
  next(timeout?: number): Promise<Download>;
  stop(): Promise<void>;
}

interface WillBegin {
  guid: string;
  suggestedFilename: string;
}
interface Progress {
  guid: string;
  state: 'inProgress' | 'completed' | 'canceled';
}

/**
 * Saves every download of the browser into a fresh folder (CDP Browser.setDownloadBehavior,
 * "allow": the file keeps the name the page gave it) and reports each one as it completes.
 */
export async function captureDownloads(browser: Browser): Promise<DownloadCapture> {
  const dir = mkdtempSync(join(tmpdir(), 'intake-downloads-'));
  const session: CDPSession = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: dir,
    eventsEnabled: true,
  });
  const names = new Map<string, string>();
  const done: Download[] = [];
  const waiting: ((download: Download) => void)[] = [];
  session.on('Browser.downloadWillBegin', (event: WillBegin) => {
    names.set(event.guid, event.suggestedFilename);
  });
  session.on('Browser.downloadProgress', (event: Progress) => {
    if (event.state !== 'completed') return;
    const suggestedFilename = names.get(event.guid) ?? '';
    const path = join(dir, suggestedFilename);
    const download = { suggestedFilename, path, bytes: () => readFileSync(path) };
    const waiter = waiting.shift();
    if (waiter) waiter(download);
    else done.push(download);
  });
  return {
    dir,
    next(timeout = 20_000) {
      const ready = done.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(deliver), 1);
          reject(new Error(`No download completed within ${timeout} ms.`));
        }, timeout);
        const deliver = (download: Download) => {
          clearTimeout(timer);
          resolve(download);
        };
        waiting.push(deliver);
      });
    },
    async stop() {
      await session.send('Browser.setDownloadBehavior', { behavior: 'default' }).catch(() => {});
      await session.detach().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
