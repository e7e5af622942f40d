import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/database';

/**
 * Which server processes are running (migration 0017): each one writes a heartbeat into
 * `server_instances` every HEARTBEAT_INTERVAL_MS and removes its row when it closes. A
 * live call belongs to the process whose timers move it on (`ctm_calls.owner_instance`);
 * when that process is gone — no row (it closed) or a heartbeat older than
 * INSTANCE_STALE_AFTER_MS (it crashed, was killed or lost the database) — nothing will
 * ever end the call, and any other process marks it failed (call-simulator.ts recover).
 */

/** How often a process writes its heartbeat and looks for calls of stopped processes. */
export const HEARTBEAT_INTERVAL_MS = 5_000;

/**
 * A heartbeat older than this is a stopped process: three beats missed, so one slow
 * write (a busy database, a long request blocking the event loop) or a second of clock
 * difference between hosts is not taken for a crash. A crashed process's calls are
 * failed within this plus one beat.
 */
export const INSTANCE_STALE_AFTER_MS = 3 * HEARTBEAT_INTERVAL_MS;

/** A new instance id: one per server built (a process, or each test server of a test). */
export function newInstanceId(): string {
  return randomUUID();
}

/** What an operator reading server_instances sees of an instance: where it runs. */
export function instanceLabel(): string {
  return `${os.hostname()} pid ${process.pid}`.slice(0, 300);
}

/** The oldest heartbeat of a running instance at `now`. */
export function aliveCutoff(now: Date): string {
  return new Date(now.getTime() - INSTANCE_STALE_AFTER_MS).toISOString();
}

/**
 * Writes the instance's heartbeat, adding its row if missing (the first beat, or another
 * process removed it while this one could not write: its calls were failed, new ones are
 * its own again).
 */
export async function writeHeartbeat(
  db: Db,
  instance: { id: string; label: string; startedAt: string },
  now: Date,
): Promise<void> {
  const seen = now.toISOString();
  await db
    .insertInto('server_instances')
    .values({
      id: instance.id,
      label: instance.label,
      started_at: instance.startedAt,
      last_seen_at: seen,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: seen }))
    .execute();
}

/** A closing instance's row goes: the calls it leaves live are failed at once by the others. */
export async function removeInstance(db: Db, id: string): Promise<void> {
  await db.deleteFrom('server_instances').where('id', '=', id).execute();
}

/** Removes the rows of stopped instances (after their calls were failed), so none piles up. */
export async function forgetStoppedInstances(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('server_instances').where('last_seen_at', '<', aliveCutoff(now)).execute();
}
