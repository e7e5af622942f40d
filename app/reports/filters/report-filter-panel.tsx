import {
  FilterDisclosure,
  filterSummary,
} from '@/app/components/filter-disclosure/filter-disclosure';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import {
  DateRangeFields,
  isDateRangeValid,
} from '@/app/components/date-range-fields/date-range-fields';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';
import {
  CAMPAIGN_STATUSES,
  PCLC_TYPES,
  type CampaignStatus,
  type PclcType,
} from '@/shared/contracts/reports/report-filters';
import {
  PERSPECTIVE_LABELS,
  subCaseTypesFor,
  visibleCampaigns,
  type ReportFilterState,
} from '@/shared/domain/report-filter-state';
import type { ReportLookups } from '@/app/query/use-lookup';
import { ReportSelectField } from '@/app/reports/layout/report-select-field';
import './report-filter-panel.css';

export type ReportFilterField =
  | 'perspective'
  | 'leadSources'
  | 'offices'
  | 'caseTypes'
  | 'subCaseTypes'
  | 'campaigns'
  | 'dateRange';

export interface ReportFilterPanelProps {
  /** The applied filters; the panel edits a draft of them until Apply. */
  value: ReportFilterState;
  onApply: (next: ReportFilterState) => void;
  /** What Clear goes back to (and applies). */
  defaults: ReportFilterState;
  lookups: ReportLookups;
  /** A report is loading: Apply and Clear are disabled (spec: dashboards 5). */
  loading: boolean;
  /** Fields turned off for this screen (spec 2.9 "show only when enabled"). Default: all on. */
  disabledFields?: readonly ReportFilterField[];
  /** "Today" for the date rules (tests pin it). */
  today?: Date;
}

const STATUS_LABELS: Record<CampaignStatus, string> = { active: 'Active', inactive: 'Inactive' };

const toOptions = (items: readonly { id: string; label: string }[]): MultiSelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.label }));

/**
 * The shared report filter panel (spec: dashboards 2.9): perspective, lead sources,
 * offices, case types, sub case types (filtered by the chosen case types), campaigns
 * (active only by default; both statuses or neither = all), date range, Clear and Apply.
 * A list field shows only when enabled and its list is non-empty.
 */
