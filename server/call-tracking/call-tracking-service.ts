import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS_EVENT, type LiveCalls } from '@/shared/contracts/notification';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import type { ServerContext } from '../context';
import type { NotificationService } from '../notifications/notification-service';
import { registerCallTrackingApiRoutes, registerCallTrackingRoutes } from '../routes/call-tracking';
import {
  registerCallTrackingConnectionRoutes,
  registerCtmWebhookRoutes,
} from '../routes/call-tracking-connection';
import type { CtmClientOptions } from './ctm/ctm-client';
import { createCtmService, type CtmService } from './ctm/ctm-service';
import { findWorkspace } from '../repositories/workspace-repository';
import type { SocketJoined } from '../socket/socket-server';
import {
  type CallSimulator,
  type CallSimulatorTimings,
  createCallSimulator,
} from './call-simulator';
import {
  type DemoCallActivity,
  type DemoCallActivityOptions,
  startDemoCallActivity,
} from './demo-activity';
import { realScheduler, type Scheduler } from './scheduler';
import {
  forgetStoppedInstances,
  HEARTBEAT_INTERVAL_MS,
  instanceLabel,
  newInstanceId,
  removeInstance,
  writeHeartbeat,
} from './server-instances';

/** buildServer's call-tracking options (server/app.ts). */
export interface CallTrackingOptions {
  /** The simulator's clock and timers; tests pass a manual one. Default: real timers on `now`. */
  scheduler?: Scheduler;
  timings?: Partial<CallSimulatorTimings>;
  /** Run the demo's random callers (server/call-tracking/demo-activity.ts). Default off. */
  demoActivity?: boolean | DemoCallActivityOptions;
  /** CallTrackingMetrics' API (issue #32): its base (the tests' fake CTM), fetch, retries. */
  ctm?: Pick<CtmClientOptions, 'baseUrl' | 'fetch' | 'retry'>;
}

