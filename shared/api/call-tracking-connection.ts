import {
  type CallTrackingConnection,
  callTrackingConnectionPaths,
  callTrackingConnectionResponseSchema,
  type ConnectCtm,
} from '@/shared/contracts/call-tracking-connection';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// A workspace's CallTrackingMetrics connection (issue #32): the calls of
// shared/contracts/call-tracking-connection.ts, each answer checked by its contract.

/** GET workspaces/{id}/call-tracking/connection: the provider and the connection's health. */
export function getCallTrackingConnection(
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<CallTrackingConnection> {
  return callForData(
    api,
    callTrackingConnectionResponseSchema,
    { method: 'GET', path: callTrackingConnectionPaths.connection(workspaceId) },
    options,
  );
}

/** PUT …/connection: checked with CTM, then saved (owner, system). */
export function connectCtm(
  api: ApiClient,
  workspaceId: string,
  keys: ConnectCtm,
  options?: CallOptions,
): Promise<CallTrackingConnection> {
  return callForData(
    api,
    callTrackingConnectionResponseSchema,
    { method: 'PUT', path: callTrackingConnectionPaths.connection(workspaceId), body: keys },
    options,
  );
}

/** DELETE …/connection: the secret forgotten, the workspace back on the simulator. */
export function disconnectCtm(
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<CallTrackingConnection> {
  return callForData(
    api,
    callTrackingConnectionResponseSchema,
    { method: 'DELETE', path: callTrackingConnectionPaths.connection(workspaceId) },
    options,
  );
}

/** POST …/sync: the account's users and numbers again from CTM. */
export function syncCtm(
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<CallTrackingConnection> {
  return callForData(
    api,
    callTrackingConnectionResponseSchema,
    { method: 'POST', path: callTrackingConnectionPaths.sync(workspaceId) },
    options,
  );
}
