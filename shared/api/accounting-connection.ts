import {
  accountingAuthorizeResponseSchema,
  type AccountingConnection,
  accountingConnectionPaths,
  accountingConnectionResponseSchema,
} from '@/shared/contracts/accounting-connection';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// A workspace's QuickBooks Online connection (issue #33): the calls of
// shared/contracts/accounting-connection.ts, each answer checked by its contract.

/** GET workspaces/{id}/accounting/connection: the company, its health, the copy of its books. */
export const getAccountingConnection = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<AccountingConnection> =>
  callForData(
    api,
    accountingConnectionResponseSchema,
    { method: 'GET', path: accountingConnectionPaths.connection(workspaceId) },
    options,
  );

/** POST …/authorize: Intuit's consent page for this workspace (owner, system; 10 minutes). */
export const authorizeQuickBooks = async (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<string> =>
  (
    await callForData(
      api,
      accountingAuthorizeResponseSchema,
      { method: 'POST', path: accountingConnectionPaths.authorize(workspaceId) },
      options,
    )
  ).url;

/** POST …/sync: read the books again now (owner, admin, system); answers at once. */
export const refreshQuickBooks = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<AccountingConnection> =>
  callForData(
    api,
    accountingConnectionResponseSchema,
    { method: 'POST', path: accountingConnectionPaths.sync(workspaceId) },
    options,
  );

/** DELETE …/connection: the grant ended at Intuit and forgotten with the copy of the books. */
export const disconnectQuickBooks = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<AccountingConnection> =>
  callForData(
    api,
    accountingConnectionResponseSchema,
    { method: 'DELETE', path: accountingConnectionPaths.connection(workspaceId) },
    options,
  );
