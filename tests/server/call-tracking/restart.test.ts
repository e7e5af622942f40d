import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackedCall, trackedCallResponseSchema } from '@/shared/contracts/call-tracking';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { createManualScheduler } from './manual-scheduler';

// A call live when the server stops can never end by itself: the next start marks it
// failed (no sid: "Call was not linked to CTM", spec 7), so the live count is not stuck.

describe('call tracking across a restart', () => {
  let dataDir = '';
  let restarted: TestServer | null = null;
  let call: TrackedCall;
  let liveBeforeStop = 0;

  const start = () =>
    startTestServer({
      dataDir,
      callTracking: { scheduler: createManualScheduler(createTestClock()).scheduler },
    });

  // Both starts in the hook: two demo seeds take longer than one test may.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'intake-ctm-restart-'));
    const first = await start();
    try {
      const system = (await first.signIn('system@intake.test')).accessToken;
      const placed = await first.api('/api/system/test-calls', {
        method: 'POST',
        token: system,
        body: { username: 'intake@harbor.test', leadName: 'Dana Reyes', phone: '6175550142' },
      });
      call = trackedCallResponseSchema.parse(placed.body).data;
      liveBeforeStop = await first.server.callTracking.simulator.liveCount('ws_harbor');
    } finally {
      await first.close();
    }
    restarted = await start();
  });
  afterAll(async () => {
    await restarted?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('marks the calls a stopped server left live as failed', async () => {
    expect(liveBeforeStop).toBe(1);
    const server = restarted!;
    const token = (await server.signIn('intake@harbor.test')).accessToken;
    const answer = await server.api(`/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`, {
      token,
    });
    expect(trackedCallResponseSchema.parse(answer.body).data).toMatchObject({
      status: 'failed',
      sid: null,
      duration: null,
    });
    expect(await server.server.callTracking.simulator.liveCount('ws_harbor')).toBe(0);
  });
});
