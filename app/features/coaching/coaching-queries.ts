import type { ApiClient } from '@/shared/api/client';
import { getCoachingReport, listCoachingScores, listTrainingVideos } from '@/shared/api/coaching';
import { fetchLookup } from '@/shared/api/lookups';
import { listWorkspaceAgents } from '@/shared/api/workspaces';
import type { CoachingReport, CoachingScore, TrainingVideo } from '@/shared/contracts/coaching';
import type { Agent, CoachingCategory } from '@/shared/contracts/lookups';
import { trainingTopics } from '@/shared/domain/coaching';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { compareLabels } from '@/shared/domain/sorting';

// The coaching screens' data (issue #16), one query each, keyed under the sign-in's scope.

/** Immigration plus every coaching category (spec: session 2 Training submenu). */
export function trainingTopicsQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<CoachingCategory[]> {
  return {
    queryKey: [...scope, 'coaching', 'topics'],
    queryFn: async ({ signal }) => {
      // A global lookup (spec: session 7); the path needs no workspace, so the system user
      // gets it too. fetchLookup is silent: the screen shows the failure itself.
      const categories = await fetchLookup(withSignal(api, signal), 'coachingMenu', '');
      return trainingTopics(categories);
    },
    staleTime: 5 * 60_000,
    retry: false,
  };
}

export const videosKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'coaching', 'videos', workspaceId] as const;

export function trainingVideosQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  categoryId: string,
): DataQueryOptions<TrainingVideo[]> {
  return {
    queryKey: [...videosKey(scope, workspaceId), categoryId],
    queryFn: ({ signal }) => listTrainingVideos(withSignal(api, signal), workspaceId, categoryId),
    // Uploaded files' signed links last two hours; a list this old is fetched again.
    staleTime: 60_000,
    retry: false,
  };
}

export const scoresKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'coaching', 'scores', workspaceId] as const;

export function coachingScoresQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  agentId: string,
): DataQueryOptions<CoachingScore[]> {
  return {
    queryKey: [...scoresKey(scope, workspaceId), agentId],
    queryFn: ({ signal }) =>
      listCoachingScores(withSignal(api, signal), workspaceId, agentId ? { agentId } : {}),
    staleTime: 30_000,
    retry: false,
  };
}

/** Every range of the workspace's coaching report: a new score changes its averages. */
export const coachingReportKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'coaching', 'report', workspaceId] as const;

export function coachingReportQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  range: { from: string; to: string },
): DataQueryOptions<CoachingReport> {
  return {
    queryKey: [...coachingReportKey(scope, workspaceId), range.from, range.to],
    queryFn: ({ signal }) => getCoachingReport(withSignal(api, signal), workspaceId, range),
    staleTime: 30_000,
    retry: false,
  };
}

/** The workspace's active agents, by name (the score form's picker). */
export function activeAgentsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<Agent[]> {
  return {
    queryKey: [...scope, 'coaching', 'agents', workspaceId],
    queryFn: async ({ signal }) =>
      (await listWorkspaceAgents(withSignal(api, signal), workspaceId))
        .filter((agent) => agent.active)
        .sort((a, b) => compareLabels(a.name, b.name)),
    staleTime: 60_000,
    retry: false,
  };
}
