import { useCallback, useEffect, useState } from 'react';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { fetchCockpitGoalSettings, saveCockpitGoalSettings } from '@/shared/api/goals';
import type {
  CockpitGoalSettings,
  CockpitGoalSettingsUpdate,
} from '@/shared/contracts/reports/cockpit-goals';
import { isCockpitEnabled } from '@/shared/domain/workspace-features';
import { CockpitGoalsForm } from './cockpit-goals-form';

type Load =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; settings: CockpitGoalSettings };

export const SAVED_TEXT = 'Cockpit goals saved.';

/**
 * Settings → Cockpit Goals (spec: dashboards 2.2, 3, 5, 6): the workspace's weekly goals
 * and each lead source's lead minimum and goal, saved to the server. Owners and admins of
 * cockpit workspaces only: the route admits owners and admins, this page shows nothing to
 * edit when the workspace's cockpit is off, and the server refuses both cases again.
 */
export function CockpitGoalsPage() {
  const { api, session, notify } = useHost();
  const workspace = session.workspace;
  const workspaceId = workspace?.id ?? null;
  const allowed =
    isCockpitEnabled(workspace) &&
    (session.user?.role === 'owner' || session.user?.role === 'admin');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!workspaceId || !allowed) return;
    let current = true;
    setLoad({ status: 'loading' });
    fetchCockpitGoalSettings(api, workspaceId)
      .then((settings) => current && setLoad({ status: 'loaded', settings }))
      .catch((error: unknown) => {
        console.error('Cockpit goals failed to load', error);
        if (current) setLoad({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, [api, workspaceId, allowed, attempt]);

  const save = useCallback(
    async (update: CockpitGoalSettingsUpdate) => {
      if (!workspaceId) return;
      const settings = await saveCockpitGoalSettings(api, workspaceId, update);
      setLoad({ status: 'loaded', settings });
      notify('success', SAVED_TEXT);
    },
    [api, workspaceId, notify],
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
      ) : load.status === 'loading' ? (
        <LoadingBlock label="Loading Cockpit Goals..." />
      ) : load.status === 'error' ? (
        <ErrorView onRetry={() => setAttempt((value) => value + 1)} />
      ) : (
        <CockpitGoalsForm
          key={JSON.stringify(load.settings)}
          settings={load.settings}
          onSave={save}
        />
      )}
    </Page>
  );
}
