import type { Db } from '../../db/database';
import type { NotificationService } from '../../notifications/notification-service';
import { lazySecretBox } from '../../secrets/secret-box';
import { createCallEndings } from '../call-endings';
import type { CallPlacer } from '../place-calls';
import type { Scheduler } from '../scheduler';
import { createCtmCallActions } from './ctm-call-actions';
import { createCtmCatchUp } from './ctm-catch-up';
import type { CtmClientOptions } from './ctm-client';
import { createCtmCalls } from './ctm-calls';
import { findConnection } from './ctm-connection-store';
import { createCtmConnections } from './ctm-connections';
import { createCtmWebhookInbox } from './ctm-webhook-inbox';

// CallTrackingMetrics in the server (issue #32), put together once: the connections
// (keys, health, users and numbers), CTM's calls in our ledger, what agents do to them,
// and the webhook inbox. server/call-tracking/call-tracking-service.ts builds it.

export interface CtmServiceDeps {
  db: Db;
  /** Where the secrets key file lives, unless SECRETS_KEY is set. */
  dataDir: string;
  emitToWorkspace(workspaceId: string, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  notifications?: Pick<NotificationService, 'send'>;
  onRecordsArrived?: (workspaceId: string) => void;
  log(message: string, error: unknown): void;
  now(): Date;
  /** The catch-up's timer (the server's scheduler). */
  scheduler: Scheduler;
  /** CTM's API base (the tests' fake CTM), fetch and retries. */
  client?: Pick<CtmClientOptions, 'baseUrl' | 'fetch' | 'retry'>;
}

export function createCtmService(deps: CtmServiceDeps) {
  const { db, now, log } = deps;
  // Opened on first use: a server that never connects CTM writes no key file.
  const secrets = lazySecretBox(deps.dataDir);
  const endings = createCallEndings({
    db,
    emitToUser: deps.emitToUser,
    notifications: deps.notifications,
    log,
  });
  const calls = createCtmCalls({
    db,
    emitToWorkspace: deps.emitToWorkspace,
    emitToUser: deps.emitToUser,
    endings,
    onRecordsArrived: deps.onRecordsArrived,
    log,
    now,
  });
  const connections = createCtmConnections({ db, secrets, now, ...deps.client });
  const actions = createCtmCallActions({
    db,
    endings,
    now,
    pushLiveCount: calls.pushLiveCount,
    placeWithCtm: (workspaceId, call) =>
      connections.withClient(workspaceId, (client) => client.placeCall(call)),
  });
  return {
    calls,
    catchUp: createCtmCatchUp({ db, connections, calls, scheduler: deps.scheduler, log }),
    actions,
    connections,
    inbox: createCtmWebhookInbox({ db, secrets, calls, now, log }),
    /** Who places the workspace's click-to-call: its CTM account once connected, else `fallback`. */
    async placerFor(workspaceId: string, fallback: CallPlacer): Promise<CallPlacer> {
      return (await findConnection(db, workspaceId)) ? actions : fallback;
    },
  };
}

export type CtmService = ReturnType<typeof createCtmService>;
