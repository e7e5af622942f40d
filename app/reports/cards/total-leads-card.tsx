import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { FIGURE } from '@/app/components/figure/figure';
import { useHost, type Host } from '@/app/host/host';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import { TOTAL_LEADS_PALETTE } from '@/shared/domain/colour-rule';
import { toIsoDay } from '@/shared/domain/date-range';
import {
  rankingFiltersFromReport,
  rankingSearch,
} from '@/shared/domain/lead-source-ranking-filters';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { checkRouteAccess } from '@/shared/domain/route-access';
import {
  leadCampaignScope,
  sliceShare,
  TOTAL_LEADS_CUTOUT,
  TOTAL_LEADS_ROTATION,
  type TotalLeadsChart,
} from '@/shared/domain/total-leads';
import { todayInTimezone } from '@/shared/domain/workspace-day';
import { useTotalLeads } from './use-total-leads';
import './total-leads-card.css';

/** spec: dashboards 2.1 — the Breakdown button goes to the lead-source ranking. */
export const LEAD_SOURCE_RANKING_PATH = '/app/marketing/lead-source-ranking-v2';

/**
 * The Breakdown's target: the ranking with the chosen filters carried over (issue 15;
 * docs/marketing.md), or the ranking as the user left it while no filter is applied yet.
 */
export function breakdownPath(filters: ReportFilterState | null, today: string): string {
  if (!filters) return LEAD_SOURCE_RANKING_PATH;
  return `${LEAD_SOURCE_RANKING_PATH}${rankingSearch(rankingFiltersFromReport(filters, today))}`;
}

/**
 * Whether the signed-in user may open the Breakdown's target (issue #30): the same route
 * guards the app applies (role, edition, modules), so a starter-edition owner is not sent
 * to the upgrade page by a button of a screen they may use.
 */
export function canOpenBreakdown(session: Host['session']): boolean {
  return (
    checkRouteAccess(LEAD_SOURCE_RANKING_PATH, session.user, session.workspace).kind === 'allow'
  );
}

export interface TotalLeadsCardProps {
  /** The applied report filters; null while they are restored. */
  filters: ReportFilterState | null;
}

const number = new Intl.NumberFormat('en-US');

/**
 * The Total Leads card (spec: dashboards 2.6, 9): a doughnut of the top 3 lead sources
 * plus Other (fixed 4-colour palette, cutout 65%, rotation 110), a legend, the total in
 * the centre, and a Breakdown button to the lead-source ranking where the user may open it.
 */
export function TotalLeadsCard({ filters }: TotalLeadsCardProps) {
  const host = useHost();
  const timezone = useWorkspaceTimezone();
  const report = useTotalLeads(filters);

  return (
    <Card className="ic-total-leads" title="Total Leads" aria-busy={report.status === 'loading'}>
      {report.status === 'error' ? (
        <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
      ) : report.status === 'loaded' && report.data ? (
        <TotalLeadsBody chart={report.data} scope={leadCampaignScope(filters)} />
      ) : (
        <LoadingBlock label="Loading Total Leads..." />
      )}
      {canOpenBreakdown(host.session) ? (
        <div className="ic-total-leads__footer">
          <Button
            variant="secondary"
            onClick={() =>
              host.navigate(breakdownPath(filters, toIsoDay(todayInTimezone(timezone))))
            }
          >
            Breakdown
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function TotalLeadsBody({ chart, scope }: { chart: TotalLeadsChart; scope: string }) {
  const config = useMemo<ChartConfiguration<'doughnut'>>(
    () => ({
      type: 'doughnut',
      data: {
        labels: chart.slices.map((slice) => slice.label),
        datasets: [
          {
            data: chart.slices.map((slice) => slice.count),
            backgroundColor: chart.slices.map(
              (slice, index) =>
                TOTAL_LEADS_PALETTE[slice.label === 'Other' ? 3 : index] ?? TOTAL_LEADS_PALETTE[3],
            ),
            borderWidth: 0,
          },
        ],
      },
      options: {
        cutout: TOTAL_LEADS_CUTOUT,
        rotation: TOTAL_LEADS_ROTATION,
        maintainAspectRatio: false,
        animation: { duration: 750 },
        plugins: { legend: { display: false } },
      },
    }),
    [chart],
  );
  const summary = chart.slices.map((slice) => `${slice.label} ${slice.count}`).join(', ');
  return (
    <div className="ic-total-leads__body">
      <div className="ic-total-leads__chart">
        <ChartCanvas
          config={config}
          height={180}
          label={`Total leads ${chart.total}: ${summary}`}
        />
        <div className="ic-total-leads__centre" aria-hidden="true">
          <span className={`ic-total-leads__total ${FIGURE}`}>{number.format(chart.total)}</span>
          <span className="ic-total-leads__total-label">leads</span>
        </div>
      </div>
      <ul className="ic-total-leads__legend" aria-label="Leads by lead source">
        {chart.slices.map((slice, index) => (
          <li key={slice.label} className="ic-total-leads__legend-item">
            <span
              className="ic-total-leads__swatch"
              style={{
                background:
                  TOTAL_LEADS_PALETTE[slice.label === 'Other' ? 3 : index] ??
                  TOTAL_LEADS_PALETTE[3],
              }}
              aria-hidden="true"
            />
            <span className="ic-total-leads__legend-label">{slice.label}</span>
            <span className={`ic-total-leads__legend-count ${FIGURE}`}>
              {number.format(slice.count)}
              <span className="ic-total-leads__legend-share">
                {' '}
                ({sliceShare(slice.count, chart.total)}%)
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="ic-total-leads__scope">{scope}</p>
    </div>
  );
}
