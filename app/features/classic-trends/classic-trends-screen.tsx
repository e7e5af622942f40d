import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';
import { ReportState } from '@/app/reports/report-state';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import { useFilterDraft } from '@/app/reports/layout/use-filter-draft';
import { useReportLookups } from '@/app/query/use-lookup';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import {
  TREND_TIME_FRAMES,
  type TrendsData,
  type TrendTimeFrame,
} from '@/shared/contracts/reports/trends';
import { subCaseTypesFor } from '@/shared/domain/report-filter-state';
import { answerBucketStates } from '@/shared/domain/trend-buckets';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { TrendsChart, TrendsTable } from './trends-chart';
import {
  DEFAULT_TRENDS_VIEW,
  TIME_FRAME_LABELS,
  TRENDS_VIEW_LABELS,
  TRENDS_VIEWS,
  trendsExportFileName,
  trendsExportRows,
  type TrendsView,
  UNKNOWN_CASE_TYPE_OPTION,
  viewPerspectives,
  visibleTrendSeries,
} from './trends-filters';
import { useTrends, useTrendsFilters } from './use-trends';
import '@/app/reports/layout/report-layout.css';
import './classic-trends-screen.css';

export interface ClassicTrendsScreenProps {
  /** Where the filters persist in the host's storage (default 'report-filters:trends'). */
  storageKey?: string;
}

const toOptions = (items: readonly { id: string; label: string }[]): MultiSelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.label }));

/** The workspace's today ('YYYY-MM-DD'); an unknown timezone reads UTC (the server's fallback too). */
function workspaceToday(timezone: string | null): string {
  try {
    return dayInTimezone(new Date(), timezone || 'UTC');
  } catch {
    return dayInTimezone(new Date(), 'UTC');
  }
}

/** Each bucket of an answer and how complete it is today (shared/domain/trend-buckets). */
function bucketStates(data: TrendsData, timezone: string | null) {
  return answerBucketStates(
    data.timeFrame,
    data.items.labels,
    data.items.time.startTime,
    workspaceToday(timezone),
  );
}

/**
 * Classic Trends (spec: dashboards 2.8, 4 Trends perspective, 9 Trends): a time range
 * (This Week / This Month / This Year), lead source, campaign, office and case type
 * (with 'Unknown'; sub case types narrowed by the chosen case types) multi-selects and a
 * Filter button; a 500 px line chart of one perspective's eight series (the other, or both,
 * one click away), buckets not begun left out and partial ones marked (issue #30); the
 * numbers as a table and as an Excel or CSV export (docs/classic-trends.md).
 */
