import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Host } from '@/app/host/host';
import { useWorkspaceTimezone } from '@/app/reports/report-workspace';
import type { DateRange } from '@/shared/domain/date-range';
import {
  defaultReportFilters,
  parseStoredReportFilters,
  reportFiltersKey,
  sameReportFilters,
  serializeReportFilters,
  type ReportFilterState,
} from '@/shared/domain/report-filter-state';
import { todayInTimezone } from '@/shared/domain/workspace-day';

export interface ReportFiltersOptions {
  /** Where the filters persist in the host's storage, one key per screen. */
  storageKey: string;
  /** A screen prop's range (widget date-range attribute): wins over the stored range. */
  dateRange?: DateRange | null;
  /** A screen prop's lead sources (widget lead-sources attribute): win over the stored ones. */
  leadSources?: readonly string[] | null;
  /** Fixed parts of the defaults (the conversion report's perspective...). */
  defaults?: Partial<ReportFilterState>;
  /**
   * The timezone whose today the dates are checked against, for a report over every
   * workspace (the system PCLC report); default: the report workspace's.
   */
  timezone?: string | null;
}

export interface ReportFilters {
  /** null while the stored filters are being read: reports wait for them. */
  applied: ReportFilterState | null;
  /** The defaults Clear goes back to. */
  defaults: ReportFilterState;
  /** The key report hooks load by; changes only when the filters do. */
  key: string | null;
  apply: (next: ReportFilterState) => void;
  /** Today in the workspace's timezone (the date rules' "today"). */
  today: Date;
}

/**
 * The applied report filters of one screen, persisted through the host's storage (spec:
 * dashboards 4 "Filters are persisted locally"; ARCHITECTURE.md "Persistence": localStorage
 * in the app, extension storage in widgets). Applying filters equal to the current ones
 * keeps the same object, so nothing refetches (spec 4 "refetched only when filters or
 * date range changed").
 */
export function useReportFilters(host: Host, options: ReportFiltersOptions): ReportFilters {
  const { storageKey } = options;
  const initial = useRef(options);
  const workspaceTimezone = useWorkspaceTimezone();
  const timezone = options.timezone !== undefined ? options.timezone : workspaceTimezone;
  // Recomputed per render (cheap): a screen left open over midnight gets the new day.
  const today = todayInTimezone(timezone);
  const todayKey = today.toDateString();
  // Clear goes back to these: the screen's fixed defaults and its props (a widget's
  // date-range and lead-sources attributes), else the last 7 days and no list filter.
  const defaults = useMemo(() => {
    const { dateRange, leadSources } = initial.current;
    return defaultReportFilters(todayInTimezone(timezone), {
      ...initial.current.defaults,
      ...(dateRange ? { startDate: dateRange.startDate, endDate: dateRange.endDate } : {}),
      ...(leadSources?.length ? { leadSources: [...leadSources] } : {}),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new day gives new defaults
  }, [timezone, todayKey]);
  const [applied, setApplied] = useState<ReportFilterState | null>(null);
  const storage = host.storage;

  useEffect(() => {
    let cancelled = false;
    const { dateRange, leadSources } = initial.current;
    const withProps = (filters: ReportFilterState): ReportFilterState => ({
      ...filters,
      ...(dateRange ? { startDate: dateRange.startDate, endDate: dateRange.endDate } : {}),
      ...(leadSources?.length ? { leadSources: [...leadSources] } : {}),
    });
    storage
      .get(storageKey)
      .catch(() => null)
      .then((text) => {
        if (!cancelled) {
          setApplied(
            withProps(parseStoredReportFilters(text, defaults, todayInTimezone(timezone))),
          );
        }
      });
    return () => {
      cancelled = true;
    };
    // The stored filters are read once per screen (and workspace); later applies win.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storage, storageKey, timezone]);

  const apply = useCallback(
    (next: ReportFilterState) => {
      setApplied((current) => (current && sameReportFilters(current, next) ? current : next));
      void storage
        .set(storageKey, serializeReportFilters(next, todayInTimezone(timezone)))
        .catch(() => undefined);
    },
    [storage, storageKey, timezone],
  );

  const key = applied ? reportFiltersKey(applied) : null;
  return { applied, defaults, key, apply, today };
}
