import type { Db } from '../../db/database';
import type { Scheduler } from '../scheduler';
import {
  claimCatchUp,
  findConnection,
  type ConnectionRow,
  listConnections,
  releaseCatchUp,
  saveCatchUpCursor,
} from './ctm-connection-store';
import type { CtmCalls } from './ctm-calls';
import type { CtmConnections } from './ctm-connections';
import type { CtmCall } from './ctm-schemas';
import { ctmCallFacts } from './ctm-webhook';

// The catch-up over CTM's calls list (issue #32 "Reports from real calls"): the calls that
// ended while no webhook reached us (the server down, a webhook lost) are read from
// GET accounts/{id}/calls.json and stored like an end webhook, so the compliance,
// Communications and agent reports miss none. A cursor per connection says up to when the
// list was read; CTM filters by whole days (start_date), so the cursor's day is read again
// and only calls started at or after the cursor are applied. A call already stored (by its
// webhooks, or an earlier catch-up) changes nothing: ctm-calls.ts is keyed by CTM's id.
// In a cluster every process runs it; a lease per connection lets one read CTM at a time.

/** How often the catch-up runs. */
export const CATCH_UP_INTERVAL_MS = 5 * 60 * 1000;
/**
 * How long one process holds a connection's catch-up (migration 0028): a cluster's other
 * processes skip it meanwhile; a process that died mid-run loses it after this.
 */
export const CATCH_UP_LEASE_MS = 4 * 60 * 1000;

/** dial_status values of a call still going on: not caught up until it ends. */
const LIVE = new Set(['ringing', 'in-progress', 'queued', 'active']);

const isOver = (call: CtmCall) =>
  call.duration != null && !LIVE.has((call.dial_status ?? '').toLowerCase());

export interface CtmCatchUpOptions {
  db: Db;
  connections: CtmConnections;
  calls: CtmCalls;
  scheduler: Scheduler;
  log(message: string, error: unknown): void;
}

export interface CatchUpResult {
  read: number;
  applied: number;
}

export function createCtmCatchUp(options: CtmCatchUpOptions) {
  const { db, connections, calls, scheduler, log } = options;
  let cancel: (() => void) | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  /** One workspace: every ended call since the cursor; the cursor moves past them. */
  async function catchUp(row: ConnectionRow): Promise<CatchUpResult> {
    const now = scheduler.now();
    const cursor = new Date(row.catch_up_cursor ?? row.connected_at);
    // Calls still live when read are read again next time: the cursor stops before them.
    let next = now;
    let read = 0;
    let applied = 0;
    await connections.withClient(row.workspace_id, async (client) => {
      for await (const call of client.allCalls({ since: cursor, until: now })) {
        read += 1;
        const startedMs = (call.unix_time ?? 0) * 1000;
        if (startedMs < cursor.getTime()) continue;
        if (!isOver(call)) {
          if (startedMs < next.getTime()) next = new Date(startedMs);
          continue;
        }
        const outcome = await calls.apply(row.workspace_id, 'end', ctmCallFacts(call, 'end', now));
        if (outcome !== 'unchanged') applied += 1;
      }
    });
    await saveCatchUpCursor(db, row.workspace_id, next.toISOString());
    return { read, applied };
  }

  /**
   * Every connected workspace once, but those another process is catching up (their lease);
   * one failing (CTM down) does not stop the others.
   */
  async function runOnce(): Promise<Map<string, CatchUpResult>> {
    const results = new Map<string, CatchUpResult>();
    for (const row of await listConnections(db)) {
      if (stopped) break;
      const at = scheduler.now();
      const until = new Date(at.getTime() + CATCH_UP_LEASE_MS);
      if (!(await claimCatchUp(db, row.workspace_id, at, until))) continue;
      try {
        // Read again once claimed: the cursor another process's run moved meanwhile.
        const claimed = await findConnection(db, row.workspace_id);
        if (claimed) results.set(row.workspace_id, await catchUp(claimed));
      } catch (error) {
        // The connection's health says it (withClient recorded CTM's failure).
        log(`CTM catch-up of ${row.workspace_id} failed; trying again in 5 minutes`, error);
      } finally {
        await releaseCatchUp(db, row.workspace_id, until);
      }
    }
    return results;
  }

  function schedule() {
    if (stopped) return;
    cancel = scheduler.after(CATCH_UP_INTERVAL_MS, () => {
      running = runOnce()
        .catch((error: unknown) => log('CTM catch-up failed', error))
        .finally(() => {
          running = null;
          schedule();
        });
    });
  }

  return {
    runOnce,
    /** The first catch-up right away (what a stopped server missed), then every 5 minutes. */
    start() {
      running = runOnce()
        .catch((error: unknown) => log('CTM catch-up failed', error))
        .finally(() => {
          running = null;
          schedule();
        });
    },
    async settled() {
      while (running) await running;
    },
    async close() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}

export type CtmCatchUp = ReturnType<typeof createCtmCatchUp>;
