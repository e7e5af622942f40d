import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  LIVE_CALL_STATUSES,
  type CallDirection,
  type CallEndedBy,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import type { Db } from '../db/database';
import type { CtmCallTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { NotificationService } from '../notifications/notification-service';
import { mulberry32, type Random } from '../seed/random';
import { createCallEndings } from './call-endings';
import { recordEndedCall } from './call-records';
import { type CallRow, countLiveCalls, findCallRow, findCallRowById } from './call-store';
import {
  endLiveCall,
  endOfLiveCall,
  isLiveStatus,
  liveCountPusher,
  takeLiveCall,
  trackedCallOf,
} from './live-call-rows';
import type { Scheduler } from './scheduler';
import { aliveCutoff } from './server-instances';

/**
 * The simulated call-tracking provider (issues #12, #13; spec: session 3 "Call from the
 * call-tracking service", 7 Call tracking). It does what the real provider does for the
 * product, without a telephone system: a call is placed (ringing), is answered after a
 * ring (or marked connected by the client, spec 4), and is ended later with a duration
 * and a sid — by the simulated conversation ending, or by a hang-up. Every start and end
 * pushes the workspace's live call count (`ctmcallsdata`, spec 4 Sockets) to room
 * workspace:{id}, and every ended call becomes a reporting call record (the cockpit's
 * calls come from it, as they would from the provider's call log).
 *
 * Every end records who ended it and is told to the agent's users (`callEnded::{userId}`),
 * and an inbound call nobody took becomes a missed-call notification (issue #28;
 * call-endings.ts).
 */

export interface CallSimulatorTimings {
  /** Seconds a call rings before the other side picks up. */
  ringSeconds: number;
  /** Range of seconds a conversation lasts before the provider ends it. */
  talkSeconds: readonly [number, number];
}

export const DEFAULT_CALL_TIMINGS: CallSimulatorTimings = {
  ringSeconds: 6,
  talkSeconds: [60, 240],
};

export interface CallSimulatorOptions {
  db: Db;
  scheduler: Scheduler;
  /**
   * This server's instance id (server-instances.ts): written on every call it places, as
   * the owner whose timers move the call on.
   */
  instanceId: string;
  /** Socket fan-out (the IntakeServer's). */
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  /** To every socket of a user (callEnded::{userId}, issue #28). */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Where missed calls become notifications (issue #28); without it none is made. */
  notifications?: Pick<NotificationService, 'send'>;
  timings?: Partial<CallSimulatorTimings>;
  /** Talk times and tracking-number picks; a fixed seed by default (deterministic). */
  random?: Random;
  /** Called after an ended call was recorded (the cockpit warnings look again). */
  onRecordsArrived?: (workspaceId: string) => void;
  /** Where failures of timer-driven work are reported (they have no request to fail). */
  log?: (message: string, error: unknown) => void;
}

export interface PlaceCall {
  workspaceId: string;
  direction: CallDirection;
  fromNumber: string;
  toNumber: string;
  agentCtmUserId: string;
  agentId: string | null;
  trackingNumber: string | null;
  campaignId: string | null;
  leadSourceId: string | null;
  leadName?: string | null;
  /** The signed-in user who placed it; null for the simulator's own calls. */
  createdBy: string | null;
  /** false: nobody picks up, the call ends unanswered after the ring (demo activity). */
  answered?: boolean;
  /** Seconds of conversation; default a random one within the timings. */
  talkSeconds?: number;
  /**
   * false: the call never raises a missed-call notification (issue #28), as the demo
   * activity's background callers must not. Default true (only inbound calls can be missed).
   */
  notifyMissed?: boolean;
}

export interface CallSimulator {
  place(call: PlaceCall): Promise<TrackedCall>;
  /**
   * spec 4: the client marks the call connected (PUT connected=true). 409 once ended.
   * The first time it also records when the call was taken (issue #28: a call taken is
   * never missed) and, when `agentId` is given and the call has no agent yet, that agent
   * (the caller checks it is one of the workspace's).
   */
  markConnected(
    workspaceId: string,
    callId: string,
    taker?: { agentId: string | null },
  ): Promise<TrackedCall | null>;
  /**
   * The agent ends a live call now (endedBy 'agent'); an ended call is answered as it is
   * (two tabs may both hang up).
   */
  hangUp(workspaceId: string, callId: string): Promise<TrackedCall | null>;
  /**
   * The simulated caller hangs up a live call (endedBy 'caller'; issue #28), found by its
   * id alone. null when there is none; 409 CALL_ENDED_MESSAGE when it has ended already.
   */
  callerHangUp(callId: string): Promise<TrackedCall | null>;
  /** Removes a call (spec 7 deleteCall); false when there was none. */
  deleteCall(workspaceId: string, callId: string): Promise<boolean>;
  getCall(workspaceId: string, callId: string): Promise<TrackedCall | null>;
  liveCount(workspaceId: string): Promise<number>;
  /**
   * Live calls whose owner is not running — another instance with no row or a stale
   * heartbeat in server_instances, or none (calls from before migration 0017) — can never
   * end now: they are marked failed (endedBy 'system'), their workspaces get their live
   * count and each call's end is told (issue #28). The calls of this instance and of
   * running ones are left alone. Answers how many failed.
   */
  recover(): Promise<number>;
  /** Resolves once the timer-driven work started so far has finished (tests). */
  settled(): Promise<void>;
  /** Cancels every timer and waits for work in progress; nothing runs afterwards. */
  close(): Promise<void>;
  readonly random: Random;
  readonly scheduler: Scheduler;
  readonly timings: CallSimulatorTimings;
}

/** The one conflict a client can cause: acting on a call that has ended. */
export const CALL_ENDED_MESSAGE = 'The call has already ended.';

export function createCallSimulator(options: CallSimulatorOptions): CallSimulator {
  const { db, scheduler } = options;
  const timings: CallSimulatorTimings = { ...DEFAULT_CALL_TIMINGS, ...options.timings };
  const random = options.random ?? mulberry32(20_261_123);
  const log = options.log ?? ((message, error) => console.error(message, error));
  const endings = createCallEndings({
    db,
    emitToUser: options.emitToUser,
    notifications: options.notifications,
    log,
  });
  const steps = createCallSteps(scheduler, log);
  const { track, schedule } = steps;
  /** Planned talk time of each live call (chosen when it is placed). */
  const talkTimes = new Map<string, number>();

  function forget(callId: string) {
    steps.cancel(callId);
    talkTimes.delete(callId);
  }

  const pushLiveCount = liveCountPusher(db, options.emitToWorkspace);
  const one = (row: CallRow) => trackedCallOf(db, row);

  function randomTalk(): number {
    const [min, max] = timings.talkSeconds;
    return random.int(min, max);
  }

  /** The call picked up (by the agent or the customer): the conversation runs its course. */
  async function connect(workspaceId: string, callId: string): Promise<CallRow | null> {
    const result = await connectCallRow(db, workspaceId, callId, scheduler.now());
    if (Number(result.numUpdatedRows) > 0) {
      const talk = talkTimes.get(callId) ?? randomTalk();
      // The conversation over at the provider: the caller's end (issue #28).
      schedule(callId, talk, () => end(workspaceId, callId, 'caller'));
    }
    return findCallRow(db, workspaceId, callId);
  }

  /**
   * The provider ends the call: completed after a conversation, else no-answer, ended by
   * `endedBy` (issue #28). Answers the row as it is after, and whether this call ended it.
   */
  async function end(
    workspaceId: string,
    callId: string,
    endedBy: CallEndedBy,
  ): Promise<{ row: CallRow | null; endedNow: boolean }> {
    const row = await findCallRow(db, workspaceId, callId);
    if (!row || !isLiveStatus(row.status)) return { row, endedNow: false };
    const endedAt = scheduler.now();
    const sid = `CA${randomBytes(16).toString('hex')}`;
    // Only a live call ends, once: a hang-up racing the simulated end changes nothing twice.
    const result = await endLiveCall(db, callId, {
      ...endOfLiveCall(row, endedAt),
      sid,
      endedAt,
      endedBy,
    });
    const ended = await findCallRow(db, workspaceId, callId);
    if (Number(result.numUpdatedRows) === 0 || !ended) return { row: ended, endedNow: false };
    forget(callId);
    // Into the reports first, then heard: a screen that reloads its figures when it hears a
    // call end (the agent dashboard, issue #30) finds the call already counted.
    await recordEndedCall(db, log, options.onRecordsArrived, ended);
    await pushLiveCount(workspaceId);
    await endings.ended(ended);
    return { row: ended, endedNow: true };
  }

  return {
    random,
    scheduler,
    timings,

    async place(call) {
      if (steps.closed()) throw new HttpError(503, 'The call-tracking service is shutting down.');
      const id = randomUUID();
      const row = newCallRow(call, id, scheduler.now(), options.instanceId);
      await db.insertInto('ctm_calls').values(row).execute();
      talkTimes.set(id, call.talkSeconds ?? randomTalk());
      // A ring nobody answers ends at the caller's side (issue #28).
      schedule(id, timings.ringSeconds, () =>
        call.answered === false
          ? end(call.workspaceId, id, 'caller')
          : connect(call.workspaceId, id),
      );
      await pushLiveCount(call.workspaceId);
      const stored = await findCallRow(db, call.workspaceId, id);
      if (!stored) throw new Error(`call ${id} vanished after insert`);
      return one(stored);
    },

    async markConnected(workspaceId, callId, taker) {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return null;
      if (!isLiveStatus(row.status)) throw new HttpError(409, CALL_ENDED_MESSAGE);
      // Taken once (issue #28): the first take counts, and an agent only fills a call
      // without one. Only while live: a call ending meanwhile was not taken in time.
      const taken = await takeLiveCall(db, workspaceId, callId, {
        at: scheduler.now(),
        agentId: taker?.agentId ?? null,
      });
      if (Number(taken.numUpdatedRows) === 0) throw new HttpError(409, CALL_ENDED_MESSAGE);
      const connected =
        row.status === 'ringing'
          ? await connect(workspaceId, callId)
          : await findCallRow(db, workspaceId, callId);
      return connected ? one(connected) : null;
    },

    async hangUp(workspaceId, callId) {
      const { row } = await track(end(workspaceId, callId, 'agent'));
      return row ? one(row) : null;
    },

    async callerHangUp(callId) {
      const found = await findCallRowById(db, callId);
      if (!found) return null;
      if (!isLiveStatus(found.status)) throw new HttpError(409, CALL_ENDED_MESSAGE);
      const { row, endedNow } = await track(end(found.workspace_id, callId, 'caller'));
      // Ended by someone else between the look and the end: the caller was too late.
      if (!endedNow) throw new HttpError(409, CALL_ENDED_MESSAGE);
      return row ? one(row) : null;
    },

    async deleteCall(workspaceId, callId) {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return false;
      forget(callId);
      await db.deleteFrom('ctm_calls').where('id', '=', callId).execute();
      if (isLiveStatus(row.status)) await pushLiveCount(workspaceId);
      return true;
    },

    async getCall(workspaceId, callId) {
      const row = await findCallRow(db, workspaceId, callId);
      return row ? one(row) : null;
    },

    liveCount: (workspaceId) => countLiveCalls(db, workspaceId),

    async recover() {
      const now = scheduler.now();
      const failed = await failOrphanedCalls(db, now, options.instanceId);
      // Sockets of those workspaces (on any process, through the fan-out) see the count drop,
      // and each call's agent learns it ended (issue #28).
      for (const workspaceId of new Set(failed.map((row) => row.workspace_id))) {
        await pushLiveCount(workspaceId);
      }
      for (const row of failed) await endings.ended(row);
      return failed.length;
    },

    settled: () => steps.settled(),

    async close() {
      const stopped = steps.close();
      talkTimes.clear();
      await stopped;
    },
  };
}
/** The row of a call just placed: ringing, owned by this instance. */
function newCallRow(
  call: PlaceCall,
  id: string,
  now: Date,
  instanceId: string,
): Insertable<CtmCallTable> {
  return {
    id,
    workspace_id: call.workspaceId,
    sid: null,
    direction: call.direction,
    status: 'ringing',
    from_number: call.fromNumber,
    to_number: call.toNumber,
    agent_ctm_user_id: call.agentCtmUserId,
    agent_id: call.agentId,
    tracking_number: call.trackingNumber,
    campaign_id: call.campaignId,
    lead_source_id: call.leadSourceId,
    lead_name: call.leadName ?? null,
    created_by: call.createdBy,
    started_at: now.toISOString(),
    connected: 0,
    connected_at: null,
    ended_at: null,
    duration_seconds: null,
    owner_instance: instanceId,
    ended_by: null,
    taken_at: null,
    notify_missed: call.notifyMissed === false ? 0 : 1,
    ctm_call_id: null,
    recorded_at: null,
    recording_url: null,
  };
}

/**
 * Marks failed (endedBy 'system') the live calls whose owner is not running: none, or
 * another instance with no row or a stale heartbeat in server_instances. Answers them.
 */
function failOrphanedCalls(db: Db, now: Date, instanceId: string): Promise<CallRow[]> {
  const cutoff = aliveCutoff(now);
  return (
    db
      .updateTable('ctm_calls')
      .set({ status: 'failed', ended_at: now.toISOString(), ended_by: 'system' })
      .where('status', 'in', [...LIVE_CALL_STATUSES])
      // CTM's calls are moved on by CTM's webhooks, not by any server's timers (issue #32).
      .where('ctm_call_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('owner_instance', 'is', null),
          eb.and([
            eb('owner_instance', '<>', instanceId),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('server_instances')
                  .select('server_instances.id')
                  .whereRef('server_instances.id', '=', 'ctm_calls.owner_instance')
                  .where('server_instances.last_seen_at', '>=', cutoff),
              ),
            ),
          ]),
        ]),
      )
      .returningAll()
      .execute()
  );
}

