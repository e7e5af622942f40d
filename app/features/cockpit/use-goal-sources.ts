import { useEffect, useState } from 'react';
import type { ApiClient } from '@/shared/api/client';
import { fetchGoalSources, type GoalSources } from '@/shared/api/goals';
import type { WorkspaceGoals } from '@/shared/contracts/goals';
import { visibleLeadSources } from '@/shared/domain/lead-sources';

export interface GoalSourcesState {
  /** null until the first answer, and when goal settings cannot be read ('N/A'). */
  sources: GoalSources | null;
  loading: boolean;
}

/**
 * The cockpit's goal settings (spec: dashboards 4 "then refetches goal settings"): fetched
 * on mount and again each time `refreshKey` changes. Until the first answer the session's
 * workspace goals stand in, so the cards do not flash 'N/A'; lead sources are those of
 * the answer (Test sources hidden, sorted by label).
 */
export function useGoalSources(
  api: ApiClient,
  workspaceId: string | null,
  refreshKey: number,
  initialGoals: WorkspaceGoals | null,
): GoalSourcesState {
  const [state, setState] = useState<GoalSourcesState>(() => ({
    sources: initialGoals ? { goals: initialGoals, leadSources: [] } : null,
    loading: workspaceId !== null,
  }));

  useEffect(() => {
    if (!workspaceId) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    fetchGoalSources(api, workspaceId)
      .then((answer) => {
        if (!current) return;
        setState({
          sources: { goals: answer.goals, leadSources: visibleLeadSources(answer.leadSources) },
          loading: false,
        });
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Cockpit goal settings failed to load', error);
        setState((previous) => ({ ...previous, loading: false }));
      });
    return () => {
      current = false;
    };
  }, [api, workspaceId, refreshKey]);

  return state;
}
