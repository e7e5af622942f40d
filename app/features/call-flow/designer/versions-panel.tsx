import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { restoreProcessVersion } from '@/shared/api/call-flow-designer';
import { formatWhen } from '../history-format';
import { agentsProcessesKey, designerKeys, processVersionsQuery } from './designer-queries';
import './versions-panel.css';

/**
 * The published versions of a process, newest first (issue #34 "Versions: … the previous
 * version can be restored"): who published each and when, and a restore, which publishes
 * that version's content again as the newest; calls in progress keep the version they
 * started with, and a draft being edited stays a draft.
 */
export function VersionsPanel({
  workspaceId,
  uid,
  onRestored,
}: {
  workspaceId: string;
  uid: string;
  onRestored: (version: number) => void;
}) {
  const { api, session, notify } = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const versions = useDataQuery(processVersionsQuery(scope, api, workspaceId, uid));
  const restore = useMutateAndInvalidate(
    (version: number) => restoreProcessVersion(api, workspaceId, uid, version),
    {
      invalidates: () => [
        designerKeys.all(scope, workspaceId),
        agentsProcessesKey(scope, workspaceId),
      ],
    },
  );
  const timeZone = session.workspace?.attributes.timezone;
  const list = versions.data ?? [];
  const latest = list[0]?.version ?? null;

  const onRestore = async (version: number) => {
    const answer = await confirm({
      icon: 'warning',
      title: `Restore version ${version}?`,
      body: `Its content is published again as version ${(latest ?? 0) + 1}, which new calls run. Calls in progress keep their version; your draft, if any, stays.`,
      cancelText: 'Cancel',
      submitText: 'Restore',
      submitColor: 'primary',
    });
    if (answer !== 1) return;
    try {
      const summary = await restore.mutate(version);
      notify('success', `Version ${version} restored as version ${summary.version}.`);
      onRestored(summary.version);
    } catch {
      // The API client has said why.
    }
  };

  return (
    <section className="ic-versions" aria-labelledby="ic-versions-title">
      <h3 id="ic-versions-title" className="ic-versions__title">
        Versions
      </h3>
      {versions.status === 'loading' && !versions.data ? (
        <LoadingBlock label="Loading the versions…" />
      ) : null}
      {versions.status === 'error' ? (
        <ErrorView onRetry={versions.retry} detail={versions.detail ?? undefined} />
      ) : null}
      {versions.data && list.length === 0 ? (
        <p className="ic-versions__note">Not published yet: publishing makes version 1.</p>
      ) : null}
      {list.length > 0 ? (
        <ol className="ic-versions__list">
          {list.map((entry) => (
            <li key={entry.version} className="ic-versions__item">
              <div>
                <strong>Version {entry.version}</strong>
                {entry.version === latest ? (
                  <span className="ic-versions__current"> · what new calls run</span>
                ) : null}
                <span className="ic-versions__meta">
                  {formatWhen(entry.publishedAt, timeZone)} by{' '}
                  {entry.publishedBy ?? 'Intake Cockpit'} · {entry.stepCount} steps
                  {entry.restoredFrom !== null
                    ? ` · restored from version ${entry.restoredFrom}`
                    : ''}
                </span>
              </div>
              {entry.version !== latest ? (
                <Button
                  variant="ghost"
                  disabled={restore.pending}
                  aria-label={`Restore version ${entry.version}`}
                  onClick={() => void onRestore(entry.version)}
                >
                  Restore
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
