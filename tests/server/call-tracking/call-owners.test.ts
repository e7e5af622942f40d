import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type TrackedCall,
  trackedCallResponseSchema,
  trackingNumberListResponseSchema,
} from '@/shared/contracts/call-tracking';
import { LIVE_CALLS_EVENT, liveCallsSchema } from '@/shared/contracts/notification';
import {
  HEARTBEAT_INTERVAL_MS,
  INSTANCE_STALE_AFTER_MS,
} from '@/server/call-tracking/server-instances';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { createManualScheduler } from './manual-scheduler';

// Several server processes on one database (cluster mode, or one restarted while the
// others run; migration 0017): each process fails only the live calls whose owner has
// stopped — its server_instances row gone (it closed) or its heartbeat stale (it crashed
// or hangs) — never those another running process is moving on. Two real servers on one
// data directory (on PostgreSQL, one database), each on its own manual scheduler over
// one shared clock: a server whose scheduler is not moved is a process that stopped
// beating without closing, as after kill -9.

const RING_SECONDS = 6;
const TALK_SECONDS = 60;
const timings = { ringSeconds: RING_SECONDS, talkSeconds: [TALK_SECONDS, TALK_SECONDS] as const };

type ManualScheduler = ReturnType<typeof createManualScheduler>;

interface Process {
  server: TestServer;
  time: ManualScheduler;
}

