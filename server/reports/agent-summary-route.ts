import type { FastifyInstance } from 'fastify';
import {
  agentSummaryQuerySchema,
  agentSummaryResponseSchema,
} from '@/shared/contracts/reports/agent-summary';
import type { Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { ReportRateLimit } from '../http/report-guards';
import { parseInput, respondWith } from '../http/validate';
import { assertFeatureAccess } from '../routes/report-route';
import { createLoadedWorkspaceScope } from '../routes/workspace-scope';
import { agentSummary } from './agent-summary';
import { loadLookupSet, type WorkspaceLookupSet } from './report-scope';

/** The agent record of the signed-in user in this workspace (their person's), if any. */
async function ownAgent(ctx: ServerContext, principal: Principal, workspace: WorkspaceLookupSet) {
  const user = await ctx.db
    .selectFrom('users')
    .select('person_id')
    .where('id', '=', principal.sub)
    .executeTakeFirst();
  const personId = user?.person_id ?? null;
  return personId ? (workspace.agents.find((a) => a.personId === personId) ?? null) : null;
}

/**
 * GET /api/workspaces/{id}/agents/me/summary?period=day|week[&agent=] — the Agent
 * dashboard (docs/agent-dashboard.md). Same checks as the report routes, in the same
 * order: token (401), workspace (403/404), the call-compliance feature the agent
 * dashboard belongs to (role operator/owner/admin and call tracking: 403), the report
 * budget (429), the query (400). An operator reads only their own agent record: naming
 * another answers 403; a user with no agent record in the workspace gets 404 saying so.
 */
export function registerAgentSummaryRoute(
  api: FastifyInstance,
  ctx: ServerContext,
  rateLimit: ReportRateLimit,
): void {
  const workspaceScope = createLoadedWorkspaceScope(ctx);
  api.get('/workspaces/:id/agents/me/summary', async (request) => {
    const { principal, workspaceId, workspace: settings } = await workspaceScope(request);
    rateLimit(principal);
    assertFeatureAccess(principal, settings, 'callCompliance');
    const input = parseInput(agentSummaryQuerySchema, request.query ?? {}, 'query');
    const workspace = await loadLookupSet(ctx.db, workspaceId);
    const own = await ownAgent(ctx, principal, workspace);

    let agent = own;
    if (input.agent && input.agent !== own?.id) {
      if (principal.role === 'operator') {
        throw forbidden('An agent can only read their own dashboard.');
      }
      agent = workspace.agents.find((a) => a.id === input.agent) ?? null;
      if (!agent) throw badRequest(`agent: unknown agent ${input.agent}`);
    }
    if (!agent) {
      throw notFound(
        'No agent record is linked to your user in this workspace, so there is no agent dashboard to show.',
      );
    }
    return respondWith(agentSummaryResponseSchema, {
      data: await agentSummary(ctx.db, workspace, agent, input.period, ctx.now()),
    });
  });
}
