import { performance } from 'node:perf_hooks';
import type {
  MicroserviceCheck,
  MicroserviceId,
  MicroserviceStatus,
} from '@/shared/contracts/microservices';

/** What one part's probe answers: how it is, in one line. */
export interface ProbeResult {
  status: MicroserviceStatus;
  detail: string;
}

/** A probe gets a signal that aborts when its time is up (so it can stop its own work). */
export type Probe = (signal: AbortSignal) => Promise<ProbeResult>;

export interface PartCheck {
  id: MicroserviceId;
  name: string;
  probe: Probe;
}

const DETAIL_MAX = 300;

/** One line, short enough for the contract (a driver's error may span lines). */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_MAX ? `${line.slice(0, DETAIL_MAX - 1)}…` : line;
}

/**
 * Runs one probe bounded by `timeoutMs`: a probe that throws is down with its reason, one
 * that has not answered in time is down (timed out) and its signal is aborted, so a hung
 * part never holds the page (issue #16).
 */
export async function runCheck(part: PartCheck, timeoutMs: number): Promise<MicroserviceCheck> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const result = await Promise.race([part.probe(controller.signal), timeout]);
    if (result === 'timeout') {
      controller.abort();
      return {
        id: part.id,
        name: part.name,
        status: 'down',
        latencyMs: timeoutMs,
        detail: `No answer within ${timeoutMs} ms.`,
        timedOut: true,
      };
    }
    return {
      id: part.id,
      name: part.name,
      status: result.status,
      latencyMs: elapsed(),
      detail: oneLine(result.detail),
      timedOut: false,
    };
  } catch (error) {
    controller.abort();
    const reason = error instanceof Error && error.message ? error.message : String(error);
    return {
      id: part.id,
      name: part.name,
      status: 'down',
      latencyMs: elapsed(),
      detail: oneLine(`Failed: ${reason}`),
      timedOut: false,
    };
  } finally {
    clearTimeout(timer);
  }
}
