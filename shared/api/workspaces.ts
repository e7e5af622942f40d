import { itemResponseSchema, listResponseSchema } from '@/shared/contracts/common';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import type { ApiClient } from './client';

export async function getWorkspace(api: ApiClient, workspaceId: string) {
  const path = `workspaces/${encodeURIComponent(workspaceId)}`;
  return (await api.call(itemResponseSchema(workspaceSchema), { method: 'GET', path })).data;
}

export async function listWorkspaces(api: ApiClient) {
  return (
    await api.call(listResponseSchema(workspaceSchema), { method: 'GET', path: 'workspaces' })
  ).data;
}

/** GET workspaces/{id}/crm/zoho/organization or /ifs/organization, by the workspace's CRM. */
export async function getCrmOrganization(api: ApiClient, workspaceId: string, crm: 'zoho' | 'ifs') {
  const path = `workspaces/${encodeURIComponent(workspaceId)}/${crm === 'zoho' ? 'crm/zoho' : 'ifs'}/organization`;
  return (await api.call(itemResponseSchema(crmOrganizationSchema), { method: 'GET', path })).data;
}
