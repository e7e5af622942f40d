import { itemResponseSchema, listResponseSchema } from '@/shared/contracts/common';
import { agentSchema, type Agent } from '@/shared/contracts/lookups';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import type { ApiClient, CallOptions } from './client';
import { compareLabels } from '@/shared/domain/sorting';

export async function getWorkspace(api: ApiClient, workspaceId: string, options?: CallOptions) {
  const path = `workspaces/${encodeURIComponent(workspaceId)}`;
  return (await api.call(itemResponseSchema(workspaceSchema), { method: 'GET', path }, options))
    .data;
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

/** The most agents one workspace lists here (the lookups' page size). */
const AGENTS_LIMIT = 300;

/** GET workspaces/{id}/agents: one workspace's agents (the System area lists any workspace's; a system user's own GET agents is empty), active first, by name. */
export async function listWorkspaceAgents(api: ApiClient, workspaceId: string): Promise<Agent[]> {
  const answer = await api.call(listResponseSchema(agentSchema), {
    method: 'GET',
    path: `workspaces/${encodeURIComponent(workspaceId)}/agents`,
    query: { 'page[limit]': AGENTS_LIMIT },
  });
  return [...answer.data].sort(
    (a, b) => Number(b.active) - Number(a.active) || compareLabels(a.name, b.name),
  );
}
