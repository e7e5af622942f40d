import { useEffect, useState } from 'react';
import type { Host } from '@/app/host/host';
import { fetchLookup } from '@/shared/api/lookups';
import type { Campaign, CaseType, LeadSource, Office } from '@/shared/contracts/lookups';
import { visibleLeadSources } from '@/shared/domain/lead-sources';
import { compareLabels } from '@/shared/domain/sorting';

export interface ReportLookups {
  leadSources: LeadSource[];
  campaigns: Campaign[];
  offices: Office[];
  /** Case types (no parent). */
  caseTypes: CaseType[];
  /** Sub case types (their parent names a case type's key). */
  subCaseTypes: CaseType[];
  loading: boolean;
}

const EMPTY: ReportLookups = {
  leadSources: [],
  campaigns: [],
  offices: [],
  caseTypes: [],
  subCaseTypes: [],
  loading: true,
};

const byLabel = <T extends { label: string }>(items: T[]) =>
  [...items].sort((a, b) => compareLabels(a.label, b.label));

/**
 * The lists behind the filter panel, fetched through the host's API (not the app's
 * lookups store), so the panel works the same in a widget. Failed lists become empty
 * lists (spec: dashboards 8), which hides their field (spec 2.9). Test lead sources are
 * hidden (spec 3); offices without a timezone are skipped with a console warning (spec 3).
 */
export function useReportLookups(host: Host): ReportLookups {
  const workspaceId = host.session.workspace?.id ?? null;
  const api = host.api;
  const [lookups, setLookups] = useState<ReportLookups>(EMPTY);

  useEffect(() => {
    if (!workspaceId) {
      setLookups({ ...EMPTY, loading: false });
      return;
    }
    let cancelled = false;
    const safe = <T>(promise: Promise<T[]>) => promise.catch(() => [] as T[]);
    setLookups(EMPTY);
    void Promise.all([
      safe(fetchLookup(api, 'leadSources', workspaceId)),
      safe(fetchLookup(api, 'campaigns', workspaceId)),
      safe(fetchLookup(api, 'offices', workspaceId)),
      safe(fetchLookup(api, 'caseTypes', workspaceId)),
    ]).then(([leadSources, campaigns, offices, caseTypes]) => {
      if (cancelled) return;
      const withTimezone = offices.filter((office) => {
        if (office.attributes.timezone) return true;
        console.warn(`Office ${office.label} has no timezone and is skipped.`);
        return false;
      });
      setLookups({
        leadSources: visibleLeadSources(leadSources),
        campaigns: byLabel(campaigns),
        offices: byLabel(withTimezone),
        caseTypes: byLabel(caseTypes.filter((type) => type.parent === null)),
        subCaseTypes: byLabel(caseTypes.filter((type) => type.parent !== null)),
        loading: false,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [api, workspaceId]);

  return lookups;
}
