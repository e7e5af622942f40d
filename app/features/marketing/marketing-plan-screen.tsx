import type { ChartConfiguration } from 'chart.js';
import { useCallback, useEffect, useId, useMemo, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ChartCanvas } from '@/app/components/chart/chart-canvas';
import { useHost } from '@/app/host/host';
import { useLookup } from '@/app/query/use-lookup';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { useStoredFilters } from '@/app/reports/filters/use-stored-filters';
import { monthLabel } from '@/app/reports/layout/month-label';
import { ReportKpis } from '@/app/reports/layout/report-kpis';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import { useFilterDraft } from '@/app/reports/layout/use-filter-draft';
import { countColumn, moneyColumn, percentColumn } from '@/app/reports/table/report-columns';
import { ReportState } from '@/app/reports/report-state';
import {
  ReportTable,
  sortedTableRows,
  tableExportRows,
  useTableSort,
  type ReportColumn,
} from '@/app/reports/table/report-table';
import {
  countOf,
  formatCount,
  formatMoney,
  formatPercent,
} from '@/app/reports/table/report-format';
import { MARKETING_CATEGORIES } from '@/shared/contracts/reports/marketing-intelligence';
import { CHART_PALETTE } from '@/shared/domain/colour-rule';
import { ratePercent } from '@/shared/domain/funnel-rates';
import {
  ALL_SOURCES,
  CATEGORY_LABELS,
  CATEGORY_SINGULAR,
  MARKETING_MONTH_CHOICES,
  marketingQueryOf,
  parseStoredMarketingFilters,
  type MarketingCategory,
} from './marketing-plan-filters';
import {
  useMarketingIntelligence,
  useMarketingOverview,
  type MarketingData,
  type OverviewData,
} from './use-marketing-reports';
import { RateFootnote, type RateFootnoteItem } from '@/app/reports/layout/rate-footnote';
import '@/app/reports/layout/report-layout.css';
import './marketing.css';

export const OVERVIEW_LOADING_TEXT = 'Loading the 12-month overview...';
export const INTELLIGENCE_LOADING_TEXT = 'Loading Marketing Plan Essentials...';

type MarketingRow = MarketingData['rows'][number];

/** The rates and ratios of this screen, each named with what it divides. */
const MARKETING_RATES: readonly RateFootnoteItem[] = [
  { name: 'Hire rate', numerator: 'hires', denominator: 'leads' },
  { name: 'Share of leads', numerator: "the channel's leads", denominator: 'all leads' },
  { name: 'Cost per lead', numerator: 'spend', denominator: 'leads' },
  { name: 'Cost per hire', numerator: 'spend', denominator: 'hires' },
];

/** The chart draws the biggest groups; the rest are summed as 'Everything else'. */
const CHART_GROUPS = 5;
const COLOURS: readonly string[] = Object.values(CHART_PALETTE);
const OTHER_GREY = '#98a2b3';
/* Canvas text cannot read the CSS tokens: a mid grey reads on light and dark alike. */
const AXIS_GREY = '#7d8796';
const GRID_GREY = 'rgba(125, 135, 150, 0.25)';

function columns(category: MarketingCategory): ReportColumn<MarketingRow>[] {
  return [
    { key: 'label', label: CATEGORY_SINGULAR[category], value: (row) => row.label },
    // Grouped like every other count of the screen ("1,518", as the 6,348 above it).
    countColumn('leads', 'Leads', (row) => row.totalLeads),
    countColumn('hires', 'Hires', (row) => row.totalHires),
    percentColumn('hireRate', 'Hire rate', (row) => ratePercent(row.totalHires, row.totalLeads)),
    moneyColumn('spend', 'Spend', (row) => row.totalSpend),
    moneyColumn('costPerLead', 'Cost per lead', (row) => row.costPerLead),
    moneyColumn('costPerHire', 'Cost per hire', (row) => row.costPerHire),
  ];
}

export interface MarketingPlanScreenProps {
  storageKey?: string;
}

/**
 * Marketing Plan Essentials (spec: dashboards 2.2, 7 marketing-intelligence and its
 * overview, 9 defaults): the last 12 months at a glance for a practice area (leads, hires,
 * hire rate, spend, cost per hire, each channel's share), then leads, hires and spend per
 * channel, lead source or campaign over the chosen months, as a chart, a sortable table
 * and an export (docs/marketing.md).
 */
