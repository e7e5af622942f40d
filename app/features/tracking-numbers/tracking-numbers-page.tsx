import { Fragment, useId, useState } from 'react';
import {
  EditorRow,
  editorSave,
  RowEditButton,
  useRowEditor,
} from '@/app/components/row-editor/row-editor';
import { Card } from '@/app/components/card/card';
import { CtmConnectionPanel } from '@/app/components/ctm-connection/ctm-connection-panel';
import { ErrorView } from '@/app/components/error-view/error-view';
import { TextField } from '@/app/components/field/field-controls';
import { Page } from '@/app/components/page/page';
import { FIGURE } from '@/app/components/figure/figure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_ACTIONS, TableScroll } from '@/app/components/table/table-scroll';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useRowWrite } from '@/app/query/use-mutate-and-invalidate';
import { useLookup } from '@/app/query/use-lookup';
import { saveTrackingNumber } from '@/shared/api/workspace-settings';
import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import type { TrackingNumberUpdate } from '@/shared/contracts/workspace-settings';
import type { Workspace } from '@/shared/contracts/workspace';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { filterTrackingNumbers } from './tracking-number-draft';
import { TrackingNumberEditor } from './tracking-number-editor';
import {
  callTrackingCacheKey,
  trackingNumberSettingsKey,
  trackingNumberSettingsQuery,
} from './tracking-numbers-query';
import './tracking-numbers-page.css';

export const SAVED_TEXT = 'Tracking number saved.';

/**
 * Why a workspace has no tracking numbers to show (spec: dashboards 6, session 6: the
 * numbers need a call-tracking account plus its setting), and who can change that.
 */
export function callTrackingOffReason(workspace: Workspace | null): string {
  if (!workspace) return 'Sign in to a workspace to see its tracking numbers.';
  const { vendors, settings } = workspace.attributes;
  const who =
    'The system administrator turns call tracking on for a workspace (System > Workspaces).';
  if (!vendors.callTrackingMetrics.account) {
    return `This workspace has no CallTrackingMetrics account, so it has no tracking numbers to show. ${who}`;
  }
  if (settings.ctm !== true) {
    return `Call tracking is turned off in this workspace's settings, so its tracking numbers are not used. ${who}`;
  }
  return '';
}

/**
 * Saves one tracking number (through useRowWrite): the saved row replaces its
 * old one at once, and the call-tracking reads (the picker, tracking info) are made stale.
 * Silent: the editor shows the server's reason beside its buttons.
 */
function useSaveTrackingNumber(workspaceId: string | null) {
  const { api } = useHost();
  const scope = useQueryScope();
  const { mutate } = useRowWrite(
    ({ numberId, update }: { numberId: string; update: TrackingNumberUpdate }) =>
      saveTrackingNumber(api, workspaceId!, numberId, update, { silent: true }),
    {
      list: trackingNumberSettingsKey(scope, workspaceId!),
      isRow: (row: TrackingNumber, saved) => row.id === saved.id,
      invalidates: () => [callTrackingCacheKey(scope)],
    },
  );
  return mutate;
}

/**
 * Settings > Tracking Numbers (issue #16; spec: dashboards 2.2, 6): the workspace's
 * call-tracking numbers with the label, lead source and campaign each call on them is
 * attributed to; owners and admins edit them here. The click-to-call number picker
 * (ctm/numbers) and the active call's tracking info (ctm/tracking-info) read the same rows.
 */
