import { Fragment, useId } from 'react';
import {
  EditorRow,
  editorSave,
  RowEditButton,
  useRowEditor,
} from '@/app/components/row-editor/row-editor';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { FIGURE } from '@/app/components/figure/figure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import {
  TABLE,
  TABLE_ACTIONS,
  TABLE_NUMBER,
  TableScroll,
} from '@/app/components/table/table-scroll';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useRowWrite } from '@/app/query/use-mutate-and-invalidate';
import { useLookup } from '@/app/query/use-lookup';
import { saveCampaignApportion } from '@/shared/api/workspace-settings';
import type {
  CampaignApportion,
  CampaignApportionUpdate,
} from '@/shared/contracts/workspace-settings';
import { formatDollars, toCents } from '@/shared/domain/campaign-apportion';
import { reportsKey } from '@/shared/query/report-queries';
import { formatMonth } from './apportion-draft';
import { CampaignApportionEditor } from './campaign-apportion-editor';
import { campaignApportionsKey, campaignApportionsQuery } from './campaign-apportion-query';
import './campaign-apportion-page.css';

export const SAVED_TEXT = 'Campaign split saved.';

/** 'YYYY-MM' of today, for a new row. */
function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/**
 * Saves one campaign's split (through useRowWrite): the saved row replaces its
 * old one at once, and every report's cached answer is made stale (ROI and marketing
 * intelligence read the shares). Silent: the editor shows the server's reason (a 400
 * naming the difference) itself.
 */
function useSaveCampaignApportion(workspaceId: string | null) {
  const { api } = useHost();
  const scope = useQueryScope();
  const { mutate } = useRowWrite(
    ({ campaignId, update }: { campaignId: string; update: CampaignApportionUpdate }) =>
      saveCampaignApportion(api, workspaceId!, campaignId, update, { silent: true }),
    {
      list: campaignApportionsKey(scope, workspaceId!),
      isRow: (row: CampaignApportion, saved) => row.campaignId === saved.campaignId,
      invalidates: () => [reportsKey(scope)],
    },
  );
  return mutate;
}

/**
 * Settings > Campaign Apportion (issue #16): each campaign's spend split across lead
 * sources and months. ROI and marketing intelligence add every share to its lead source's
 * spend for its month (server/reports/sales-reports.ts spendBySource); lead-source
 * ranking reads no spend.
 */
export function CampaignApportionPage() {
  const { api, session, notify } = useHost();
  const workspaceId = session.workspace?.id ?? null;
  const scope = useQueryScope();
  const apportions = useDataQuery(
    workspaceId ? campaignApportionsQuery(scope, api, workspaceId) : null,
  );
  const leadSources = useLookup('leadSources');
  const rowEditor = useRowEditor();
  const { editing } = rowEditor;
  const captionId = useId();
  const sourceName = (id: string | null) =>
    id === null ? null : (leadSources.items.find((source) => source.id === id)?.label ?? null);

  const saveApportion = useSaveCampaignApportion(workspaceId);
  const save = editorSave(
    rowEditor,
    (campaignId, update: CampaignApportionUpdate) => saveApportion({ campaignId, update }),
    () => notify('success', SAVED_TEXT),
  );

  const items = apportions.data ?? [];

  return (
    <Page
      eyebrow="Settings"
      title="Campaign Apportion"
      description="Split what each campaign cost across the lead sources and months it paid for. ROI and marketing intelligence add each share to that lead source's spend in that month."
    >
      <Card aria-busy={apportions.status === 'loading' || undefined}>
        {apportions.status === 'loading' ? <LoadingBlock label="Loading campaigns…" /> : null}
        {apportions.status === 'error' ? (
          <ErrorView onRetry={apportions.retry} detail={apportions.detail ?? undefined} />
        ) : null}
        {apportions.status === 'loaded' && items.length === 0 ? (
          <p className="ic-apportion__empty">
            This workspace has no campaigns yet. Campaigns come from your CRM; once there are some,
            their spend can be split here.
          </p>
        ) : null}
        {apportions.status === 'loaded' && items.length > 0 ? (
          <TableScroll labelledBy={captionId}>
            <table className={`${TABLE} ic-apportion__table`} aria-labelledby={captionId}>
              <caption id={captionId} className="ic-apportion__caption">
                Campaigns ({items.length})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Lead source</th>
                  <th scope="col" className={TABLE_NUMBER}>
                    Spend
                  </th>
                  <th scope="col">Split by lead source and month</th>
                  <th scope="col" className={TABLE_ACTIONS}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <Fragment key={item.campaignId}>
                    <tr data-editing={editing === item.campaignId || undefined}>
                      <th scope="row" className="ic-apportion__campaign">
                        {item.campaign}
                        {item.active ? null : <span className="ic-apportion__tag">Inactive</span>}
                      </th>
                      <td>{sourceName(item.leadSourceId) ?? <Muted>Any</Muted>}</td>
                      <td className={`${FIGURE} ${TABLE_NUMBER}`}>
                        {item.spend === null ? (
                          <Muted>Not apportioned</Muted>
                        ) : (
                          formatDollars(toCents(item.spend))
                        )}
                      </td>
                      <td>
                        {item.shares.length === 0 ? (
                          <Muted>{item.spend === null ? '—' : 'No shares'}</Muted>
                        ) : (
                          <ul className="ic-apportion__shares">
                            {item.shares.map((share) => (
                              <li key={`${share.leadSourceId} ${share.month}`}>
                                <span>
                                  {share.leadSource} · {formatMonth(share.month)}
                                </span>
                                <span className={FIGURE}>
                                  {formatDollars(toCents(share.amount))}
                                </span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className={TABLE_ACTIONS}>
                        <RowEditButton
                          editor={rowEditor}
                          rowId={item.campaignId}
                          aria-label={`Apportion ${item.campaign}`}
                        >
                          Apportion
                        </RowEditButton>
                      </td>
                    </tr>
                    {editing === item.campaignId ? (
                      <EditorRow className="ic-apportion__editor-row" colSpan={5}>
                        <CampaignApportionEditor
                          item={item}
                          leadSources={leadSources.items}
                          lookupsLoading={leadSources.loading}
                          thisMonth={currentMonth()}
                          onSave={(update) => save(item.campaignId, update)}
                          onCancel={() => rowEditor.close(item.campaignId)}
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
    </Page>
  );
}

function Muted({ children }: { children: string }) {
  return <span className="ic-apportion__muted">{children}</span>;
}
