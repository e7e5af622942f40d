/**
 * Funnel rates (spec: dashboards 2.5 rate tooltips, 3 Funnel data). The server fills the
 * RATE fields of every funnel answer with these, and the client reuses them for tooltips,
 * so a number on screen and its tooltip can never disagree.
 */

/** The counts the rates are computed from (field names of spec 3). */
export interface FunnelCounts {
  LEADS: number;
  UNQUALIFIEDATLEAD: number;
  SETS: number;
  SHOWS: number;
  UNQUALIFIEDATAPPT: number;
  HIRES: number;
  FILED: number;
}

export interface FunnelRates {
  SETRATE: number;
  SHOWRATE: number;
  HIRERATE: number;
  FILEDRATE: number;
}

/**
 * numerator / denominator as a percent with 2 decimals; 0 when the denominator is 0 or
 * less (nothing to convert from).
 */
export function ratePercent(numerator: number, denominator: number): number {
  if (!(denominator > 0)) return 0;
  return Math.round((numerator / denominator) * 10_000) / 100;
}

/** Qualified leads = LEADS - UNQUALIFIEDATLEAD, never below 0. */
export function qualifiedLeads(counts: Pick<FunnelCounts, 'LEADS' | 'UNQUALIFIEDATLEAD'>): number {
  return Math.max(0, counts.LEADS - counts.UNQUALIFIEDATLEAD);
}

/** Qualified shows = SHOWS - UNQUALIFIEDATAPPT, never below 0 (spec: dashboards 2.5). */
export function qualifiedShows(counts: Pick<FunnelCounts, 'SHOWS' | 'UNQUALIFIEDATAPPT'>): number {
  return Math.max(0, counts.SHOWS - counts.UNQUALIFIEDATAPPT);
}

/** Set rate = sets / qualified leads. */
export function computeSetRate(counts: FunnelCounts): number {
  return ratePercent(counts.SETS, qualifiedLeads(counts));
}

/** Show rate = all shows / sets. */
export function computeShowRate(counts: FunnelCounts): number {
  return ratePercent(counts.SHOWS, counts.SETS);
}

/** Hire rate = hires / qualified shows. */
export function computeHireRate(counts: FunnelCounts): number {
  return ratePercent(counts.HIRES, qualifiedShows(counts));
}

/** Filed rate = filed / hires ("filed rate likewise"). */
export function computeFiledRate(counts: FunnelCounts): number {
  return ratePercent(counts.FILED, counts.HIRES);
}

export function computeFunnelRates(counts: FunnelCounts): FunnelRates {
  return {
    SETRATE: computeSetRate(counts),
    SHOWRATE: computeShowRate(counts),
    HIRERATE: computeHireRate(counts),
    FILEDRATE: computeFiledRate(counts),
  };
}
