import type { FastifyInstance } from 'fastify';
import {
  type CockpitGoalSettings,
  cockpitGoalSettingsResponseSchema,
  cockpitGoalsUpdateSchema,
} from '@/shared/contracts/reports/cockpit-goals';
import type { Workspace } from '@/shared/contracts/workspace';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { writeJson } from '../repositories/json-column';
import { listLeadSources } from '../repositories/lookup-repository';
import {
  findWorkspace,
  saveCockpitGoals,
  storedGoalsSchema,
} from '../repositories/workspace-repository';
import { assertFeatureAccess } from './report-route';
import { createLoadedWorkspaceScope } from './workspace-scope';

async function readGoalSettings(db: Db, workspace: Workspace): Promise<CockpitGoalSettings> {
  const sources = await listLeadSources(db, workspace.id);
  return {
    ...workspace.attributes.goals,
    leadSources: sources.map((source) => ({
      id: source.id,
      label: source.label,
      active: source.active,
      leadGen: source.Settings?.leadGen ?? null,
    })),
  };
}

/**
 * GET and PUT workspaces/{id}/cockpit-goals (shared/contracts/reports/cockpit-goals.ts):
 * the workspace's weekly goals and each lead source's weekly leadsMin / leadsMax, for
 * owners and admins of a workspace whose cockpit is enabled (spec: dashboards 6 "cockpit
 * and cockpit goals need cockpit enabled"). The values live where GET workspaces/{id}
 * (attributes.goals) and the leadSources lookup (Settings.leadGen) read them.
 */
export function registerCockpitGoalRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createLoadedWorkspaceScope(ctx);

  async function editorScope(request: Parameters<typeof workspaceScope>[0]) {
    const scope = await workspaceScope(request);
    // Roles and the cockpit setting come from the shared feature table (issue #9 item 5).
    assertFeatureAccess(scope.principal, scope.workspace, 'cockpitGoals');
    return scope;
  }

  api.get('/workspaces/:id/cockpit-goals', async (request) => {
    const { workspace } = await editorScope(request);
    return respondWith(cockpitGoalSettingsResponseSchema, {
      data: await readGoalSettings(db, workspace),
    });
  });

  api.put('/workspaces/:id/cockpit-goals', async (request) => {
    const { workspaceId } = await editorScope(request);
    const update = parseInput(cockpitGoalsUpdateSchema, request.body, 'body');

    // Only the workspace's visible sources may be given goals (Test sources are hidden
    // from goal logic, spec: dashboards 3).
    const visible = new Set((await listLeadSources(db, workspaceId)).map((source) => source.id));
    const unknown = update.leadSources
      .filter((item) => !visible.has(item.id))
      .map((item) => item.id);
    if (unknown.length > 0) {
      throw badRequest(`leadSources: unknown lead source ${unknown.slice(0, 5).join(', ')}`);
    }

    const goals = writeJson(storedGoalsSchema, {
      leadGen: update.leadGen,
      salesPerformance: update.salesPerformance,
      communications: update.communications,
    });
    await saveCockpitGoals(db, workspaceId, goals, update.leadSources);

    // Read back after the write: the answer is what is now stored.
    const saved = await findWorkspace(db, workspaceId);
    if (!saved) throw notFound('Workspace not found.');
    return respondWith(cockpitGoalSettingsResponseSchema, {
      data: await readGoalSettings(db, saved),
    });
  });
}
