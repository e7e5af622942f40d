import { useMemo, useState } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { TextField } from '@/app/components/field/field-controls';
import { Page } from '@/app/components/page/page';
import { FIGURE } from '@/app/components/figure/figure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_NUMBER, TableScroll } from '@/app/components/table/table-scroll';
import { useHost } from '@/app/host/host';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { coachingReportQuerySchema } from '@/shared/contracts/coaching';
import { defaultReportRange, formatDay, formatMonth } from '@/shared/domain/coaching';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { coachingReportQuery } from './coaching-queries';
import { ScoreTrendBadge } from './score-trend-badge';
import './coaching.css';

export const RANGE_ORDER_TEXT = 'The start date must be on or before the end date.';

/**
 * Coaching → Reports (issue #16): each agent's average coaching score over a range, its
 * monthly averages and trend, and how many training videos each topic has — all computed
 * by the server from the stored score and video records. Operators see their own row.
 */
export function CoachingReportsPage() {
  const host = useHost();
  const scope = useQueryScope();
  const workspaceId = host.session.workspace?.id ?? '';
  // The workspace's today, as every report screen's range (use-report-filters.ts).
  const timezone = useWorkspaceTimezone();
  const [range, setRange] = useState(() => defaultReportRange(todayInTimezone(timezone)));
  const checked = useMemo(() => coachingReportQuerySchema.safeParse(range), [range]);
  const rangeError = checked.success
    ? undefined
    : range.from && range.to && range.from > range.to
      ? RANGE_ORDER_TEXT
      : 'Enter both dates.';
  const report = useDataQuery(
    workspaceId && checked.success
      ? coachingReportQuery(scope, host.api, workspaceId, checked.data)
      : null,
  );

  return (
    <Page
      eyebrow="Coaching"
      title="Coaching Reports"
      description="Average coaching scores and their trend per agent over a period, and the training videos per topic."
    >
      <Card title="Period">
        <div className="ic-coaching__picker">
          <TextField
            label="From"
            required
            error={rangeError}
            type="date"
            value={range.from}
            onValueChange={(value) => setRange((current) => ({ ...current, from: value }))}
          />
          <TextField
            label="To"
            required
            type="date"
            value={range.to}
            onValueChange={(value) => setRange((current) => ({ ...current, to: value }))}
          />
        </div>
      </Card>
      {!workspaceId ? (
        <p className="ic-coaching__notice" role="status">
          Sign in to a workspace to see its coaching reports.
        </p>
      ) : !checked.success ? null : report.status === 'error' ? (
        <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
      ) : report.status !== 'loaded' || !report.data ? (
        <LoadingBlock label="Loading the coaching report…" />
      ) : (
        <>
          <Card title="Scores by agent">
            {report.data.agents.every((row) => row.count === 0) ? (
              <p className="ic-coaching__empty" role="status">
                No coaching scores between {formatDay(report.data.from)} and{' '}
                {formatDay(report.data.to)}.
              </p>
            ) : (
              <TableScroll label="Scores by agent">
                <table className={`${TABLE} ic-coaching__table`}>
                  <caption>
                    {formatDay(report.data.from)} – {formatDay(report.data.to)}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Agent</th>
                      <th scope="col" className={TABLE_NUMBER}>
                        Scores
                      </th>
                      <th scope="col" className={TABLE_NUMBER}>
                        Average
                      </th>
                      <th scope="col">Trend</th>
                      <th scope="col">Monthly averages</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.agents.map((row) => (
                      <tr key={row.agentId}>
                        <th scope="row">{row.agentName}</th>
                        <td className={`${FIGURE} ${TABLE_NUMBER}`}>{row.count}</td>
                        <td className={`${FIGURE} ${TABLE_NUMBER}`}>{row.average ?? '—'}</td>
                        <td>
                          <ScoreTrendBadge trend={row.trend} />
                        </td>
                        <td>
                          {row.months.length === 0
                            ? '—'
                            : row.months.map((m, index) => (
                                <span key={m.month}>
                                  {index > 0 ? ' · ' : null}
                                  <span className="ic-coaching__month">
                                    {formatMonth(m.month)}: {m.average}
                                  </span>
                                </span>
                              ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </Card>
          <Card title="Videos per topic">
            <TableScroll label="Videos per topic">
              <table className={`${TABLE} ic-coaching__table`}>
                <thead>
                  <tr>
                    <th scope="col">Topic</th>
                    <th scope="col" className={TABLE_NUMBER}>
                      Videos
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.videosByCategory.map((row) => (
                    <tr key={row.categoryId}>
                      <th scope="row">{row.name}</th>
                      <td className={`${FIGURE} ${TABLE_NUMBER}`}>{row.videos}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </Card>
        </>
      )}
    </Page>
  );
}
