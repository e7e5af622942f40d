import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/app/components/button/button';
import {
  DateRangeFields,
  isDateRangeValid,
  type DateRangeValue,
} from '@/app/components/date-range-fields/date-range-fields';
import { useHost } from '@/app/host/host';
import { useReportWorkspace } from '@/app/reports/report-workspace';
import type { DateRange } from '@/shared/domain/date-range';
import { useReportFilters } from './use-report-filters';
import './report-range-bar.css';

export interface ReportRange {
  /** null while the stored range is read; one object per range (a stable query input). */
  range: DateRange | null;
  apply: (range: DateRange) => void;
  today: Date;
}

/**
 * The date range of a report that takes dates only, persisted per screen like the other
 * reports' filters (spec: dashboards 4 "Filters are persisted locally"); the last 7 days
 * by default. "Today" is in the report workspace's timezone (the one a system user picked).
 */
export function useReportRange(
  storageKey: string,
  linked?: DateRange | null,
  /** Today's timezone when it is not the report workspace's (useReportFilters). */
  timezone?: string | null,
): ReportRange {
  const sessionHost = useHost();
  const workspace = useReportWorkspace();
  const host = useMemo(
    () =>
      workspace === sessionHost.session.workspace
        ? sessionHost
        : { ...sessionHost, session: { ...sessionHost.session, workspace } },
    [sessionHost, workspace],
  );
  // A range a link carried (the Cash Flow card's View All) wins over the stored one.
  const filters = useReportFilters(host, { storageKey, dateRange: linked, timezone });
  const { applied, apply } = filters;
  const startDate = applied?.startDate ?? null;
  const endDate = applied?.endDate ?? null;
  const range = useMemo(
    () => (startDate && endDate ? { startDate, endDate } : null),
    [startDate, endDate],
  );
  return {
    range,
    apply: (next) => {
      if (applied) apply({ ...applied, ...next });
    },
    today: filters.today,
  };
}

export interface ReportRangeBarProps {
  value: ReportRange;
  /** A report is loading: Apply waits (spec: dashboards 5). */
  loading?: boolean;
  /** More controls in the bar (a switch applied at once). */
  children?: ReactNode;
}

/** The date range fields with Apply (spec: dashboards 5 date rules), for date-only reports. */
export function ReportRangeBar({ value, loading = false, children }: ReportRangeBarProps) {
  const [draft, setDraft] = useState<DateRangeValue>({ startDate: '', endDate: '' });
  const { range } = value;
  useEffect(() => {
    if (range) setDraft(range);
  }, [range]);
  if (!range) return null;
  const valid = isDateRangeValid(draft, value.today);
  return (
    <form
      className="ic-range-bar"
      aria-label="Report date range"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !loading) value.apply(draft);
      }}
    >
      <DateRangeFields value={draft} onChange={setDraft} today={value.today} />
      <Button type="submit" variant="primary" disabled={!valid || loading}>
        Apply
      </Button>
      {children}
    </form>
  );
}
