import { useEffect } from 'react';
import { withoutUnknownIds } from '@/shared/domain/report-filter-state';
import type { ReportFilters } from './use-report-filters';
import type { ReportLookups } from '@/app/query/use-lookup';

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/**
 * Once the lists have loaded, applies the filters again without ids the workspace no
 * longer has, so a lead source deleted since the filters were saved does not keep the
 * screen in its error view (the server answers 400 to unknown ids).
 */
export function useDropUnknownFilterIds(filters: ReportFilters, lookups: ReportLookups): void {
  const { applied, apply } = filters;
  useEffect(() => {
    if (!applied || lookups.loading) return;
    const cleaned = withoutUnknownIds(applied, {
      leadSources: ids(lookups.leadSources),
      offices: ids(lookups.offices),
      caseTypes: ids(lookups.caseTypes),
      subCaseTypes: ids(lookups.subCaseTypes),
      campaigns: ids(lookups.campaigns),
    });
    if (cleaned !== applied) apply(cleaned);
  }, [applied, apply, lookups]);
}
