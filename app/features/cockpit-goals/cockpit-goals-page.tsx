import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { saveCockpitGoalSettings } from '@/shared/api/goals';
import type { CockpitGoalSettingsUpdate } from '@/shared/contracts/reports/cockpit-goals';
import { cockpitGoalSettingsKey, cockpitGoalSettingsQuery } from '@/shared/query/settings-queries';
import { isCockpitEnabled } from '@/shared/domain/workspace-features';
import { CockpitGoalsForm } from './cockpit-goals-form';

export const SAVED_TEXT = 'Cockpit goals saved.';

/**
 * Settings → Cockpit Goals (spec: dashboards 2.2, 3, 5, 6): the workspace's weekly goals
 * and each lead source's lead minimum and goal, saved to the server. Owners and admins of
 * cockpit workspaces only: the route admits owners and admins, this page shows nothing to
 * edit when the workspace's cockpit is off, and the server refuses both cases again.
 */
export function CockpitGoalsPage() {
  const { api, session, notify } = useHost();
  const client = useQueryClient();
  const workspace = session.workspace;
  const workspaceId = workspace?.id ?? null;
  const allowed =
    isCockpitEnabled(workspace) &&
    (session.user?.role === 'owner' || session.user?.role === 'admin');
  const scope = useQueryScope();
  const load = useDataQuery(
    workspaceId && allowed ? cockpitGoalSettingsQuery(scope, api, workspaceId) : null,
  );
  const { mutate: saveSettings } = useMutateAndInvalidate(
    ({ id, update }: { id: string; update: CockpitGoalSettingsUpdate }) =>
      saveCockpitGoalSettings(api, id, update),
    {
      invalidates: (_, { id }) => [cockpitGoalSettingsKey(scope, id)],
      // The saved settings show at once; the reload behind them changes nothing.
      onAnswer: (settings, { id }) =>
        client.setQueryData([...cockpitGoalSettingsKey(scope, id)], settings),
    },
  );

  const save = useCallback(
    async (update: CockpitGoalSettingsUpdate) => {
      if (!workspaceId) return;
      await saveSettings({ id: workspaceId, update });
      notify('success', SAVED_TEXT);
    },
    [saveSettings, workspaceId, notify],
  );

  return (
    <Page
      eyebrow="Settings"
      title="Cockpit Goals"
      description="Weekly minimums and goals. The cockpit scales them to the dates you look at."
      narrow
    >
      {!allowed ? (
        <p className="ic-goals-form__notice" role="status">
          Cockpit goals are for owners and admins of workspaces with the cockpit enabled.
        </p>
      ) : load.status === 'error' ? (
        <ErrorView onRetry={load.retry} />
      ) : load.status !== 'loaded' || !load.data ? (
        <LoadingBlock label="Loading Cockpit Goals..." />
      ) : (
        <CockpitGoalsForm key={JSON.stringify(load.data)} settings={load.data} onSave={save} />
      )}
    </Page>
  );
}