describe('live calls with several server processes on one database', () => {
  const clock = createTestClock();
  let dataDir = '';
  let first: Process;
  let second: Process;
  let restarted: TestServer | null = null;
  let agent = '';
  let call: TrackedCall;
  const sockets: Socket[] = [];

  async function start(): Promise<Process> {
    const time = createManualScheduler(clock);
    const server = await startTestServer({
      dataDir,
      callTracking: { scheduler: time.scheduler, timings },
    });
    return { server, time };
  }

  /**
   * Moves the shared clock by `seconds`, a second at a time, running the timers of the
   * given processes only (the others are stopped in time) and waiting for their work.
   * The first given moves the clock; the others run what fell due.
   */
  async function run(seconds: number, ...running: Process[]) {
    for (let s = 0; s < seconds; s += 1) {
      running.forEach((p, i) => p.time.advance(i === 0 ? 1000 : 0));
      for (const p of running) await p.server.server.callTracking.settled();
    }
  }

  /** An agent's outbound call, placed on `on` (it talks TALK_SECONDS once answered). */
  async function place(on: Process): Promise<TrackedCall> {
    const numbers = await on.server.api('/call-center/workspaces/ws_harbor/ctm/numbers', {
      token: agent,
    });
    const [line] = trackingNumberListResponseSchema
      .parse(numbers.body)
      .data.filter((n) => n.valid && n.campaign);
    const answer = await on.server.api('/call-center/workspaces/ws_harbor/ctm/calls', {
      method: 'POST',
      token: agent,
      body: { from_number: line.number, call_number: '(617) 555-0177' },
    });
    expect(answer.status).toBe(201);
    return trackedCallResponseSchema.parse(answer.body).data;
  }

  const statusOf = (on: TestServer, id: string) =>
    on.server.db
      .selectFrom('ctm_calls')
      .select(['status', 'sid', 'duration_seconds', 'owner_instance'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The running instances' ids, sorted here (the engines' collations differ). */
  const instanceIds = async (on: TestServer) =>
    (await on.server.db.selectFrom('server_instances').select('id').execute())
      .map((row) => row.id)
      .sort();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-ctm-owners-'));
    first = await start();
    agent = (await first.server.signIn('intake@harbor.test')).accessToken;
    call = await place(first);
    // The second process starts while the first moves its call on (a worker restarted
    // next to running ones).
    second = await start();
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await restarted?.close();
    await second?.server.close();
    await first?.server.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("leaves the first process's live call alone when a second one starts, and the first moves it on to its end", async () => {
    const ids = [
      first.server.server.callTracking.instanceId,
      second.server.server.callTracking.instanceId,
    ];
    expect(new Set(ids).size).toBe(2);
    expect(await instanceIds(second.server)).toEqual([...ids].sort());
    expect(await statusOf(second.server, call.id)).toMatchObject({
      status: 'ringing',
      owner_instance: first.server.server.callTracking.instanceId,
    });

    // Both beat (and look for calls of stopped processes) well past the stale threshold.
    await run(RING_SECONDS + INSTANCE_STALE_AFTER_MS / 1000 + 10, first, second);
    expect(await statusOf(second.server, call.id)).toMatchObject({ status: 'in-progress' });
    await run(TALK_SECONDS, first, second);
    expect(await statusOf(second.server, call.id)).toMatchObject({
      status: 'completed',
      duration_seconds: TALK_SECONDS,
    });
    expect(await instanceIds(first.server)).toEqual([...ids].sort());
  });

  it('fails the live call of a process whose heartbeat went stale, at the periodic recovery of the other, and the first comes back as a running process', async () => {
    const stuck = await place(first);
    const token = (await second.server.signIn('intake@harbor.test')).accessToken;
    const socket = connect(second.server.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    const counts: number[] = [];
    socket.on(LIVE_CALLS_EVENT, (payload: unknown) =>
      counts.push(liveCallsSchema.parse(payload).count),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    /** A round trip through the second: every event it sent before has arrived. */
    const flush = async () => {
      await second.server.server.callTracking.settled();
      const marker = new Promise((resolve) => socket.once('test:flush', resolve));
      second.server.server.emitToWorkspace('ws_harbor', 'test:flush', null);
      await marker;
    };
    await flush();
    expect(counts.at(-1)).toBe(1);

    // The first stops beating (frozen, as if killed): for one beat it still counts as running.
    await run(HEARTBEAT_INTERVAL_MS / 1000, second);
    expect(await statusOf(second.server, stuck.id)).toMatchObject({ status: 'ringing' });
    // Past the threshold the second fails it, tells the workspace, and forgets the row.
    await run(INSTANCE_STALE_AFTER_MS / 1000 + HEARTBEAT_INTERVAL_MS / 1000, second);
    expect(await statusOf(second.server, stuck.id)).toMatchObject({
      status: 'failed',
      sid: null,
      duration_seconds: null,
    });
    await flush();
    expect(counts.at(-1)).toBe(0);
    expect(await instanceIds(second.server)).toEqual([
      second.server.server.callTracking.instanceId,
    ]);

    // The first beats again: it is a running process once more; the failed call stays failed.
    await run(HEARTBEAT_INTERVAL_MS / 1000 + RING_SECONDS, first, second);
    expect(await instanceIds(second.server)).toHaveLength(2);
    expect(await statusOf(second.server, stuck.id)).toMatchObject({ status: 'failed' });
  });

  it('keeps serving and beats again after a heartbeat write failed', async () => {
    const errors = vi.spyOn(second.server.server.app.log, 'error');
    const ownRow = () =>
      second.server.server.db
        .selectFrom('server_instances')
        .select('last_seen_at')
        .where('id', '=', second.server.server.callTracking.instanceId)
        .executeTakeFirst();
    // The table out of reach: every heartbeat write fails, as with the database down.
    await sql`ALTER TABLE server_instances RENAME TO server_instances_away`.execute(
      second.server.server.db,
    );
    try {
      await run((3 * HEARTBEAT_INTERVAL_MS) / 1000, first, second);
      const live = await place(second);
      expect(live.status).toBe('ringing');
      const heartbeatErrors = errors.mock.calls.filter((args) =>
        String(args[1]).includes('heartbeat'),
      );
      expect(heartbeatErrors).toHaveLength(1);
    } finally {
      await sql`ALTER TABLE server_instances_away RENAME TO server_instances`.execute(
        second.server.server.db,
      );
      errors.mockRestore();
    }
    const before = (await ownRow())?.last_seen_at ?? '';
    await run(HEARTBEAT_INTERVAL_MS / 1000, first, second);
    expect((await ownRow())?.last_seen_at ?? '').not.toBe('');
    expect((await ownRow())?.last_seen_at).not.toBe(before);
  });

  it('fails a live call that no process owns (placed before migration 0017) at the next beat', async () => {
    const orphan = await place(second);
    await second.server.server.db
      .updateTable('ctm_calls')
      .set({ owner_instance: null })
      .where('id', '=', orphan.id)
      .execute();
    await run(HEARTBEAT_INTERVAL_MS / 1000, first, second);
    expect(await statusOf(second.server, orphan.id)).toMatchObject({ status: 'failed' });
  });

  it('fails the calls a gracefully closed process left live at the next beat of the other, and at the start of the next process', async () => {
    // The second's own live call (placed above) and a new one of the first.
    const ofFirst = await place(first);
    await first.server.close();
    expect(await instanceIds(second.server)).toEqual([
      second.server.server.callTracking.instanceId,
    ]);
    await run(HEARTBEAT_INTERVAL_MS / 1000, second);
    expect(await statusOf(second.server, ofFirst.id)).toMatchObject({ status: 'failed' });

    const leftBySecond = await second.server.server.db
      .selectFrom('ctm_calls')
      .select('id')
      .where('status', 'in', ['ringing', 'in-progress'])
      .execute();
    expect(leftBySecond).toHaveLength(1);
    await second.server.close();
    // A restart after a graceful stop: the left call is failed at start, before any beat.
    restarted = await startTestServer({
      dataDir,
      callTracking: { scheduler: createManualScheduler(clock).scheduler, timings },
    });
    expect(await statusOf(restarted, leftBySecond[0].id)).toMatchObject({ status: 'failed' });
    expect(await restarted.server.callTracking.simulator.liveCount('ws_harbor')).toBe(0);
  });
});
