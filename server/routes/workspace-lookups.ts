import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  agentSchema,
  campaignSchema,
  caseTypeSchema,
  consultantSchema,
  crmUserSchema,
  leadSourceSchema,
  officeSchema,
  practiceAreaSchema,
} from '@/shared/contracts/lookups';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { listResponder } from '../http/list-response';
import {
  listAgents,
  listCampaigns,
  listCaseTypes,
  listConsultants,
  listCrmUsers,
  listLeadSources,
  listOffices,
  listPracticeAreas,
} from '../repositories/lookup-repository';
import { createWorkspaceScope } from './workspace-scope';

interface WorkspaceList<T extends z.ZodType> {
  item: T;
  load: (db: Db, workspaceId: string) => Promise<z.input<T>[]>;
}
const list = <T extends z.ZodType>(item: T, load: WorkspaceList<T>['load']): WorkspaceList<T> => ({
  item,
  load,
});

const LEAD_SOURCES = list(leadSourceSchema, listLeadSources);
const OFFICES = list(officeSchema, listOffices);
const CASE_TYPES = list(caseTypeSchema, listCaseTypes);
const AGENTS = list(agentSchema, listAgents);
const CONSULTANTS = list(consultantSchema, listConsultants);

/** spec: session 7 "Workspace and lookups" — lists under workspaces/{id}. */
const WORKSPACE_SCOPED: ReadonlyArray<readonly [string, WorkspaceList<z.ZodType>]> = [
  ['leadSources', LEAD_SOURCES],
  ['campaigns', list(campaignSchema, listCampaigns)],
  ['practiceAreas', list(practiceAreaSchema, listPracticeAreas)],
  ['offices', OFFICES],
  ['casetypes', CASE_TYPES],
  // Only a Zoho workspace has Zoho users; any other answers an empty list, which is what
  // the client does with a failed lookup anyway (spec: session 7).
  ['crm/zoho/users', list(crmUserSchema, (db, id) => listCrmUsers(db, id, 'zoho'))],
  // voip/providers/ctm/users: routes/call-tracking-connection.ts (read from CTM when connected).
  // A system user has no workspace of their own (GET agents answers []): the System area's
  // "Place a test call" picks the agent from the workspace's list (issue #13).
  ['agents', AGENTS],
];

/**
 * Lists of the token's own workspace, at the paths the spec names without a workspace:
 * agents and consultants (session 7), leadsources, offices, casetypes (dashboards 7).
 * The system role belongs to no workspace and gets empty lists: it loads no lookups
 * (spec: session 4 step 5 "Non-system users get lookups loaded").
 */
const TOKEN_SCOPED: ReadonlyArray<readonly [string, WorkspaceList<z.ZodType>]> = [
  ['agents', AGENTS],
  ['consultants', CONSULTANTS],
  ['leadsources', LEAD_SOURCES],
  ['offices', OFFICES],
  ['casetypes', CASE_TYPES],
];

export function registerWorkspaceLookupRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const workspaceScope = createWorkspaceScope(ctx);

  for (const [path, { item, load }] of WORKSPACE_SCOPED) {
    const respond = listResponder(item);
    api.get(`/workspaces/:id/${path}`, async (request) => {
      const { workspaceId } = await workspaceScope(request);
      return respond(request.query, await load(ctx.db, workspaceId));
    });
  }

  for (const [path, { item, load }] of TOKEN_SCOPED) {
    const respond = listResponder(item);
    api.get(`/${path}`, async (request) => {
      const principal = await ctx.authenticate(request);
      const items = principal.workspace ? await load(ctx.db, principal.workspace) : [];
      return respond(request.query, items);
    });
  }
}
