import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS_EVENT, type LiveCalls } from '@/shared/contracts/notification';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import type { ServerContext } from '../context';
import { registerCallTrackingApiRoutes, registerCallTrackingRoutes } from '../routes/call-tracking';
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

/** buildServer's call-tracking options (server/app.ts). */
export interface CallTrackingOptions {
  /** The simulator's clock and timers; tests pass a manual one. Default: real timers on `now`. */
  scheduler?: Scheduler;
  timings?: Partial<CallSimulatorTimings>;
  /** Run the demo's random callers (server/call-tracking/demo-activity.ts). Default off. */
  demoActivity?: boolean | DemoCallActivityOptions;
}

export interface CallTrackingDeps {
  ctx: ServerContext;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** New call records in a workspace (cockpit warnings look again); optional. */
  onRecordsArrived?: (workspaceId: string) => void;
  log(message: string, error: unknown): void;
  /** Worth telling the operator, not a failure (calls a stopped server left live). */
  notice?: (message: string) => void;
}

export interface CallTracking {
  simulator: CallSimulator;
  /** Registers the spec 7 call-centre-base routes (under CALL_CENTER_PREFIX). */
  registerCallCenterRoutes(callCenter: FastifyInstance): void;
  /** Registers deleteCall and system/test-calls (under /api). */
  registerApiRoutes(api: FastifyInstance): void;
  /** socket-server onJoined: a socket of a call-tracking workspace gets its count at once. */
  onSocketJoined(joined: SocketJoined): void;
  /** Marks calls a previous run left live as failed, then starts the demo activity if asked. */
  start(): Promise<void>;
  /** Resolves once the counts sent to joining sockets and the simulator's work are done (tests). */
  settled(): Promise<void>;
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
  const simulator = createCallSimulator({
    db: ctx.db,
    scheduler: options.scheduler ?? realScheduler(ctx.now),
    emitToWorkspace: deps.emitToWorkspace,
    timings: options.timings,
    onRecordsArrived: deps.onRecordsArrived,
    log: deps.log,
  });
  const routeDeps = { simulator, emitToUser: deps.emitToUser };
  let activity: DemoCallActivity | null = null;
  const joins = new Set<Promise<void>>();

  return {
    simulator,
    registerCallCenterRoutes: (callCenter) =>
      registerCallTrackingRoutes(callCenter, ctx, routeDeps),
    registerApiRoutes: (api) => registerCallTrackingApiRoutes(api, ctx, routeDeps),

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
      const failed = await simulator.recover();
      if (failed > 0) {
        deps.notice?.(`${failed} calls left live when the server last stopped were marked failed.`);
      }
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
      await simulator.settled();
    },

    async close() {
      activity?.stop();
      await simulator.close();
    },
  };
}