export function MarketingPlanScreen({
  storageKey = 'report-filters:marketing-plan',
}: MarketingPlanScreenProps) {
  const { session } = useHost();
  const practiceAreas = useMemo(
    () => session.workspace?.attributes.settings.practiceAreas ?? [],
    [session.workspace],
  );
  const parse = useCallback(
    (text: string | null) => parseStoredMarketingFilters(text, practiceAreas.length),
    [practiceAreas.length],
  );
  const filters = useStoredFilters(storageKey, parse);
  const leadSources = useLookup('leadSources');
  const { draft, patch } = useFilterDraft(filters.applied);
  const id = useId();

  // A stored lead source the workspace no longer has would lock the screen in a 400.
  const { applied, apply } = filters;
  useEffect(() => {
    if (!applied || applied.source === ALL_SOURCES || leadSources.loading) return;
    if (leadSources.items.length && !leadSources.items.some((s) => s.id === applied.source)) {
      apply({ ...applied, source: ALL_SOURCES });
    }
  }, [applied, apply, leadSources]);

  const overview = useMarketingOverview(applied?.practiceArea ?? null);
  const report = useMarketingIntelligence(applied ? marketingQueryOf(applied) : null);
  const loading = report.status === 'loading' || applied === null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft && !loading) apply(draft);
  }

  const areaName = (value: string) =>
    value === 'all'
      ? 'all practice areas'
      : (practiceAreas[Number(value) - 1]?.name ?? `practice area ${value}`);

  return (
    <div className="ic-report-screen ic-marketing">
      {draft ? (
        <form className="ic-report-form" aria-label="Marketing filters" onSubmit={submit}>
          <ReportSelectField
            id={`${id}-area`}
            label="Practice area"
            value={draft.practiceArea}
            onChange={(value) => patch({ practiceArea: value })}
          >
            <option value="all">All practice areas</option>
            {practiceAreas.map((area, index) => (
              <option key={area.name} value={String(index + 1)}>
                {area.name}
              </option>
            ))}
          </ReportSelectField>
          <ReportSelectField
            id={`${id}-category`}
            label="Group by"
            value={draft.category}
            onChange={(value) => patch({ category: value as MarketingCategory })}
            choices={MARKETING_CATEGORIES}
            nameOf={(category) => CATEGORY_LABELS[category]}
          />
          <ReportSelectField
            id={`${id}-source`}
            label="Lead source"
            value={draft.source}
            onChange={(value) => patch({ source: value })}
          >
            <option value={ALL_SOURCES}>All lead sources</option>
            {leadSources.items.map((source) => (
              <option key={source.id} value={source.id}>
                {source.label}
              </option>
            ))}
          </ReportSelectField>
          <ReportSelectField
            id={`${id}-months`}
            label="Period"
            value={draft.months}
            onChange={(value) => patch({ months: Number(value) })}
          >
            {[...new Set<number>([...MARKETING_MONTH_CHOICES, draft.months])]
              .sort((a, b) => a - b)
              .map((months) => (
                <option key={months} value={months}>
                  Last {countOf(months, 'month')}
                </option>
              ))}
          </ReportSelectField>
          <div className="ic-report-form__actions">
            <Button type="submit" variant="primary" disabled={loading}>
              Filter
            </Button>
          </div>
        </form>
      ) : null}

      <Card
        className="ic-report-section"
        title={`The last 12 months, ${applied ? areaName(applied.practiceArea) : ''}`}
        aria-busy={overview.status === 'loading'}
      >
        <ReportState state={overview} loadingLabel={OVERVIEW_LOADING_TEXT}>
          {(data) => <OverviewBody data={data} />}
        </ReportState>
      </Card>

      <Card className="ic-report-section" aria-busy={loading}>
        <ReportState state={report} loadingLabel={INTELLIGENCE_LOADING_TEXT}>
          {(data) => <IntelligenceBody data={data} />}
        </ReportState>
      </Card>
      {/* What each rate divides (issue #30), for both cards above. */}
      <RateFootnote
        data-testid="marketing-rate-note"
        rates={MARKETING_RATES}
        scope="each counted in the months shown for the practice areas chosen"
      />
    </div>
  );
}

