import type { PclcData } from '@/shared/contracts/reports/pclc';
import { funnelData } from '@/shared/domain/funnel-rates';
import type { StageCounts } from './pipeline-counts';

/**
 * Funnel data from transition counts (spec: dashboards 2.5, 3 Funnel data): every rate
 * and its numerator and denominator from shared/domain/funnel-rates.ts (issue #30).
 */
export function pclcData(counts: StageCounts): PclcData {
  return funnelData({
    LEADS: counts.new_lead,
    QUALIFIED: counts.qualified,
    UNQUALIFIEDATLEAD: counts.unqualified_at_lead,
    SETS: counts.set,
    SHOWS: counts.show,
    UNQUALIFIEDATAPPT: counts.unqualified_at_appt,
    HIRES: counts.hire,
    NOHIRES: counts.no_hire,
    FILED: counts.filed,
  });
}
