import {
  crmAuthorizeResponseSchema,
  type CrmConnection,
  crmConnectionPaths,
  crmConnectionResponseSchema,
  type ZohoFieldMapping,
  zohoFieldMappingResponseSchema,
} from '@/shared/contracts/crm-connection';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// A workspace's CRM connection (issue #33 "Zoho CRM"): the calls of
// shared/contracts/crm-connection.ts, each answer checked by its contract.

/** GET workspaces/{id}/crm/connection: the vendor and the connection's health. */
export const getCrmConnection = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<CrmConnection> =>
  callForData(
    api,
    crmConnectionResponseSchema,
    { method: 'GET', path: crmConnectionPaths.connection(workspaceId) },
    options,
  );

/** POST …/authorize: the CRM's consent page for this workspace (owner, system; 10 minutes). */
export const authorizeCrm = async (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<string> =>
  (
    await callForData(
      api,
      crmAuthorizeResponseSchema,
      { method: 'POST', path: crmConnectionPaths.authorize(workspaceId) },
      options,
    )
  ).url;

/** DELETE …/connection: the grant ended at the vendor and forgotten; back to the simulated CRM. */
export const disconnectCrm = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<CrmConnection> =>
  callForData(
    api,
    crmConnectionResponseSchema,
    { method: 'DELETE', path: crmConnectionPaths.connection(workspaceId) },
    options,
  );

/** GET …/crm/field-mapping: where the workspace sends our fields in Zoho (owner, admin, system). */
export const getZohoFieldMapping = (
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<ZohoFieldMapping> =>
  callForData(
    api,
    zohoFieldMappingResponseSchema,
    { method: 'GET', path: crmConnectionPaths.fieldMapping(workspaceId) },
    options,
  );

/** PUT …/crm/field-mapping: the owner's mapping, checked by the same contract (owner, system). */
export const saveZohoFieldMapping = (
  api: ApiClient,
  workspaceId: string,
  mapping: ZohoFieldMapping,
  options?: CallOptions,
): Promise<ZohoFieldMapping> =>
  callForData(
    api,
    zohoFieldMappingResponseSchema,
    { method: 'PUT', path: crmConnectionPaths.fieldMapping(workspaceId), body: mapping },
    options,
  );
