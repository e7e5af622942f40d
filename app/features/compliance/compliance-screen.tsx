import { useCompact } from '@/app/host/compact';
import {
  FilterDisclosure,
  filterSummary,
} from '@/app/components/filter-disclosure/filter-disclosure';
import { useEffect, useState } from 'react';
import { Button } from '@/app/components/button/button';
import {
  DateRangeFields,
  isDateRangeValid,
  type DateRangeValue,
} from '@/app/components/date-range-fields/date-range-fields';
import { useReportFilters } from '@/app/reports/filters/use-report-filters';
import { useHost } from '@/app/host/host';
import type { DateRange } from '@/shared/domain/date-range';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { ComplianceCard } from '@/app/reports/cards/compliance-card';
import './compliance-screen.css';

/**
 * Props of the call-compliance screen; everything else comes from the host, so the
 * <intake-compliance> widget wraps it unchanged.
 */
export interface ComplianceScreenProps {
  /** Initial date range (a widget's date-range attribute); default: stored, else the last 7 days. */
  dateRange?: DateRange | null;
  /** Lead-source ids to narrow the calls by (a widget's lead-sources attribute). */
  leadSources?: readonly string[] | null;
  /** Show the date range fields (default true). */
  showDateRange?: boolean;
  /** Where the range persists in the host's storage (default 'report-filters:compliance'). */
  storageKey?: string;
}

/**
 * Call compliance on its own (spec: dashboards 2.6): a date range and the compliance card
 * with its per-agent list open. Without call tracking it says so instead of loading.
 */
export function ComplianceScreen({
  dateRange,
  leadSources,
  showDateRange = true,
  storageKey = 'report-filters:compliance',
}: ComplianceScreenProps) {
  const host = useHost();
  // In the CRM panel the per-agent list is one press away (issue #30: the panel stays short).
  const compact = useCompact();
  const filters = useReportFilters(host, { storageKey, dateRange, leadSources });
  const [draft, setDraft] = useState<DateRangeValue>({ startDate: '', endDate: '' });
  const applied = filters.applied;
  useEffect(() => {
    if (applied) setDraft({ startDate: applied.startDate, endDate: applied.endDate });
  }, [applied]);

  if (!isCallTrackingEnabled(host.session.workspace)) {
    return (
      <p className="ic-compliance-screen__off">
        Call tracking is not enabled for this workspace, so there is no call compliance to show.
      </p>
    );
  }

  const dates =
    showDateRange && applied ? (
      <FilterDisclosure label="Dates" summary={filterSummary(applied)}>
        <form
          className="ic-compliance-screen__range"
          aria-label="Compliance date range"
          onSubmit={(event) => {
            event.preventDefault();
            if (isDateRangeValid(draft, filters.today)) filters.apply({ ...applied, ...draft });
          }}
        >
          <DateRangeFields value={draft} onChange={setDraft} today={filters.today} />
          <Button
            type="submit"
            variant="primary"
            disabled={!isDateRangeValid(draft, filters.today)}
          >
            Apply
          </Button>
        </form>
      </FilterDisclosure>
    ) : null;

  return (
    <div className="ic-compliance-screen">
      {compact ? null : dates}
      <ComplianceCard filters={applied} initiallyExpanded={!compact} />
      {/* In the panel the card's title heads the widget; its dates fold in below it. */}
      {compact ? dates : null}
    </div>
  );
}
