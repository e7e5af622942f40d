import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { createManualScheduler } from './manual-scheduler';

/**
 * The real server with the simulated provider on a manual scheduler, for a describe block:
 * calls ring and end when the test moves time. After each test the sockets it opened are
 * closed and every call left live is ended, so each test starts with none.
 */
export function simulatedProviderServer(timings: { ringSeconds: number; talkSeconds: number }) {
  const clock = createTestClock();
  const time = createManualScheduler(clock);
  const sockets: Socket[] = [];
  let server: TestServer | null = null;

  beforeAll(async () => {
    server = await startTestServer({
      now: clock.now,
      callTracking: {
        scheduler: time.scheduler,
        timings: {
          ringSeconds: timings.ringSeconds,
          talkSeconds: [timings.talkSeconds, timings.talkSeconds],
        },
      },
    });
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    if (!server) return;
    const live = await server.server.db
      .selectFrom('ctm_calls')
      .select(['id', 'workspace_id'])
      .where('status', 'in', ['ringing', 'in-progress'])
      .execute();
    for (const call of live) {
      await server.server.callTracking.simulator.hangUp(call.workspace_id, call.id);
    }
  });
  afterAll(() => server?.close());

  return {
    clock,
    time,
    sockets,
    /** The running server (from the describe's first beforeAll on). */
    server: (): TestServer => {
      if (!server) throw new Error('The test server has not started yet.');
      return server;
    },
  };
}