export function ReportFilterPanel({
  value,
  onApply,
  defaults,
  lookups,
  loading,
  disabledFields = [],
  today,
}: ReportFilterPanelProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const on = (field: ReportFilterField) => !disabledFields.includes(field);
  const patch = (next: Partial<ReportFilterState>) =>
    setDraft((current) => ({ ...current, ...next }));

  const chosenCaseTypes = useMemo(
    () => lookups.caseTypes.filter((type) => draft.caseTypes.includes(type.id)),
    [lookups.caseTypes, draft.caseTypes],
  );
  const subCaseTypes = useMemo(
    () => subCaseTypesFor(lookups.subCaseTypes, chosenCaseTypes),
    [lookups.subCaseTypes, chosenCaseTypes],
  );
  const campaigns = useMemo(
    () => visibleCampaigns(lookups.campaigns, draft.campaignStatus),
    [lookups.campaigns, draft.campaignStatus],
  );

  const rangeValid = isDateRangeValid(draft, today);
  const canApply = !loading && rangeValid;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canApply) return;
    // Drop choices the narrowed lists no longer offer (a sub case type of a parent that was
    // taken away, a campaign of the other status).
    const subIds = new Set(subCaseTypes.map((type) => type.id));
    const campaignIds = new Set(campaigns.map((campaign) => campaign.id));
    onApply({
      ...draft,
      subCaseTypes: lookups.subCaseTypes.length
        ? draft.subCaseTypes.filter((sub) => subIds.has(sub))
        : draft.subCaseTypes,
      campaigns: lookups.campaigns.length
        ? draft.campaigns.filter((campaign) => campaignIds.has(campaign))
        : draft.campaigns,
    });
  }

  function clear() {
    if (loading) return;
    setDraft(defaults);
    onApply(defaults);
  }

  return (
    <FilterDisclosure
      label="Filters"
      summary={filterSummary(value, on('leadSources') ? value.leadSources.length : undefined)}
    >
      <form className="ic-report-filters" onSubmit={submit} aria-label="Report filters">
        <div className="ic-report-filters__grid">
          {on('dateRange') ? (
            <div className="ic-report-filters__wide">
              <DateRangeFields
                value={draft}
                onChange={(range) => patch(range)}
                disabled={loading}
                today={today}
              />
            </div>
          ) : null}
          {on('perspective') ? (
            <ReportSelectField
              id={`${id}-type`}
              label="Perspective"
              value={draft.type}
              onChange={(value) => patch({ type: value as PclcType })}
              choices={PCLC_TYPES}
              nameOf={(type) => PERSPECTIVE_LABELS[type]}
            />
          ) : null}
          {on('leadSources') && lookups.leadSources.length > 0 ? (
            <MultiSelect
              label="Lead sources"
              placeholder="All lead sources"
              options={toOptions(lookups.leadSources)}
              selected={draft.leadSources}
              onChange={(leadSources) => patch({ leadSources })}
            />
          ) : null}
          {on('offices') && lookups.offices.length > 0 ? (
            <MultiSelect
              label="Offices"
              placeholder="All offices"
              options={toOptions(lookups.offices)}
              selected={draft.offices}
              onChange={(offices) => patch({ offices })}
            />
          ) : null}
          {on('caseTypes') && lookups.caseTypes.length > 0 ? (
            <MultiSelect
              label="Case types"
              placeholder="All case types"
              options={toOptions(lookups.caseTypes)}
              selected={draft.caseTypes}
              onChange={(caseTypes) => patch({ caseTypes })}
            />
          ) : null}
          {on('subCaseTypes') && subCaseTypes.length > 0 ? (
            <MultiSelect
              label="Sub case types"
              placeholder={
                draft.caseTypes.length ? 'All of the chosen case types' : 'All sub case types'
              }
              options={toOptions(subCaseTypes)}
              selected={draft.subCaseTypes}
              onChange={(subs) => patch({ subCaseTypes: subs })}
            />
          ) : null}
          {on('campaigns') && lookups.campaigns.length > 0 ? (
            <div className="ic-report-filters__campaigns">
              <MultiSelect
                label="Campaigns"
                placeholder="All campaigns"
                options={toOptions(campaigns)}
                selected={draft.campaigns}
                onChange={(chosen) => patch({ campaigns: chosen })}
              />
              <CampaignStatusChecks
                value={draft.campaignStatus}
                onChange={(campaignStatus) => patch({ campaignStatus })}
              />
            </div>
          ) : null}
        </div>
        <div className="ic-report-filters__actions">
          {/* While a report loads, Apply and Clear only say they are disabled: a disabled
              button would drop the keyboard focus that just pressed it (issue #30). */}
          <Button type="button" variant="ghost" onClick={clear} aria-disabled={loading}>
            Clear
          </Button>
          <Button type="submit" variant="primary" disabled={!rangeValid} aria-disabled={loading}>
            Apply
          </Button>
        </div>
      </form>
    </FilterDisclosure>
  );
}

/** The campaign statuses to list campaigns of, as checkboxes (both or neither: all). */
function CampaignStatusChecks({
  value,
  onChange,
}: {
  value: readonly CampaignStatus[];
  onChange: (next: CampaignStatus[]) => void;
}) {
  function toggleStatus(status: CampaignStatus, checked: boolean) {
    const next = new Set(value);
    if (checked) next.add(status);
    else next.delete(status);
    onChange(CAMPAIGN_STATUSES.filter((s) => next.has(s)));
  }

  return (
    <fieldset className="ic-report-filters__statuses">
      <legend>
        <VisuallyHidden>Campaign status</VisuallyHidden>
      </legend>
      {CAMPAIGN_STATUSES.map((status) => (
        <label key={status} className="ic-report-filters__check">
          <input
            type="checkbox"
            checked={value.includes(status)}
            onChange={(event) => toggleStatus(status, event.target.checked)}
          />
          {STATUS_LABELS[status]}
        </label>
      ))}
    </fieldset>
  );
}
