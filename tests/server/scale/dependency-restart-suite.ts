import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { healthResponseSchema } from '@/shared/contracts/health';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import { NOTIFICATION_EVENT, notificationSchema } from '@/shared/contracts/notification';
import { buildServer, type IntakeServer } from '@/server/app';
import { DATABASE_UNAVAILABLE } from '@/server/http/dependency-errors';
import { HEARTBEAT_INTERVAL_MS } from '@/server/call-tracking/server-instances';
import { DATABASE_DOWN, REDIS_DOWN } from '@/server/health/dependency-health';
import { type ApiAnswer, callApi, TEST_PASSWORD_COST } from '../helpers/test-server';
import { connectSocket } from '../helpers/test-sockets';
import {
  postgresAddress,
  redisAddress,
  type ScratchDatabase,
  startTcpProxy,
  type TcpProxy,
} from './scale-harness';

/**
 * issue #17 Reliability — PostgreSQL or Redis restarted under load. The machine's
 * servers are shared, so the restart is a TCP proxy between the server and each of them
 * that the test cuts (open connections reset, new ones refused) and restores. While one
 * is down the server answers quickly — 503 with a clear message where the request needs
 * it — never hangs or crashes, and it recovers by itself once it is back.
 *
 * Registered by tests/server/scale/cross-process.test.ts on its deployment (database
 * seeded, processes running), so the suite pays for one seeded database, not two.
 */

/** Every request of the load must be answered within this (the server's own timeouts). */
const ANSWER_WITHIN_MS = 10_000;

interface Answered {
  status: number;
  ms: number;
  message?: string;
}

/**
 * A steady load of authenticated reads (each checks the session in the database), from
 * `workers` loops, until stopped; answers what each request got.
 */