export function TrackingNumbersPage() {
  const { api, session, notify } = useHost();
  const workspace = session.workspace;
  const workspaceId = workspace?.id ?? null;
  const enabled = isCallTrackingEnabled(workspace);
  const scope = useQueryScope();
  const numbers = useDataQuery(
    enabled && workspaceId ? trackingNumberSettingsQuery(scope, api, workspaceId) : null,
  );
  const leadSources = useLookup('leadSources', enabled);
  const campaigns = useLookup('campaigns', enabled);
  const [filter, setFilter] = useState('');
  const rowEditor = useRowEditor();
  const { editing } = rowEditor;
  const captionId = useId();

  const saveNumber = useSaveTrackingNumber(workspaceId);
  const save = editorSave(
    rowEditor,
    (numberId, update: TrackingNumberUpdate) => saveNumber({ numberId, update }),
    () => notify('success', SAVED_TEXT),
  );

  const all = numbers.data ?? [];
  // The number being edited stays on screen whatever the filter says.
  const matching = new Set(filterTrackingNumbers(all, filter).map((number) => number.id));
  const shown = all.filter((number) => number.id === editing || matching.has(number.id));
  const matchCount = matching.size;

  return (
    <Page
      eyebrow="Settings"
      title="Tracking Numbers"
      description="Your call-tracking numbers, and the lead source and campaign each call on them counts for. Agents see the labels when they choose a number to call from."
    >
      {enabled && workspaceId ? (
        <Card title="Call tracking provider">
          <CtmConnectionPanel
            workspaceId={workspaceId}
            canConnect={session.user?.role === 'owner' || session.user?.role === 'system'}
          />
        </Card>
      ) : null}
      {!enabled ? (
        <p className="ic-tracking-numbers__notice" role="status">
          {callTrackingOffReason(workspace)}
        </p>
      ) : (
        <Card aria-busy={numbers.status === 'loading' || undefined}>
          <div className="ic-tracking-numbers__toolbar">
            <TextField
              label="Filter numbers"
              className="ic-tracking-numbers__filter"
              type="search"
              value={filter}
              placeholder="Number, label, lead source or campaign"
              autoComplete="off"
              onValueChange={(value) => setFilter(value)}
            />
            <p className="ic-tracking-numbers__count" aria-live="polite">
              {numbers.status === 'loaded'
                ? filter.trim()
                  ? `${matchCount} of ${all.length} numbers`
                  : `${all.length} ${all.length === 1 ? 'number' : 'numbers'}`
                : ''}
            </p>
          </div>
          {numbers.status === 'loading' ? <LoadingBlock label="Loading tracking numbers…" /> : null}
          {numbers.status === 'error' ? (
            <ErrorView onRetry={numbers.retry} detail={numbers.detail ?? undefined} />
          ) : null}
          {numbers.status === 'loaded' && all.length === 0 ? (
            <p className="ic-tracking-numbers__empty">
              Your CallTrackingMetrics account has no tracking numbers yet. Numbers bought there
              appear here.
            </p>
          ) : null}
          {numbers.status === 'loaded' && all.length > 0 && shown.length === 0 ? (
            <p className="ic-tracking-numbers__empty">No tracking number matches “{filter}”.</p>
          ) : null}
          {numbers.status === 'loaded' && shown.length > 0 ? (
            <TableScroll labelledBy={captionId}>
              <table className={`${TABLE} ic-tracking-numbers__table`} aria-labelledby={captionId}>
                <caption id={captionId} className="ic-tracking-numbers__caption">
                  Tracking numbers
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Label</th>
                    <th scope="col">Lead source</th>
                    <th scope="col">Campaign</th>
                    <th scope="col" className={TABLE_ACTIONS}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((number) => (
                    <Fragment key={number.id}>
                      <tr data-editing={editing === number.id || undefined}>
                        <td className="ic-tracking-numbers__number">
                          <span className={FIGURE}>{number.formatted}</span>
                          {number.valid ? null : (
                            <span className="ic-tracking-numbers__tag">Not a US number</span>
                          )}
                        </td>
                        <td>
                          {number.label || (
                            <span className="ic-tracking-numbers__none">Unlabelled</span>
                          )}
                        </td>
                        <td>{number.leadSource?.name ?? <None />}</td>
                        <td>{number.campaign?.name ?? <None />}</td>
                        <td className={TABLE_ACTIONS}>
                          <RowEditButton
                            editor={rowEditor}
                            rowId={number.id}
                            aria-label={`Edit ${number.formatted}`}
                          >
                            Edit
                          </RowEditButton>
                        </td>
                      </tr>
                      {editing === number.id ? (
                        <EditorRow className="ic-tracking-numbers__editor-row" colSpan={5}>
                          <TrackingNumberEditor
                            number={number}
                            leadSources={leadSources.items}
                            campaigns={campaigns.items}
                            lookupsLoading={leadSources.loading || campaigns.loading}
                            onSave={(update) => save(number.id, update)}
                            onCancel={() => rowEditor.close(number.id)}
                          />
                        </EditorRow>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
        </Card>
      )}
    </Page>
  );
}

function None() {
  return <span className="ic-tracking-numbers__none">None</span>;
}
