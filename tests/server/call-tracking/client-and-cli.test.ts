import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deleteCall,
  getCall,
  getTrackingInfo,
  hangUpCall,
  listTrackingNumbers,
  markCallConnected,
  placeTestCall,
  startCall,
} from '@/shared/api/call-tracking';
import { createApiClient } from '@/shared/api/client';
import { apiConfigFor } from '@/shared/config/api-config';
import { CTM_NOT_LINKED_MESSAGE, CTM_NOT_LINKED_STATUS } from '@/shared/contracts/call-tracking';
import { createDirectTransport } from '@/shared/transport/direct-transport';
import { TransportError } from '@/shared/transport/transport';
import { HANGUP_AFTER_MAX_SECONDS, parseHangUpAfter, simulateCall } from '@/scripts/simulate-call';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { createManualScheduler } from './manual-scheduler';

// The client functions of shared/api/call-tracking.ts through the real DirectTransport,
// and `npm run simulate-call`, against the real server: client and server agree on every
// path, body and answer (spec: session 7 Call tracking; issue #13).

describe('call-tracking client and simulate-call CLI', () => {
  const clock = createTestClock();
  const time = createManualScheduler(clock);
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now, callTracking: { scheduler: time.scheduler } });
  });
  afterAll(() => t.close());

  async function clientFor(username: string) {
    const { accessToken, refreshToken } = await t.signIn(username);
    let tokens = { username, accessToken, refreshToken };
    const transport = createDirectTransport({
      config: apiConfigFor(t.url),
      tokens: {
        get: () => tokens,
        set: (next) => {
          tokens = next;
        },
        onAuthFailure: () => undefined,
      },
    });
    const notify = vi.fn();
    return { api: createApiClient(transport, notify), notify };
  }

  it('places, connects, looks up, hangs up and deletes a call through the client', async () => {
    const { api } = await clientFor('intake@harbor.test');
    const numbers = await listTrackingNumbers(api, 'ws_harbor');
    const line = numbers.find((n) => n.valid && n.campaign)!;

    const call = await startCall(api, 'ws_harbor', {
      from_number: line.formatted,
      call_number: '+1 617 555 0188',
    });
    expect(call).toMatchObject({ status: 'ringing', trackingNumber: line.number });
    expect(await markCallConnected(api, 'ws_harbor', call.id, 'agt_harbor_02')).toMatchObject({
      status: 'in-progress',
    });
    expect(await getTrackingInfo(api, 'ws_harbor', line.number, { title: 'Intake' })).toEqual({
      trackingNumber: line.number,
      label: line.label,
      campaign: line.campaign,
      leadSource: line.leadSource,
    });

    time.advance(30_000);
    await t.server.callTracking.settled();
    const ended = await hangUpCall(api, 'ws_harbor', call.id);
    expect(ended).toMatchObject({ status: 'completed', duration: 30 });
    expect(ended.sid).not.toBeNull();
    // Hanging up again (another tab) answers the ended call as it is.
    expect(await hangUpCall(api, 'ws_harbor', call.id)).toEqual(ended);
    expect(await getCall(api, 'ws_harbor', call.id)).toEqual(ended);

    await deleteCall(api, 'ws_harbor', call.id);
    await expect(getCall(api, 'ws_harbor', call.id)).rejects.toMatchObject({ status: 404 });
  });

  it("gives the 'Uh oh!' refusal to a silent caller, who shows the dialog itself", async () => {
    const { api, notify } = await clientFor('agent@harbor.test');
    const [line] = await listTrackingNumbers(api, 'ws_harbor');
    const failure = await startCall(
      api,
      'ws_harbor',
      { from_number: line.number, call_number: '6175550188' },
      { silent: true },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({
      status: CTM_NOT_LINKED_STATUS,
      serverMessage: CTM_NOT_LINKED_MESSAGE,
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('places a test call as a system user', async () => {
    const { api } = await clientFor('system@intake.test');
    const call = await placeTestCall(api, {
      username: 'intake@harbor.test',
      leadName: 'Dana Reyes',
      phone: '+1 555 010 0199',
    });
    expect(call).toMatchObject({ direction: 'inbound', leadName: 'Dana Reyes' });
    await hangUpCall(api, 'ws_harbor', call.id);
  });

  describe('npm run simulate-call', () => {
    function output() {
      const lines: string[] = [];
      const errors: string[] = [];
      return {
        out: {
          log: (line: string) => lines.push(line),
          error: (line: string) => errors.push(line),
        },
        lines,
        errors,
      };
    }

    it('signs in as the system user and rings the agent', async () => {
      const o = output();
      const code = await simulateCall(
        ['--to', 'intake@harbor.test', '--name', 'Lee Park', '--server', t.url],
        o.out,
      );
      expect(o.errors).toEqual([]);
      expect(code).toBe(0);
      expect(o.lines.join('\n')).toMatch(
        /^Ringing intake@harbor.test: Lee Park \(\+1 555 010 0199\)/,
      );
      const live = await t.server.db
        .selectFrom('ctm_calls')
        .select(['lead_name', 'status'])
        .where('lead_name', '=', 'Lee Park')
        .execute();
      expect(live).toEqual([{ lead_name: 'Lee Park', status: 'ringing' }]);
    });

    it('says clearly when the agent is unknown or not linked', async () => {
      for (const [to, message] of [
        ['nobody@harbor.test', /refused: No user nobody@harbor.test/],
        [
          'agent@harbor.test',
          /refused: Nina Brooks .* not linked to a CallTrackingMetrics User ID/,
        ],
      ] as const) {
        const o = output();
        expect(await simulateCall(['--to', to, '--server', t.url], o.out)).toBe(1);
        expect(o.errors.join('\n')).toMatch(message);
      }
    });

    it('says clearly when no server answers or the sign-in is refused', async () => {
      const down = output();
      expect(
        await simulateCall(
          ['--to', 'intake@harbor.test', '--server', 'http://127.0.0.1:9'],
          down.out,
        ),
      ).toBe(1);
      expect(down.errors.join('\n')).toMatch(
        /No server answers at http:\/\/127.0.0.1:9 .*npm start/,
      );

      const refused = output();
      expect(
        await simulateCall(
          ['--to', 'intake@harbor.test', '--server', t.url, '--password', 'wrong'],
          refused.out,
        ),
      ).toBe(1);
      expect(refused.errors.join('\n')).toMatch(/Could not sign in as system@intake.test/);
    });

    /** The CLI's wait, on the test's clock: a second at a time, the server's work done. */
    function waitOnTestClock(waits: number[]) {
      return async (ms: number) => {
        waits.push(ms);
        for (let moved = 0; moved < ms; moved += 1000) {
          time.advance(Math.min(1000, ms - moved));
          await t.server.callTracking.settled();
        }
      };
    }

    it('--hangup-after: the caller hangs up that many seconds later and it says how the call ended (issue #28)', async () => {
      const waits: number[] = [];
      const again = output();
      expect(
        await simulateCall(
          [
            '--to',
            'intake@harbor.test',
            '--name',
            'Hana Cole',
            '--hangup-after',
            '90',
            '--server',
            t.url,
          ],
          again.out,
          waitOnTestClock(waits),
        ),
      ).toBe(0);
      expect(again.errors).toEqual([]);
      expect(waits).toEqual([90_000]);
      const call = await t.server.db
        .selectFrom('ctm_calls')
        .select(['id', 'status', 'ended_by', 'duration_seconds'])
        .where('lead_name', '=', 'Hana Cole')
        .executeTakeFirstOrThrow();
      // Rang 6 s, picked up at the provider, talked until the caller hung up.
      expect(call).toMatchObject({ status: 'completed', ended_by: 'caller', duration_seconds: 84 });
      expect(again.lines).toEqual([
        expect.stringMatching(/^Ringing intake@harbor.test: Hana Cole/),
        'The caller hangs up in 90 s.',
        `The caller hung up: call ${call.id} ended completed after 84 s of talk.`,
      ]);
    });

    it('--hangup-after: says so when the call had ended before the caller hung up', async () => {
      const o = output();
      const code = await simulateCall(
        [
          '--to',
          'intake@harbor.test',
          '--name',
          'Ian Ford',
          '--hangup-after',
          '1',
          '--server',
          t.url,
        ],
        o.out,
        async () => {
          // The agent hangs up first.
          const live = await t.server.db
            .selectFrom('ctm_calls')
            .select(['id', 'workspace_id'])
            .where('lead_name', '=', 'Ian Ford')
            .executeTakeFirstOrThrow();
          await t.server.callTracking.simulator.hangUp(live.workspace_id, live.id);
        },
      );
      expect(o.errors).toEqual([]);
      expect(code).toBe(0);
      expect(o.lines.at(-1)).toMatch(/^Call \S+ had ended before the caller hung up\.$/);
    });

    it('--hangup-after: refuses a number that is not more than 0 and at most an hour, before calling anyone', async () => {
      for (const value of ['0', '3601', 'abc', '-1', '1e3', '']) {
        const o = output();
        const code = await simulateCall(
          [
            '--to',
            'intake@harbor.test',
            `--hangup-after=${value}`,
            '--server',
            'http://127.0.0.1:9',
          ],
          o.out,
        );
        expect(code, value).toBe(2);
        expect(o.errors.join('\n')).toMatch(
          /--hangup-after must be a number of seconds more than 0 and at most 3600/,
        );
      }
      expect(parseHangUpAfter(String(HANGUP_AFTER_MAX_SECONDS))).toBe(3600);
      expect(parseHangUpAfter('0.5')).toBe(0.5);
    });

    it('needs --to', async () => {
      const o = output();
      expect(await simulateCall(['--server', t.url], o.out)).toBe(2);
      expect(o.errors.join('\n')).toMatch(/--to is required/);
    });
  });
});
