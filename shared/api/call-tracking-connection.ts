import {
  type CallTrackingConnection,
  callTrackingConnectionPaths,
  callTrackingConnectionResponseSchema,
  type ConnectCtm,
} from '@/shared/contracts/call-tracking-connection';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';
import type { TransportRequest } from '@/shared/transport/transport';

// A workspace's CallTrackingMetrics connection (issue #32): the calls of
// shared/contracts/call-tracking-connection.ts, each answer checked by its contract.

/** Every call here answers the connection as it is after it (its contract checked). */
const connectionCall = (
  api: ApiClient,
  req: TransportRequest,
  options?: CallOptions,
): Promise<CallTrackingConnection> =>
  callForData(api, callTrackingConnectionResponseSchema, req, options);

/** GET workspaces/{id}/call-tracking/connection: the provider and the connection's health. */
export const getCallTrackingConnection = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
) =>
  connectionCall(
    api,
    { method: 'GET', path: callTrackingConnectionPaths.connection(workspaceId) },
    options,
  );

/** PUT …/connection: checked with CTM, then saved (owner, system). */
export const connectCtm = (
  api: ApiClient,
  workspaceId: string,
  keys: ConnectCtm,
  options?: CallOptions,
) =>
  connectionCall(
    api,
    { method: 'PUT', path: callTrackingConnectionPaths.connection(workspaceId), body: keys },
    options,
  );

/** DELETE …/connection: the secret forgotten, the workspace back on the simulator. */
export const disconnectCtm = (api: ApiClient, workspaceId: string, options?: CallOptions) =>
  connectionCall(
    api,
    { method: 'DELETE', path: callTrackingConnectionPaths.connection(workspaceId) },
    options,
  );

/** POST …/sync: the account's users and numbers again from CTM. */
export const syncCtm = (api: ApiClient, workspaceId: string, options?: CallOptions) =>
  connectionCall(
    api,
    { method: 'POST', path: callTrackingConnectionPaths.sync(workspaceId) },
    options,
  );
