import { FUNNEL_RATE_POPULATIONS } from '@/shared/domain/funnel-rates';
import { useId, useMemo, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { useStoredFilters } from '@/app/reports/filters/use-stored-filters';
import { RateFootnote } from '@/app/reports/layout/rate-footnote';
import { ReportKpis } from '@/app/reports/layout/report-kpis';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import { useFilterDraft } from '@/app/reports/layout/use-filter-draft';
import { percentColumn } from '@/app/reports/table/report-columns';
import { ReportState } from '@/app/reports/report-state';
import {
  ReportTable,
  useSortedTableExport,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import { countOf, formatCount } from '@/app/reports/table/report-format';
import { useReportLookups } from '@/app/query/use-lookup';
import {
  RANKING_METRICS,
  RANKING_STATUSES,
  type LeadSourceRankingV2Row,
  type RankingMetric,
} from '@/shared/contracts/reports/lead-source-ranking';
import { formatDisplayDay } from '@/shared/domain/date-range';
import {
  parseStoredRankingFilters,
  RANKING_METRIC_LABELS,
  RANKING_MONTH_CHOICES,
  rankingFiltersFromSearch,
  type RankingFilterState,
} from '@/shared/domain/lead-source-ranking-filters';
import { useRanking, type RankingData } from './use-marketing-reports';
import '@/app/reports/layout/report-layout.css';
import './marketing.css';
import { channelLabel } from '@/shared/domain/marketing-channels';

export const RANKING_LOADING_TEXT = 'Loading Lead Source Ranking...';

const STATUS_LABELS: Record<RankingFilterState['status'], string> = {
  Active: 'Active lead sources',
  Inactive: 'Inactive lead sources',
  All: 'All lead sources',
};

const monthsText = (months: number) => countOf(months, 'month');

function changeText(change: number | null): string {
  if (change === null) return 'new';
  return `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;
}

const COLUMNS: ReportColumn<LeadSourceRankingV2Row>[] = [
  { key: 'rank', label: 'Rank', value: (row) => row.rank, numeric: true },
  {
    key: 'leadSource',
    label: 'Lead source',
    value: (row) => row.leadSource,
    render: (row) => (
      <>
        {row.leadSource}
        {row.active ? null : <span className="ic-ranking__muted"> (inactive)</span>}
        {row.belowMinimum ? <span className="ic-report-badge">Below minimum</span> : null}
      </>
    ),
  },
  {
    key: 'medium',
    label: 'Channel',
    value: (row) => (row.medium ? channelLabel(row.medium) : null),
  },
  { key: 'leads', label: 'Leads', value: (row) => row.leads, numeric: true },
  {
    key: 'leadsMin',
    label: 'Lead minimum',
    value: (row) => row.goal?.leadsMin ?? null,
    numeric: true,
  },
  {
    key: 'leadsGoal',
    label: 'Lead goal',
    value: (row) => row.goal?.leadsMax ?? null,
    numeric: true,
  },
  { key: 'sets', label: 'Sets', value: (row) => row.sets, numeric: true },
  { key: 'shows', label: 'Shows', value: (row) => row.shows, numeric: true },
  { key: 'hires', label: 'Hires', value: (row) => row.hires, numeric: true },
  percentColumn('setRate', 'Set rate', (row) => row.setRate),
  percentColumn('showRate', 'Show rate', (row) => row.showRate),
  percentColumn('hireRate', 'Hire rate', (row) => row.hireRate),
  {
    key: 'lastYear',
    // Short, so the header stays one line; the toolbar names the metric.
    label: 'Last year',
    value: (row) => row.lastYear.value,
    numeric: true,
  },
  {
    key: 'change',
    label: 'Change',
    value: (row) => row.lastYear.change,
    render: (row) => changeText(row.lastYear.change),
    numeric: true,
  },
];

export interface LeadSourceRankingScreenProps {
  /** The address's query string: filters a link carried (the Total Leads Breakdown). */
  search?: string;
  storageKey?: string;
}

/**
 * Lead-source ranking (spec: dashboards 2.1 lead-source-ranking-v2, 3 ranking preferences,
 * 8 "Ranking report with no data: throws", 9 defaults): months, source status, practice
 * area and the metric compared with a year earlier; the ranked sources with their funnel,
 * rates, lead goal and minimum, and the change from last year (docs/marketing.md).
 */
export function LeadSourceRankingScreen({
  search = '',
  storageKey = 'report-filters:lead-source-ranking',
}: LeadSourceRankingScreenProps) {
  const lookups = useReportLookups();
  const filters = useStoredFilters(storageKey, parseStoredRankingFilters, (stored) =>
    rankingFiltersFromSearch(search, stored),
  );
  const report = useRanking(filters.applied);
  const { draft, patch } = useFilterDraft(filters.applied);
  const id = useId();
  const loading = report.status === 'loading' || filters.applied === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft && !loading) filters.apply(draft);
  }

  const monthChoices = useMemo(
    () =>
      [...new Set<number>([...RANKING_MONTH_CHOICES, ...(draft ? [draft.months] : [])])].sort(
        (a, b) => a - b,
      ),
    [draft],
  );
  // A practice area a link carried stays offered while the lists load (or if it is gone).
  const areaOptions = useMemo(() => {
    const options = lookups.caseTypes.map((type) => ({ value: type.id, label: type.label }));
    const chosen = draft?.practiceArea;
    if (chosen && chosen !== 'all' && !options.some((option) => option.value === chosen)) {
      options.push({
        value: chosen,
        label: lookups.loading ? 'Loading…' : 'Unknown practice area',
      });
    }
    return options;
  }, [lookups.caseTypes, lookups.loading, draft?.practiceArea]);

  return (
    <div className="ic-report-screen ic-ranking">
      {draft ? (
        <form className="ic-report-form" aria-label="Ranking filters" onSubmit={submit}>
          <ReportSelectField
            id={`${id}-months`}
            label="Period"
            value={draft.months}
            onChange={(value) => patch({ months: Number(value) })}
          >
            {monthChoices.map((months) => (
              <option key={months} value={months}>
                Last {monthsText(months)}
              </option>
            ))}
          </ReportSelectField>
          <ReportSelectField
            id={`${id}-status`}
            label="Status"
            value={draft.status}
            onChange={(value) => patch({ status: value as RankingFilterState['status'] })}
            choices={RANKING_STATUSES}
            nameOf={(status) => STATUS_LABELS[status]}
          />
          <ReportSelectField
            id={`${id}-area`}
            label="Practice area"
            value={draft.practiceArea}
            onChange={(value) => patch({ practiceArea: value })}
          >
            <option value="all">All practice areas</option>
            {areaOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </ReportSelectField>
          <ReportSelectField
            id={`${id}-metric`}
            label="Compare with last year"
            value={draft.lastYearMetric}
            onChange={(value) => patch({ lastYearMetric: value as RankingMetric })}
            choices={RANKING_METRICS}
            nameOf={(metric) => RANKING_METRIC_LABELS[metric]}
          />
          <div className="ic-report-form__actions">
            <Button type="submit" variant="primary" disabled={loading}>
              Filter
            </Button>
          </div>
        </form>
      ) : null}
      <Card className="ic-report-section" aria-busy={loading}>
        <ReportState state={report} loadingLabel={RANKING_LOADING_TEXT}>
          {(data) => (
            <RankingBody data={data} metric={filters.applied?.lastYearMetric ?? 'leads'} />
          )}
        </ReportState>
      </Card>
    </div>
  );
}

function RankingBody({ data, metric }: { data: RankingData; metric: RankingMetric }) {
  const cols = COLUMNS;
  const { sort, onSort, exportRows } = useSortedTableExport(cols, data.rows, {
    key: 'rank',
    direction: 'asc',
  });
  const leads = data.rows.reduce((sum, row) => sum + row.leads, 0);
  const hires = data.rows.reduce((sum, row) => sum + row.hires, 0);
  const below = data.rows.filter((row) => row.belowMinimum);
  return (
    <>
      <div className="ic-report-toolbar">
        <p className="ic-report-toolbar__text">
          {formatDisplayDay(data.startDate)} to {formatDisplayDay(data.endDate)} (last{' '}
          {monthsText(data.months)}), {RANKING_METRIC_LABELS[metric].toLowerCase()} compared with
          the same months a year earlier
        </p>
        <TableExportButtons rows={exportRows} fileName="lead_source_ranking_data" />
      </div>
      <ReportKpis
        label="Ranking totals"
        items={[
          { label: 'Lead sources', value: formatCount(data.rows.length) },
          { label: 'Leads', value: formatCount(leads) },
          { label: 'Hires', value: formatCount(hires) },
          {
            label: 'Below minimum',
            value: formatCount(below.length),
            alert: below.length > 0,
            detail:
              below.length > 0
                ? below.map((row) => row.leadSource).join(', ')
                : 'Every source with a minimum reached it',
          },
        ]}
      />
      <ReportTable
        caption="Lead sources ranked by leads"
        columns={cols}
        rows={data.rows}
        rowKey={(row) => row.leadSourceId}
        initialSort={{ key: 'rank', direction: 'asc' }}
        sort={sort}
        onSort={onSort}
      />
      {/* Which population each rate counts (issue #30): the funnel's documented bases. */}
      <RateFootnote
        data-testid="ranking-rate-note"
        rates={RANKING_RATES.map((rate) => FUNNEL_RATE_POPULATIONS[rate])}
        scope="each of the source’s own people in the months shown"
      />
    </>
  );
}

const RANKING_RATES = ['SETRATE', 'SHOWRATE', 'HIRERATE'] as const;
