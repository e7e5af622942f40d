import { buildExportFile, EXPORT_MIME, type ExportFormat } from './build-export-file';
import type { ExportWorkerMessage } from './export-worker';

/** From this many rows the file is built in a Web Worker (TOOLCHAIN.md: xlsx writes ~12k rows/s). */
export const WORKER_THRESHOLD = 2000;

export interface RunExportOptions {
  onProgress?: (fraction: number) => void;
  /** Tests and hosts that know workers cannot start (a widget in a CRM page) set false. */
  allowWorker?: boolean;
  workerThreshold?: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A worker's script must come from the page's own origin, and the worker file sits next
 * to this module. Not so for a widget in the extension's panel (a chrome-extension:// or
 * moz-extension:// module in a CRM page) or a script-tag bundle served from another
 * origin: there the export goes straight to the main thread, without a failed attempt.
 */
export function workerCanStart(moduleUrl: string = import.meta.url): boolean {
  if (typeof Worker === 'undefined' || typeof location === 'undefined') return false;
  try {
    return new URL(moduleUrl).origin === location.origin;
  } catch {
    return false;
  }
}

function onMainThread(
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  onProgress?: (fraction: number) => void,
) {
  // Chunks of 500 rows with a yield between them: the page keeps painting the progress.
  return buildExportFile(rows, format, { onProgress, pause: nextTask, chunkSize: 500 });
}

function inWorker(
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  onProgress?: (fraction: number) => void,
): Promise<ArrayBuffer | string> {
  return new Promise((resolve, reject) => {
    // Throws synchronously where a worker may not start (another origin's page, a CSP).
    const worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ExportWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.fraction);
      else if (message.type === 'done') {
        finish();
        resolve(message.file);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      event.preventDefault();
      reject(new Error(event.message || 'The export worker could not start.'));
    };
    worker.postMessage({ rows, format });
  });
}

/**
 * The export file as a Blob. Large exports run in a Web Worker; where a worker cannot
 * start (workerCanStart: a widget inside a CRM page or the extension, whose script's
 * origin is not the page's; or the worker fails), the same builder runs on the main
 * thread in chunks, yielding between them, with the same progress.
 */
export async function createExportBlob(
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  { onProgress, allowWorker = true, workerThreshold = WORKER_THRESHOLD }: RunExportOptions = {},
): Promise<Blob> {
  let file: ArrayBuffer | string | null = null;
  if (allowWorker && rows.length > workerThreshold && workerCanStart()) {
    try {
      file = await inWorker(rows, format, onProgress);
    } catch (error) {
      console.warn('Export worker unavailable; exporting on the main thread.', error);
    }
  }
  file ??= await onMainThread(rows, format, onProgress);
  return new Blob([file], { type: EXPORT_MIME[format] });
}

/** Saves a Blob as a download (works from a shadow root too: the link is transient). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
