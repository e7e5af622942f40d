import type { PclcData } from '@/shared/contracts/reports/pclc';
import { computeFunnelRates, qualifiedLeads, qualifiedShows } from '@/shared/domain/funnel-rates';
import type { StageCounts } from './pipeline-counts';

/** Funnel data from transition counts (spec: dashboards 2.5, 3 Funnel data). */
export function pclcData(counts: StageCounts): PclcData {
  const base = {
    LEADS: counts.new_lead,
    UNQUALIFIEDATLEAD: counts.unqualified_at_lead,
    SETS: counts.set,
    SHOWS: counts.show,
    UNQUALIFIEDATAPPT: counts.unqualified_at_appt,
    HIRES: counts.hire,
    FILED: counts.filed,
  };
  const qualified = qualifiedLeads(base);
  return {
    LEADS: base.LEADS,
    QUALIFIED: qualified,
    QUALIFIEDLEADS: qualified,
    UNQUALIFIED: base.UNQUALIFIEDATLEAD + base.UNQUALIFIEDATAPPT,
    UNQUALIFIEDATLEAD: base.UNQUALIFIEDATLEAD,
    SETS: base.SETS,
    SHOWS: base.SHOWS,
    QUALIFIEDSHOWS: qualifiedShows(base),
    UNQUALIFIEDATAPPT: base.UNQUALIFIEDATAPPT,
    HIRES: base.HIRES,
    NOHIRES: counts.no_hire,
    FILED: base.FILED,
    ...computeFunnelRates(base),
  };
}