export interface CallTrackingDeps {
  ctx: ServerContext;
  /** Where the secrets key lives (secrets-key), unless SECRETS_KEY is set. */
  dataDir: string;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Where missed calls become notifications (issue #28); without it none is made. */
  notifications?: Pick<NotificationService, 'send'>;
  /** New call records in a workspace (cockpit warnings look again); optional. */
  onRecordsArrived?: (workspaceId: string) => void;
  log(message: string, error: unknown): void;
  /** Worth telling the operator, not a failure (calls a stopped server left live). */
  notice?: (message: string) => void;
}

export interface CallTracking {
  simulator: CallSimulator;
  /** Workspaces connected to CallTrackingMetrics (issue #32). */
  ctm: CtmService;
  /** This server's instance id: the owner of the calls it places (server-instances.ts). */
  instanceId: string;
  /** Registers the spec 7 call-centre-base routes (under CALL_CENTER_PREFIX). */
  registerCallCenterRoutes(callCenter: FastifyInstance): void;
  /** Registers deleteCall, system/test-calls and the CTM connection (under /api). */
  registerApiRoutes(api: FastifyInstance): void;
  /** Registers CTM's webhooks (under /api, in a scope of their own: raw bodies). */
  registerWebhookRoutes(api: FastifyInstance): void;
  /** socket-server onJoined: a socket of a call-tracking workspace gets its count at once. */
  onSocketJoined(joined: SocketJoined): void;
  /**
   * Registers this instance (its first heartbeat), marks the live calls of stopped
   * instances failed, starts the heartbeat (which fails those of instances that stop
   * later), then the demo activity if asked.
   */
  start(): Promise<void>;
  /**
   * Resolves once the counts sent to joining sockets, the simulator's work and a heartbeat
   * in progress are done (tests).
   */
  settled(): Promise<void>;
  /** Stops the heartbeat and the simulator, then removes this instance's row. */
  close(): Promise<void>;
}

/**
 * The reference server's call tracking (issues #12, #13) in one piece: the simulated
 * provider, its routes, the live call count a socket gets when it joins, and the demo
 * activity. server/app.ts builds it once.
 */
export function createCallTracking(
  deps: CallTrackingDeps,
  options: CallTrackingOptions = {},
): CallTracking {
  const { ctx } = deps;
  const scheduler = options.scheduler ?? realScheduler(ctx.now);
  const instance = {
    id: newInstanceId(),
    label: instanceLabel(),
    startedAt: scheduler.now().toISOString(),
  };
  const simulator = createCallSimulator({
    db: ctx.db,
    scheduler,
    instanceId: instance.id,
    emitToWorkspace: deps.emitToWorkspace,
    emitToUser: deps.emitToUser,
    notifications: deps.notifications,
    timings: options.timings,
    onRecordsArrived: deps.onRecordsArrived,
    log: deps.log,
  });
  const ctm = createCtmService({
    db: ctx.db,
    dataDir: deps.dataDir,
    emitToWorkspace: deps.emitToWorkspace,
    emitToUser: deps.emitToUser,
    notifications: deps.notifications,
    onRecordsArrived: deps.onRecordsArrived,
    log: deps.log,
    now: () => scheduler.now(),
    scheduler,
    client: options.ctm,
  });
  const placerFor = (workspaceId: string) => ctm.placerFor(workspaceId, simulator);
  const routeDeps = { simulator, ctmCalls: ctm.actions, placerFor, emitToUser: deps.emitToUser };
  let activity: DemoCallActivity | null = null;
  const joins = new Set<Promise<void>>();

  /** The next heartbeat's cancel, the one running, and whether the last one failed. */
  let nextBeat: (() => void) | null = null;
  let beating: Promise<void> | null = null;
  let heartbeatFailing = false;
  let stopped = false;

  async function failCallsOfStoppedInstances(notice: (failed: number) => string) {
    const failed = await simulator.recover();
    if (failed > 0) deps.notice?.(notice(failed));
  }

  /**
   * One heartbeat: this instance is alive, then the live calls of instances that are not
   * are failed. Never throws: a database that is down is logged once, and the next beat
   * tries again (the requests meanwhile answer 503 by themselves).
   */
  async function beat() {
    try {
      await writeHeartbeat(ctx.db, instance, scheduler.now());
    } catch (error) {
      if (!heartbeatFailing) {
        deps.log(
          `Could not write this server's heartbeat; trying again every ${HEARTBEAT_INTERVAL_MS / 1000} s`,
          error,
        );
      }
      heartbeatFailing = true;
      return;
    }
    if (heartbeatFailing) deps.notice?.("This server's heartbeat is written again.");
    heartbeatFailing = false;
    try {
      await failCallsOfStoppedInstances(
        (failed) =>
          `${failed} calls left live by a server process that stopped were marked failed.`,
      );
      await forgetStoppedInstances(ctx.db, scheduler.now());
    } catch (error) {
      deps.log('Could not fail the live calls of stopped server processes', error);
    }
  }

  /** The next beat, HEARTBEAT_INTERVAL_MS after this one ended (beats never overlap). */
  function scheduleBeat() {
    if (stopped) return;
    nextBeat = scheduler.after(HEARTBEAT_INTERVAL_MS, () => {
      nextBeat = null;
      if (stopped) return;
      beating = beat().finally(() => {
        beating = null;
        scheduleBeat();
      });
    });
  }

  return {
    simulator,
    ctm,
    instanceId: instance.id,
    registerCallCenterRoutes: (callCenter) =>
      registerCallTrackingRoutes(callCenter, ctx, routeDeps),
    registerApiRoutes: (api) => {
      registerCallTrackingApiRoutes(api, ctx, routeDeps);
      registerCallTrackingConnectionRoutes(api, ctx, { connections: ctm.connections });
    },
    registerWebhookRoutes: (api) => registerCtmWebhookRoutes(api, ctm.inbox),

    onSocketJoined(joined) {
      const { workspaceId } = joined;
      if (!workspaceId) return;
      // spec 4 Sockets ctmcallsdata: a client shows the count as soon as it connects,
      // not only at the next call start or end.
      const join = (async () => {
        const workspace = await findWorkspace(ctx.db, workspaceId);
        if (!isCallTrackingEnabled(workspace)) return;
        const payload: LiveCalls = { count: await simulator.liveCount(workspaceId) };
        joined.emit(LIVE_CALLS_EVENT, payload);
      })().catch((error: unknown) => deps.log('Could not send the live call count', error));
      joins.add(join);
      void join.finally(() => joins.delete(join));
    },

    async start() {
      // Alive before it judges the others, and before it places any call of its own.
      await writeHeartbeat(ctx.db, instance, scheduler.now());
      await failCallsOfStoppedInstances(
        (failed) => `${failed} calls left live when the server last stopped were marked failed.`,
      );
      scheduleBeat();
      ctm.inbox.start();
      ctm.catchUp.start();
      if (options.demoActivity) {
        activity = startDemoCallActivity(ctx.db, simulator, {
          log: deps.log,
          ...(typeof options.demoActivity === 'object' ? options.demoActivity : {}),
        });
      }
    },

    async settled() {
      await Promise.allSettled([...joins]);
      await activity?.settled();
      await beating;
      await simulator.settled();
      await ctm.inbox.settled();
      await ctm.catchUp.settled();
    },

    async close() {
      activity?.stop();
      stopped = true;
      nextBeat?.();
      await beating;
      await ctm.inbox.close();
      await ctm.catchUp.close();
      await simulator.close();
      // The calls it leaves live can never end now: with the row gone, the next start (or
      // another running instance at its next beat) fails them at once.
      try {
        await removeInstance(ctx.db, instance.id);
      } catch (error) {
        deps.log(
          "Could not remove this server's heartbeat; its live calls fail once it is stale",
          error,
        );
      }
    },
  };
}
