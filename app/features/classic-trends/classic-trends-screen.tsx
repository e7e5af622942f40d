import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';
import { ReportState } from '@/app/reports/report-state';
import { TableExportButtons } from '@/app/reports/exports/table-export-buttons';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import { useFilterDraft } from '@/app/reports/layout/use-filter-draft';
import { useReportLookups } from '@/app/query/use-lookup';
import {
  TREND_PERSPECTIVES,
  TREND_TIME_FRAMES,
  type TrendPerspective,
  type TrendTimeFrame,
} from '@/shared/contracts/reports/trends';
import { subCaseTypesFor } from '@/shared/domain/report-filter-state';
import { TrendsChart, TrendsTable } from './trends-chart';
import {
  TIME_FRAME_LABELS,
  TREND_PERSPECTIVE_LABELS,
  trendsExportFileName,
  trendsExportRows,
  UNKNOWN_CASE_TYPE_OPTION,
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

const PERSPECTIVE_OPTIONS: MultiSelectOption[] = TREND_PERSPECTIVES.map((value) => ({
  value,
  label: TREND_PERSPECTIVE_LABELS[value],
}));

/**
 * Classic Trends (spec: dashboards 2.8, 4 Trends perspective, 9 Trends): a time range
 * (This Week / This Month / This Year), lead source, campaign, office and case type
 * (with 'Unknown'; sub case types narrowed by the chosen case types) multi-selects and a
 * Filter button; a 500 px line chart of every series with a multi-select perspective
 * control; the numbers as a table and as an Excel or CSV export (docs/classic-trends.md).
 */
export function ClassicTrendsScreen({
  storageKey = 'report-filters:trends',
}: ClassicTrendsScreenProps) {
  const lookups = useReportLookups();
  const filters = useTrendsFilters(storageKey, lookups);
  const report = useTrends(filters.applied);
  const { draft, patch } = useFilterDraft(filters.applied);
  const [perspectives, setPerspectives] = useState<TrendPerspective[]>([]);
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
    () => (report.data ? visibleTrendSeries(report.data.items.series, perspectives) : []),
    [report.data, perspectives],
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
          >
            {TREND_TIME_FRAMES.map((frame) => (
              <option key={frame} value={frame}>
                {TIME_FRAME_LABELS[frame]}
              </option>
            ))}
          </ReportSelectField>
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
                <MultiSelect
                  className="ic-trends__perspectives"
                  label="Perspective"
                  placeholder="Both perspectives"
                  options={PERSPECTIVE_OPTIONS}
                  selected={perspectives}
                  onChange={(chosen) => setPerspectives(chosen as TrendPerspective[])}
                />
                <TableExportButtons
                  rows={trendsExportRows(data, series)}
                  fileName={trendsExportFileName(data.timeFrame)}
                />
              </div>
              <TrendsChart data={data} series={series} />
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
                {showTable ? <TrendsTable data={data} series={series} /> : null}
              </div>
            </>
          )}
        </ReportState>
      </Card>
    </div>
  );
}
