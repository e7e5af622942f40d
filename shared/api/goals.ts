import { itemResponseSchema, listResponseSchema } from '@/shared/contracts/common';
import type { WorkspaceGoals } from '@/shared/contracts/goals';
import { type LeadSource, leadSourceSchema } from '@/shared/contracts/lookups';
import {
  type CockpitGoalSettings,
  cockpitGoalSettingsResponseSchema,
  type CockpitGoalSettingsUpdate,
} from '@/shared/contracts/reports/cockpit-goals';
import { workspaceSchema } from '@/shared/contracts/workspace';
import type { ApiClient } from './client';
import { callForData } from './client';

const ws = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}`;

/** The goal settings the cockpit compares with: the workspace's and each source's. */
export interface GoalSources {
  goals: WorkspaceGoals;
  /** Visible lead sources with their Settings.leadGen (also the cockpit's filter options). */
  leadSources: LeadSource[];
}

/**
 * The cockpit's goal settings (spec: dashboards 4 "then refetches goal settings"): GET
 * workspaces/{id} for attributes.goals and GET workspaces/{id}/leadSources for each
 * source's Settings.leadGen — the same stored values the cockpit-goals form saves.
 */
export async function fetchGoalSources(api: ApiClient, workspaceId: string): Promise<GoalSources> {
  const [workspace, sources] = await Promise.all([
    api.call(itemResponseSchema(workspaceSchema), { method: 'GET', path: ws(workspaceId) }),
    api.call(listResponseSchema(leadSourceSchema), {
      method: 'GET',
      path: `${ws(workspaceId)}/leadSources`,
      // spec: dashboards 7 / 9 — lead sources page limit 300.
      query: { 'page[limit]': 300 },
    }),
  ]);
  return { goals: workspace.data.attributes.goals, leadSources: sources.data };
}

/** GET workspaces/{id}/cockpit-goals — the settings form's values. */
export async function fetchCockpitGoalSettings(
  api: ApiClient,
  workspaceId: string,
): Promise<CockpitGoalSettings> {
  return callForData(api, cockpitGoalSettingsResponseSchema, {
    method: 'GET',
    path: `${ws(workspaceId)}/cockpit-goals`,
  });
}

/** PUT workspaces/{id}/cockpit-goals — saves the form; answers the stored settings. */
export async function saveCockpitGoalSettings(
  api: ApiClient,
  workspaceId: string,
  update: CockpitGoalSettingsUpdate,
): Promise<CockpitGoalSettings> {
  return callForData(api, cockpitGoalSettingsResponseSchema, {
    method: 'PUT',
    path: `${ws(workspaceId)}/cockpit-goals`,
    body: update,
  });
}