/** A ringing call picked up: in progress from `at`; answers the update's result. */
function connectCallRow(db: Db, workspaceId: string, callId: string, at: Date) {
  const now = at.toISOString();
  return db
    .updateTable('ctm_calls')
    .set({ status: 'in-progress', connected: 1, connected_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', callId)
    .where('status', '=', 'ringing')
    .executeTakeFirst();
}

/**
 * The timed steps of the live calls (answer, then end; one pending per call) and the work
 * they started, tracked so that `settled` and `close` can wait for it.
 */
function createCallSteps(scheduler: Scheduler, log: (message: string, error: unknown) => void) {
  /** The pending step of each live call: answer, or end. */
  const timers = new Map<string, () => void>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  }

  return {
    track,
    closed: () => closed,
    /** Runs `step` after the delay, instead of the call's pending step; not once closed. */
    schedule(callId: string, delaySeconds: number, step: () => Promise<unknown>) {
      timers.get(callId)?.();
      const cancel = scheduler.after(delaySeconds * 1000, () => {
        timers.delete(callId);
        if (closed) return;
        void track(step()).catch((error: unknown) =>
          log(`Call ${callId}: simulator step failed`, error),
        );
      });
      timers.set(callId, cancel);
    },
    cancel(callId: string) {
      timers.get(callId)?.();
      timers.delete(callId);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    /** Cancels every step; resolves once the work in progress has finished. */
    close(): Promise<unknown> {
      closed = true;
      for (const cancel of timers.values()) cancel();
      timers.clear();
      return Promise.allSettled([...pending]);
    },
  };
}
