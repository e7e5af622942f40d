import { useState } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { Pager } from '@/app/components/pager/pager';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { FIGURE } from '@/app/components/figure/figure';
import { TABLE, TABLE_NUMBER, TableScroll } from '@/app/components/table/table-scroll';
import { useHost } from '@/app/host/host';
import { CALL_FLOWS_PATHS, CallFlowsNav } from './call-flows-nav';
import {
  EXECUTION_STATUS_LABELS,
  formatDuration,
  formatWhen,
  processWithVersion,
} from './history-format';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { executionHistoriesQuery } from './call-flow-queries';
import './call-flows-area.css';
import '@/app/components/visually-hidden/visually-hidden.css';

/** Rows per page of the histories table. */
export const HISTORIES_PAGE_SIZE = 20;

/**
 * The workspace's execution histories for owners and admins (issue 11): when, agent,
 * process, status, duration; newest first; paginated. Each opens its step histories.
 */
export function ExecutionHistoriesPage() {
  const { api, session } = useHost();
  const workspace = session.workspace;
  const [offset, setOffset] = useState(0);
  const scope = useQueryScope();
  const histories = useDataQuery(
    workspace
      ? executionHistoriesQuery(scope, api, workspace.id, { limit: HISTORIES_PAGE_SIZE, offset })
      : null,
  );
  const total = histories.data?.meta.total ?? 0;
  const rows = histories.data?.data ?? [];
  const timeZone = workspace?.attributes.timezone;

  return (
    <Page
      eyebrow="Call Flows"
      title="Execution histories"
      description="Every call flow run in this workspace, newest first, with what was answered."
    >
      <CallFlowsNav current={CALL_FLOWS_PATHS.histories} />
      <Card aria-busy={histories.status === 'loading' || undefined}>
        {histories.status === 'loading' && rows.length === 0 ? (
          <LoadingBlock label="Loading the execution histories…" />
        ) : null}
        {histories.status === 'error' ? (
          <ErrorView onRetry={histories.retry} detail={histories.detail ?? undefined} />
        ) : null}
        {histories.status !== 'error' && histories.data && rows.length === 0 ? (
          <p className="ic-call-flows-area__empty">
            No call flow has been run in this workspace yet.
          </p>
        ) : null}
        {rows.length > 0 ? (
          <TableScroll label="Execution histories">
            <table className={`${TABLE} ic-call-flows-area__table`}>
              <caption className="ic-call-flows-area__caption">
                Execution histories {offset + 1}–{offset + rows.length} of {total}
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Agent</th>
                  <th scope="col">Process</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={TABLE_NUMBER}>
                    Duration
                  </th>
                  <th scope="col">
                    <span className="ic-visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((history) => (
                  <tr key={history.id}>
                    <td>{formatWhen(history.startTime, timeZone)}</td>
                    <td>{history.agentName}</td>
                    <td>{processWithVersion(history.processName, history.processVersion)}</td>
                    <td>
                      <span
                        className={`ic-call-flows-area__status ic-call-flows-area__status--${history.status}`}
                      >
                        {EXECUTION_STATUS_LABELS[history.status]}
                      </span>
                    </td>
                    <td className={`${FIGURE} ${TABLE_NUMBER}`}>
                      {formatDuration(history.startTime, history.endTime) ?? '—'}
                    </td>
                    <td>
                      <HostLink
                        to={CALL_FLOWS_PATHS.history(history.id)}
                        aria-label={`View ${history.processName} by ${history.agentName}, ${formatWhen(history.startTime, timeZone)}`}
                      >
                        View
                      </HostLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <Pager
          label="Execution history pages"
          total={total}
          offset={offset}
          pageSize={HISTORIES_PAGE_SIZE}
          busy={histories.status === 'loading'}
          onOffsetChange={setOffset}
          previousLabel="Newer"
          nextLabel="Older"
        />
      </Card>
    </Page>
  );
}