function startLoad(url: string, token: string, workers = 8) {
  const answers: Answered[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const started = performance.now();
      let answer: ApiAnswer;
      try {
        answer = await callApi(url, '/api/workspaces/ws_harbor/notifications', { token });
      } catch (error) {
        answers.push({ status: 0, ms: performance.now() - started, message: String(error) });
        continue;
      }
      const parsed = apiErrorSchema.safeParse(answer.body);
      answers.push({
        status: answer.status,
        ms: performance.now() - started,
        message: parsed.success ? parsed.data.message : undefined,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

async function health(url: string) {
  const answer = await callApi(url, '/api/health');
  return { status: answer.status, body: healthResponseSchema.parse(answer.body) };
}

/** The sockets line of System > Microservices. */
async function socketsPart(url: string, systemToken: string) {
  const answer = await callApi(url, '/api/system/microservices', { token: systemToken });
  return microservicesResponseSchema.parse(answer.body).data.checks.find((c) => c.id === 'sockets');
}

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function next(socket: Socket, event: string, timeoutMs = 10_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Emits every 200 ms until the socket has the event (the subscriber re-subscribes a
 * moment after the publisher is back); fails after timeoutMs.
 */
async function deliveredEventually(
  socket: Socket,
  event: string,
  emit: () => void,
  timeoutMs = 10_000,
): Promise<unknown> {
  const received = next(socket, event, timeoutMs);
  const timer = setInterval(emit, 200);
  emit();
  try {
    return await received;
  } finally {
    clearInterval(timer);
  }
}

/** The deployment the suite joins: its database, data directory, Redis prefix and a peer. */
export interface Deployment {
  database: ScratchDatabase;
  dataDir: string;
  redisUrl: string;
  redisKey: string;
  /** Another process of the deployment, reached directly. */
  peerUrl: string;
  /** A system user's token, for sending notifications through the peer. */
  systemToken: string;
}

export function dependencyRestartSuite(deployment: () => Deployment): void {
  describe('PostgreSQL or Redis restarted under load', () => {
    let postgresProxy: TcpProxy;
    let redisProxy: TcpProxy;
    /** Reaches PostgreSQL and Redis through the proxies the test cuts. */
    let server: IntakeServer;
    let url: string;
    let token: string;
    const sockets: Socket[] = [];
    const unhandled: unknown[] = [];
    const heartbeatErrors: unknown[] = [];
    /** When this server last wrote its heartbeat (server_instances, through the proxy). */
    const ownHeartbeat = async () =>
      (
        await server.db
          .selectFrom('server_instances')
          .select('last_seen_at')
          .where('id', '=', server.callTracking.instanceId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const onUnhandled = (reason: unknown) => unhandled.push(reason);

    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      const { database, dataDir, redisKey } = deployment();
      postgresProxy = await startTcpProxy(() => [postgresAddress()]);
      redisProxy = await startTcpProxy(() => [redisAddress()]);
      server = await buildServer({
        dataDir,
        logLevel: 'silent',
        passwordCost: TEST_PASSWORD_COST,
        seedDemoData: true,
        redisKey,
        databaseUrl: database.urlVia(postgresProxy.port),
        redisUrl: `redis://127.0.0.1:${redisProxy.port}`,
      });
      url = (await server.listen(0)).url;
      // What the server logs as errors (its log is silent): the failed heartbeat writes.
      const logError = server.app.log.error.bind(server.app.log);
      vi.spyOn(server.app.log, 'error').mockImplementation((...args: unknown[]) => {
        if (args.some((arg) => typeof arg === 'string' && arg.includes('heartbeat'))) {
          heartbeatErrors.push(args);
        }
        (logError as (...a: unknown[]) => void)(...args);
      });
      const signedIn = await callApi(url, '/api/auth', {
        method: 'POST',
        body: { username: 'owner@harbor.test', password: 'demo-password' },
      });
      token = (signedIn.body as { data: { attributes: { AccessToken: string } } }).data.attributes
        .AccessToken;
    }, 60_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await postgresProxy?.restore();
      await redisProxy?.restore();
      await server?.close();
      await postgresProxy?.close();
      await redisProxy?.close();
      process.off('unhandledRejection', onUnhandled);
    }, 30_000);

    it('answers 503 with a clear message while PostgreSQL is down, never hangs or crashes, and recovers by itself', async () => {
      expect(await health(url)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', redis: 'ok' },
      });
      const load = startLoad(url, token);
      await new Promise((resolve) => setTimeout(resolve, 500));

      const lastBeat = await ownHeartbeat();
      await postgresProxy.cut();
      const down = await until(
        () => health(url),
        (h) => h.status === 503,
        5000,
      );
      expect(down).toEqual({
        status: 503,
        body: { status: 'down', database: 'down', redis: 'ok', message: DATABASE_DOWN },
      });
      // Down until the call tracking's heartbeat (every 5 s) has failed to write: logged once.
      const heartbeatFailed = await until(
        async () => heartbeatErrors.length,
        (n) => n > 0,
        3 * HEARTBEAT_INTERVAL_MS,
      );
      expect(heartbeatFailed).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const duringCut = load.answers.length;

      await postgresProxy.restore();
      const back = await until(
        () => health(url),
        (h) => h.status === 200,
        10_000,
      );
      expect(back.status).toBe(200);
      // The next beat writes it again, without a restart.
      const beatAgain = await until(
        () => ownHeartbeat().catch(() => lastBeat),
        (seen) => seen > lastBeat,
        3 * HEARTBEAT_INTERVAL_MS,
      );
      expect(beatAgain > lastBeat).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answers = await load.stop();

      // Every request was answered in time, with 200 or a 503 that says why; never a 500.
      expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(ANSWER_WITHIN_MS);
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused.map((a) => a.message))).toEqual(new Set([DATABASE_UNAVAILABLE]));
      // Served again after the restore, without a restart of the server.
      expect(answers.slice(duringCut).some((a) => a.status === 200)).toBe(true);
      expect(answers.at(-1)?.status).toBe(200);
      expect(unhandled).toEqual([]);
    }, 60_000);

    it('keeps serving while Redis is down (health 503 names it), emits without crashing, and fans out again once it is back', async () => {
      const { peerUrl, systemToken } = deployment();
      const local = await connectSocket(url, token);
      const remote = await connectSocket(peerUrl, token);
      sockets.push(local, remote);
      const load = startLoad(url, token, 4);

      await redisProxy.cut();
      const down = await until(
        () => health(url),
        (h) => h.status === 503,
        5000,
      );
      expect(down).toEqual({
        status: 503,
        body: { status: 'down', database: 'ok', redis: 'down', message: REDIS_DOWN },
      });
      // System > Microservices says the same, on its sockets line.
      expect(await socketsPart(url, systemToken)).toMatchObject({
        status: 'degraded',
        detail: expect.stringMatching(/Redis does not answer/),
      });
      // An emit while Redis is down still reaches this process's own sockets.
      const localOnly = next(local, 'during_outage');
      server.emitToWorkspace('ws_harbor', 'during_outage', 1);
      expect(await localOnly).toBe(1);

      await redisProxy.restore();
      const back = await until(
        () => health(url),
        (h) => h.status === 200,
        10_000,
      );
      expect(back).toEqual({ status: 200, body: { status: 'ok', database: 'ok', redis: 'ok' } });
      expect(await socketsPart(url, systemToken)).toMatchObject({
        status: 'ok',
        detail: expect.stringMatching(/Redis fan-out answered in \d+ ms/),
      });
      const answers = await load.stop();
      // The API never needed Redis: every request was served.
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);

      // Both directions fan out again: this process publishes, and it re-subscribed.
      expect(
        await deliveredEventually(remote, 'after_outage', () =>
          server.emitToWorkspace('ws_harbor', 'after_outage', 'from the restarted side'),
        ),
      ).toBe('from the restarted side');
      const fromPeer = await deliveredEventually(local, NOTIFICATION_EVENT, () => {
        void callApi(peerUrl, '/api/system/notifications', {
          method: 'POST',
          token: systemToken,
          body: { workspaceId: 'ws_harbor', title: 'From the peer after the outage' },
        });
      });
      expect(notificationSchema.parse(fromPeer).title).toBe('From the peer after the outage');
      expect(unhandled).toEqual([]);
    }, 40_000);
  });
}
