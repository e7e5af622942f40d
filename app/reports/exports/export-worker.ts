/// <reference lib="webworker" />
import { buildExportFile, type ExportFormat } from './build-export-file';

/**
 * The export worker (TOOLCHAIN.md: "large exports belong in a Web Worker so the page stays
 * responsive"): builds the file off the main thread and reports progress.
 */
export interface ExportRequest {
  rows: string[][];
  format: ExportFormat;
}

export type ExportWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; file: ArrayBuffer | string }
  | { type: 'failed'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<ExportRequest>) => {
  const post = (message: ExportWorkerMessage, transfer: Transferable[] = []) =>
    scope.postMessage(message, transfer);
  try {
    const file = await buildExportFile(event.data.rows, event.data.format, {
      onProgress: (fraction) => post({ type: 'progress', fraction }),
    });
    post({ type: 'done', file }, typeof file === 'string' ? [] : [file]);
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