export function ClassicTrendsScreen({
  storageKey = 'report-filters:trends',
}: ClassicTrendsScreenProps) {
  const lookups = useReportLookups();
  const filters = useTrendsFilters(storageKey, lookups);
  const report = useTrends(filters.applied);
  const { draft, patch } = useFilterDraft(filters.applied);
  const [view, setView] = useState<TrendsView>(DEFAULT_TRENDS_VIEW);
  const timezone = useWorkspaceTimezone();
  const [showTable, setShowTable] = useState(false);
  const id = useId();

  const chosenCaseTypes = useMemo(
    () => lookups.caseTypes.filter((type) => draft?.caseTypes.includes(type.id)),
    [lookups.caseTypes, draft?.caseTypes],
  );
  const subCaseTypes = useMemo(
    () => subCaseTypesFor(lookups.subCaseTypes, chosenCaseTypes),
    [lookups.subCaseTypes, chosenCaseTypes],
  );
  const series = useMemo(
    () => (report.data ? visibleTrendSeries(report.data.items.series, viewPerspectives(view)) : []),
    [report.data, view],
  );
  const states = useMemo(
    () => (report.data ? bucketStates(report.data, timezone) : null),
    [report.data, timezone],
  );
  const loading = report.status === 'loading' || filters.applied === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || loading) return;
    // A sub case type of a case type no longer chosen goes with it.
    const subIds = new Set(subCaseTypes.map((type) => type.id));
    filters.apply({
      ...draft,
      subCaseTypes: lookups.subCaseTypes.length
        ? draft.subCaseTypes.filter((sub) => subIds.has(sub))
        : draft.subCaseTypes,
    });
  }

  return (
    <div className="ic-report-screen ic-trends">
      {draft ? (
        <form className="ic-report-form" aria-label="Classic Trends filters" onSubmit={submit}>
          <ReportSelectField
            id={`${id}-range`}
            label="Time range"
            value={draft.timeFrame}
            onChange={(value) => patch({ timeFrame: value as TrendTimeFrame })}
            choices={TREND_TIME_FRAMES}
            nameOf={(frame) => TIME_FRAME_LABELS[frame]}
          />
          {lookups.leadSources.length > 0 ? (
            <MultiSelect
              label="Lead sources"
              placeholder="All lead sources"
              options={toOptions(lookups.leadSources)}
              selected={draft.leadSources}
              onChange={(leadSources) => patch({ leadSources })}
            />
          ) : null}
          {lookups.campaigns.length > 0 ? (
            <MultiSelect
              label="Campaigns"
              placeholder="All campaigns"
              options={toOptions(lookups.campaigns)}
              selected={draft.campaigns}
              onChange={(campaigns) => patch({ campaigns })}
            />
          ) : null}
          {lookups.offices.length > 0 ? (
            <MultiSelect
              label="Offices"
              placeholder="All offices"
              options={toOptions(lookups.offices)}
              selected={draft.offices}
              onChange={(offices) => patch({ offices })}
            />
          ) : null}
          <MultiSelect
            label="Practice areas"
            placeholder="All practice areas"
            options={[...toOptions(lookups.caseTypes), UNKNOWN_CASE_TYPE_OPTION]}
            selected={draft.caseTypes}
            onChange={(caseTypes) => patch({ caseTypes })}
          />
          {subCaseTypes.length > 0 ? (
            <MultiSelect
              label="Sub case types"
              placeholder={
                chosenCaseTypes.length ? 'All of the chosen practice areas' : 'All sub case types'
              }
              options={toOptions(subCaseTypes)}
              selected={draft.subCaseTypes}
              onChange={(subs) => patch({ subCaseTypes: subs })}
            />
          ) : null}
          <div className="ic-report-form__actions">
            <Button type="submit" variant="primary" disabled={loading}>
              Filter
            </Button>
          </div>
        </form>
      ) : null}

      <Card className="ic-trends__report" aria-busy={loading}>
        <ReportState state={report} loadingLabel="Loading Classic Trends...">
          {(data) => (
            <>
              <div className="ic-trends__toolbar">
                <PerspectivePicker id={`${id}-perspective`} view={view} onChange={setView} />
                <TableExportButtons
                  rows={trendsExportRows(data, series, states)}
                  fileName={trendsExportFileName(data.timeFrame)}
                />
              </div>
              <TrendsChart data={data} series={series} states={states} />
              <div className="ic-trends__table-toggle">
                <button
                  type="button"
                  className="ic-trends__link"
                  aria-expanded={showTable}
                  aria-controls={`${id}-table`}
                  onClick={() => setShowTable((shown) => !shown)}
                >
                  {showTable ? 'Hide the numbers' : 'Show the numbers'}
                </button>
              </div>
              <div id={`${id}-table`} hidden={!showTable}>
                {showTable ? <TrendsTable data={data} series={series} states={states} /> : null}
              </div>
            </>
          )}
        </ReportState>
      </Card>
    </div>
  );
}

/** The chart's perspective, one of TRENDS_VIEWS, as a labelled group of radios. */
function PerspectivePicker({
  id,
  view,
  onChange,
}: {
  id: string;
  view: TrendsView;
  onChange: (view: TrendsView) => void;
}) {
  return (
    <div className="ic-trends__perspectives" role="radiogroup" aria-labelledby={id}>
      <span id={id} className="ic-trends__control-label">
        Perspective
      </span>
      {TRENDS_VIEWS.map((value) => (
        <label key={value} className="ic-trends__perspective">
          <input
            type="radio"
            name={id}
            value={value}
            checked={view === value}
            onChange={() => onChange(value)}
          />
          <span>{TRENDS_VIEW_LABELS[value]}</span>
        </label>
      ))}
    </div>
  );
}