function OverviewBody({ data }: { data: OverviewData }) {
  return (
    <>
      <ReportKpis
        label="12-month overview"
        items={[
          { label: 'Leads', value: formatCount(data.leads) },
          { label: 'Hires', value: formatCount(data.hires) },
          { label: 'Hire rate', value: formatPercent(data.hireRate) },
          { label: 'Marketing spend', value: formatMoney(data.spend) },
          {
            label: 'Cost per hire',
            value: formatMoney(data.costPerHire),
            detail: data.costPerHire === null ? 'No hire or no spend yet' : undefined,
          },
        ]}
      />
      <ul className="ic-marketing__shares" aria-label="Share of leads by channel">
        {data.channels.map((channel, index) => (
          <li key={channel.key} className="ic-marketing__share">
            <span className="ic-marketing__share-label">{channel.label}</span>
            <span className="ic-marketing__share-bar" aria-hidden="true">
              <span
                style={{
                  width: `${Math.min(100, channel.share)}%`,
                  background: COLOURS[index % COLOURS.length],
                }}
              />
            </span>
            <span className="ic-marketing__share-value">
              {formatPercent(channel.share)} · {countOf(channel.leads, 'lead')},{' '}
              {countOf(channel.hires, 'hire')}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function IntelligenceBody({ data }: { data: MarketingData }) {
  const cols = useMemo(() => columns(data.category), [data.category]);
  const { sort, onSort } = useTableSort({ key: 'leads', direction: 'desc' });
  const exportRows = useMemo(() => {
    const sorted = sortedTableRows(cols, data.rows, sort);
    const [header, ...rows] = tableExportRows(cols, sorted);
    // The export adds the months behind each total: leads, hires and spend per month.
    const monthly = (row: MarketingRow) =>
      data.months.flatMap((_, i) => [
        String(row.leads[i] ?? 0),
        String(row.hires[i] ?? 0),
        String(row.spend[i] ?? 0),
      ]);
    return [
      [
        ...(header ?? []),
        ...data.months.flatMap((month) => {
          const label = monthLabel(month);
          return [`${label} leads`, `${label} hires`, `${label} spend`];
        }),
      ],
      ...rows.map((cells, i) => [...cells, ...monthly(sorted[i]!)]),
    ];
  }, [cols, data, sort]);
  const first = data.months[0];
  const last = data.months.at(-1);
  return (
    <>
      <div className="ic-report-toolbar">
        <h2 className="ic-marketing__heading">
          {CATEGORY_LABELS[data.category]}
          {first && last ? `, ${monthLabel(first)} to ${monthLabel(last)}` : ''}
        </h2>
        <TableExportButtons
          rows={exportRows}
          fileName={`marketing_${data.category}_data`}
          what={CATEGORY_LABELS[data.category]}
        />
      </div>
      <LeadsByMonthChart data={data} />
      <ReportTable
        caption={`Leads, hires and spend by ${CATEGORY_SINGULAR[data.category].toLowerCase()}`}
        columns={cols}
        rows={data.rows}
        rowKey={(row) => row.key || '(none)'}
        initialSort={{ key: 'leads', direction: 'desc' }}
        sort={sort}
        onSort={onSort}
      />
    </>
  );
}

/** Leads per month, stacked by the biggest groups (the table below has every number). */
function LeadsByMonthChart({ data }: { data: MarketingData }) {
  const config = useMemo<ChartConfiguration<'bar'>>(() => {
    const top = data.rows.slice(0, CHART_GROUPS);
    const rest = data.rows.slice(CHART_GROUPS);
    const datasets = top.map((row, index) => ({
      label: row.label,
      data: row.leads,
      backgroundColor: COLOURS[index % COLOURS.length],
      stack: 'leads',
    }));
    if (rest.length) {
      datasets.push({
        label: 'Everything else',
        data: data.months.map((_, i) => rest.reduce((sum, row) => sum + (row.leads[i] ?? 0), 0)),
        backgroundColor: OTHER_GREY,
        stack: 'leads',
      });
    }
    return {
      type: 'bar',
      data: { labels: data.months.map(monthLabel), datasets },
      options: {
        maintainAspectRatio: false,
        animation: { duration: 750 },
        scales: {
          x: { stacked: true, ticks: { color: AXIS_GREY }, grid: { display: false } },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: { color: AXIS_GREY, precision: 0 },
            grid: { color: GRID_GREY },
          },
        },
        plugins: {
          legend: {
            position: 'bottom',
            labels: { color: AXIS_GREY, boxWidth: 12, boxHeight: 12 },
          },
        },
      },
    };
  }, [data]);
  const total = data.rows.reduce((sum, row) => sum + row.totalLeads, 0);
  return (
    <ChartCanvas
      config={config}
      height={300}
      label={`Leads per month by ${CATEGORY_SINGULAR[data.category].toLowerCase()}: ${countOf(total, 'lead')} in ${countOf(data.months.length, 'month')}`}
    />
  );
}
