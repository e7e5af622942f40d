import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CALLS_EVENT, liveCallsSchema } from '@/shared/contracts/notification';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { createManualScheduler } from './manual-scheduler';

// Issue #12: on the demo server, random callers ring the call-tracking workspaces so the
// live call count moves; ended calls become call records. Driven by a manual scheduler.

describe('demo call activity', () => {
  const clock = createTestClock();
  const time = createManualScheduler(clock);
  let t: TestServer;
  let socket: Socket;
  const counts: number[] = [];
  const incoming: string[] = [];

  beforeAll(async () => {
    t = await startTestServer({
      now: clock.now,
      simulateCallActivity: true,
      callTracking: { scheduler: time.scheduler },
    });
    const { accessToken } = await t.signIn('intake@harbor.test');
    socket = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: accessToken },
    });
    socket.on(LIVE_CALLS_EVENT, (payload: unknown) =>
      counts.push(liveCallsSchema.parse(payload).count),
    );
    socket.onAny((event: string) => {
      if (event.startsWith('incomingCalls::')) incoming.push(event);
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  });
  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
  });

  it('rings Harbor and Lakeside at random, at most 4 live at once, and records the calls that end', async () => {
    await t.server.callTracking.settled();
    const peaks = new Map<string, number>();
    // Twenty minutes in ten-second steps.
    for (let step = 0; step < 120; step++) {
      time.advance(10_000);
      await t.server.callTracking.settled();
      for (const workspaceId of ['ws_harbor', 'ws_lakeside', 'ws_summit']) {
        const live = await t.server.callTracking.simulator.liveCount(workspaceId);
        peaks.set(workspaceId, Math.max(peaks.get(workspaceId) ?? 0, live));
      }
    }
    expect(peaks.get('ws_harbor')).toBeGreaterThan(0);
    expect(peaks.get('ws_lakeside')).toBeGreaterThan(0);
    expect(peaks.get('ws_harbor')).toBeLessThanOrEqual(4);
    expect(peaks.get('ws_lakeside')).toBeLessThanOrEqual(4);
    expect(peaks.get('ws_summit')).toBe(0);

    const ended = await t.server.db
      .selectFrom('ctm_calls')
      .selectAll()
      .where('status', 'in', ['completed', 'no-answer'])
      .execute();
    expect(ended.length).toBeGreaterThan(3);
    for (const call of ended) {
      expect(call.direction).toBe('inbound');
      expect(call.sid).toMatch(/^CA/);
      // Demo callers ring agents without a sign-in: no demo user gets a wizard uninvited.
      expect(['agt_harbor_01', 'agt_harbor_02', 'agt_lakeside_01']).not.toContain(call.agent_id);
    }
    const records = await t.server.db
      .selectFrom('calls')
      .select('call_sid')
      .where(
        'call_sid',
        'in',
        ended.map((c) => c.sid ?? ''),
      )
      .execute();
    expect(records).toHaveLength(ended.length);

    // The Harbor socket saw the count move up and down, and no incoming call.
    await new Promise<void>((resolve) => {
      socket.once('test:flush', () => resolve());
      t.server.emitToWorkspace('ws_harbor', 'test:flush', null);
    });
    expect(Math.max(...counts)).toBeGreaterThan(0);
    expect(counts.some((count, i) => i > 0 && count < counts[i - 1])).toBe(true);
    expect(incoming).toEqual([]);
  });
});
