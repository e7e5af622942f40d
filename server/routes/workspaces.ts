import type { FastifyInstance } from 'fastify';
import { itemResponseSchema } from '@/shared/contracts/common';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import type { ServerContext } from '../context';
import { notFound } from '../http/errors';
import { listResponder } from '../http/list-response';
import { respondWith } from '../http/validate';
import {
  crmOrganization,
  findWorkspace,
  listWorkspaces,
} from '../repositories/workspace-repository';
import { createWorkspaceScope } from './workspace-scope';

const workspaceList = listResponder(workspaceSchema);
const workspaceItem = itemResponseSchema(workspaceSchema);
const organizationItem = itemResponseSchema(crmOrganizationSchema);

/** spec: session 7 Workspace and lookups — GET workspaces, workspaces/{id}, CRM organisation. */
export function registerWorkspaceRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  // The system role administers all workspaces; everybody else sees the token's own.
  api.get('/workspaces', async (request) => {
    const principal = await ctx.authenticate(request);
    const workspaces =
      principal.role === 'system'
        ? await listWorkspaces(db)
        : await listWorkspaces(db, principal.workspace ? [principal.workspace] : []);
    return workspaceList(request.query, workspaces);
  });

  api.get('/workspaces/:id', async (request) => {
    const { workspaceId } = await workspaceScope(request);
    const workspace = await findWorkspace(db, workspaceId);
    if (!workspace) throw notFound('Workspace not found.');
    return respondWith(workspaceItem, { data: workspace });
  });

  // spec: session 4 step 5 — the client fetches the CRM organisation after sign-in;
  // a workspace without that CRM answers 404.
  for (const crm of ['zoho', 'ifs'] as const) {
    const path =
      crm === 'zoho' ? '/workspaces/:id/crm/zoho/organization' : '/workspaces/:id/ifs/organization';
    api.get(path, async (request) => {
      const { workspaceId } = await workspaceScope(request);
      const workspace = await findWorkspace(db, workspaceId);
      const organization = workspace ? crmOrganization(workspace, crm) : null;
      if (!organization)
        throw notFound(`This workspace has no ${crm === 'zoho' ? 'Zoho' : 'Keap'} organization.`);
      return respondWith(organizationItem, { data: organization });
    });
  }
}
