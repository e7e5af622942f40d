import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  MICROSERVICE_IDS,
  type MicroserviceCheck,
  type MicroserviceId,
  type MicroservicesReport,
  microservicesResponseSchema,
} from '@/shared/contracts/microservices';
import { migrationProvider } from '@/server/db/migration-provider';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';

// System > Microservices (issue #16): GET system/microservices checks each part of the
// reference server for real, bounded by a timeout, for the system role only.

const DAY = 24 * 60 * 60_000;

describe('GET system/microservices', () => {
  // Frozen at the start, today: the server starts from a copy of the run's seeded demo data.
  const clock = createTestClock();
  let t: TestServer;
  let system: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    system = (await t.signIn('system@intake.test')).accessToken;
    // The start-up evaluation of every workspace's warnings is over before "all ok" is asked.
    await t.server.cockpitWarnings.idle();
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.server.db.deleteFrom('email_outbox').where('created_by', '=', 'health-test').execute();
    await t.server.db.deleteFrom('ctm_calls').where('id', 'like', 'health-test%').execute();
  });
  afterAll(() => t.close());

  async function report(): Promise<MicroservicesReport> {
    const answer = await t.api('/api/system/microservices', { token: system });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return microservicesResponseSchema.parse(answer.body).data;
  }
  const part = (r: MicroservicesReport, id: MicroserviceId): MicroserviceCheck =>
    r.checks.find((check) => check.id === id)!;

  it('answers every part, in order, all ok on a fresh server, with the time it checked', async () => {
    const r = await report();
    expect(r.checks.map((check) => check.id)).toEqual([...MICROSERVICE_IDS]);
    expect(r.checks.map((check) => [check.id, check.status])).toEqual(
      MICROSERVICE_IDS.map((id) => [id, 'ok']),
    );
    expect(r.status).toBe('ok');
    expect(r.checkedAt).toBe(clock.now().toISOString());
    for (const check of r.checks) {
      expect(check.timedOut).toBe(false);
      expect(check.latencyMs).toBeLessThan(3_000);
    }
  });

  it('reads the database for real: its migration level is the latest this build knows', async () => {
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const detail = part(await report(), 'database').detail;
    expect(detail).toContain(`migration ${names[names.length - 1]} (latest)`);
    expect(detail).toMatch(/^\d+ tables/);
  });

  it('counts connected sockets and proves the socket server answers a handshake, leaving no session behind', async () => {
    const agent = await t.signIn('agent@lakeside.test');
    const socket = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: agent.accessToken },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const check = part(await report(), 'sockets');
    expect(check.status).toBe('ok');
    expect(check.detail).toBe('1 connected socket; loopback handshake answered.');
    // The loopback's engine.io session was closed by its close packet, not left to time out.
    await expect.poll(() => t.server.io.engine.clientsCount).toBe(1);
  });

  it('shows the e-mail outbox degraded when its oldest e-mail waited longer than a day', async () => {
    await t.server.db
      .insertInto('email_outbox')
      .values(
        [2 * DAY, 60 * 60_000].map((age, i) => ({
          id: `health-test-${i}`,
          workspace_id: null,
          created_by: 'health-test',
          recipients: '["someone@example.test"]',
          subject: 'Invite',
          html_body: '<p>Hi</p>',
          text_body: 'Hi',
          created_at: new Date(clock.now().getTime() - age).toISOString(),
        })),
      )
      .execute();
    const r = await report();
    expect(part(r, 'email-outbox')).toMatchObject({
      status: 'degraded',
      detail: '2 e-mails waiting, oldest 2 d old. Older than 24 h: read the outbox.',
    });
    expect(r.status).toBe('degraded');
  });

  it('shows the outbox ok with its count while every e-mail is recent', async () => {
    await t.server.db
      .insertInto('email_outbox')
      .values({
        id: 'health-test-recent',
        workspace_id: null,
        created_by: 'health-test',
        recipients: '["someone@example.test"]',
        subject: 'Invite',
        html_body: '<p>Hi</p>',
        text_body: 'Hi',
        created_at: new Date(clock.now().getTime() - 5 * 60_000).toISOString(),
      })
      .execute();
    expect(part(await report(), 'email-outbox')).toMatchObject({
      status: 'ok',
      detail: '1 e-mail waiting, oldest 5 min old.',
    });
  });

  it('shows the call-tracking simulator degraded when a live call outlived every timer it had', async () => {
    const started = new Date(clock.now().getTime() - 2 * 60 * 60_000).toISOString();
    await t.server.db
      .insertInto('ctm_calls')
      .values({
        id: 'health-test-call',
        workspace_id: 'ws_lakeside',
        sid: null,
        direction: 'inbound',
        status: 'in-progress',
        from_number: '+15555550100',
        to_number: '+15555550101',
        agent_ctm_user_id: 'ctm_user',
        agent_id: null,
        tracking_number: null,
        campaign_id: null,
        lead_source_id: null,
        lead_name: null,
        created_by: null,
        started_at: started,
        connected: 0,
        connected_at: null,
        ended_at: null,
        duration_seconds: null,
      })
      .execute();
    const check = part(await report(), 'call-tracking-simulator');
    expect(check.status).toBe('degraded');
    expect(check.detail).toMatch(
      /^1 live call in \d+ call-tracking workspaces?; 1 call should have ended by now but has not\.$/,
    );
  });

  it('is for the system role only: owners, admins and agents get 403, nobody signed in 401', async () => {
    const refusals: [number, string][] = [];
    for (const username of ['owner@lakeside.test', 'admin@lakeside.test', 'agent@lakeside.test']) {
      const token = (await t.signIn(username)).accessToken;
      const answer = await t.api('/api/system/microservices', { token });
      refusals.push([answer.status, apiErrorSchema.parse(answer.body).message]);
    }
    expect(refusals).toEqual(Array(3).fill([403, 'Your role does not allow this.']));
    expect((await t.api('/api/system/microservices')).status).toBe(401);
  });

  it('leaves /api/health an unauthenticated check that tells only whether the database and Redis answer', async () => {
    const answer = await t.api('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
  });
});

describe('GET system/microservices with a hung part and a broken one', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({
      microservices: {
        timeoutMs: 300,
        adjustParts: (parts) =>
          parts.map((p) => {
            if (p.id === 'address-verification') {
              return { ...p, probe: () => new Promise<never>(() => {}) };
            }
            if (p.id === 'email-outbox') {
              return {
                ...p,
                probe: () => Promise.reject(new Error('no such table:\n email_outbox')),
              };
            }
            return p;
          }),
      },
    });
  });
  afterAll(() => t.close());

  it('shows the hung part down (timed out) and the broken one down with its reason, without hanging', async () => {
    const system = (await t.signIn('system@intake.test')).accessToken;
    const started = Date.now();
    const answer = await t.api('/api/system/microservices', { token: system });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(answer.status).toBe(200);
    const r = microservicesResponseSchema.parse(answer.body).data;
    expect(r.checks.find((c) => c.id === 'address-verification')).toMatchObject({
      status: 'down',
      timedOut: true,
      latencyMs: 300,
      detail: 'No answer within 300 ms.',
    });
    expect(r.checks.find((c) => c.id === 'email-outbox')).toMatchObject({
      status: 'down',
      timedOut: false,
      detail: 'Failed: no such table: email_outbox',
    });
    expect(r.checks.find((c) => c.id === 'database')?.status).toBe('ok');
    expect(r.status).toBe('down');
  });
});
