/**
 * Funnel rates (spec: dashboards 2.5 rate tooltips, 3 Funnel data; issue #30). The server
 * fills the RATE fields and RATEBASES of every funnel answer with these, and the client
 * reuses them for captions and tooltips, so a number on screen and its tooltip can never
 * disagree.
 *
 * Each rate is its numerator over its denominator, both counts of the report, and both
 * are sent (RATEBASES) so a screen can name them ("55 / 73") and a test can check them:
 *  - set rate = sets / qualified leads;
 *  - show rate = shows (all) / sets;
 *  - hire rate = hires / qualified shows;
 *  - filed rate = filed cases / hires.
 * Which people each count holds is the perspective's (spec 2.7): in the conversion
 * perspective every count follows the contacts that entered the pipeline in the range,
 * so each numerator is part of its denominator and a rate stays within 0–100%. In the
 * snapshot perspective each count is what happened in the range, so a numerator can hold
 * people whose earlier step fell before it (a case filed this week for a client hired
 * last month) and a rate can pass 100%; the screens say so (issue #30: "the screen says
 * which population each number counts"). docs/behaviour-notes.md gives the reasons for
 * keeping the spec's snapshot rates rather than following each range's own people.
 */

import type { PclcData } from '@/shared/contracts/reports/pclc';

/** The counts a funnel's rates divide (field names of spec 3). */
export interface FunnelCounts {
  LEADS: number;
  /** Qualified leads: the qualified transitions, counted like the other stages. */
  QUALIFIED: number;
  UNQUALIFIEDATLEAD: number;
  SETS: number;
  SHOWS: number;
  UNQUALIFIEDATAPPT: number;
  HIRES: number;
  FILED: number;
}

export const FUNNEL_RATE_NAMES = ['SETRATE', 'SHOWRATE', 'HIRERATE', 'FILEDRATE'] as const;
export type FunnelRateName = (typeof FUNNEL_RATE_NAMES)[number];

/** What a rate divides: both counts of one population. */
export interface RateBasis {
  numerator: number;
  denominator: number;
}

export type FunnelRateBases = Record<FunnelRateName, RateBasis>;
export type FunnelRates = Record<FunnelRateName, number>;

/**
 * numerator / denominator as a percent with 2 decimals; 0 when the denominator is 0 or
 * less (nothing to convert from).
 */
export function ratePercent(numerator: number, denominator: number): number {
  if (!(denominator > 0)) return 0;
  return Math.round((numerator / denominator) * 10_000) / 100;
}

/** A rate from its basis. */
export function rateOf(basis: RateBasis): number {
  return ratePercent(basis.numerator, basis.denominator);
}

/** Qualified shows = SHOWS minus UNQUALIFIEDATAPPT, never below 0 (spec: dashboards 2.5). */
export function qualifiedShows(counts: Pick<FunnelCounts, 'SHOWS' | 'UNQUALIFIEDATAPPT'>): number {
  return Math.max(0, counts.SHOWS - counts.UNQUALIFIEDATAPPT);
}

/** Each rate's numerator and denominator. */
export function funnelRateBases(counts: FunnelCounts): FunnelRateBases {
  return {
    SETRATE: { numerator: counts.SETS, denominator: counts.QUALIFIED },
    SHOWRATE: { numerator: counts.SHOWS, denominator: counts.SETS },
    HIRERATE: { numerator: counts.HIRES, denominator: qualifiedShows(counts) },
    FILEDRATE: { numerator: counts.FILED, denominator: counts.HIRES },
  };
}

/**
 * The whole funnel answer from its counts (spec 3 Funnel data): QUALIFIEDLEADS the
 * qualified transitions, QUALIFIEDSHOWS and UNQUALIFIED derived, every rate with its
 * basis. The server's one way to build it.
 */
export function funnelData(counts: FunnelCounts & { NOHIRES: number }): PclcData {
  const bases = funnelRateBases(counts);
  return {
    LEADS: counts.LEADS,
    QUALIFIED: counts.QUALIFIED,
    QUALIFIEDLEADS: counts.QUALIFIED,
    UNQUALIFIED: counts.UNQUALIFIEDATLEAD + counts.UNQUALIFIEDATAPPT,
    UNQUALIFIEDATLEAD: counts.UNQUALIFIEDATLEAD,
    SETS: counts.SETS,
    SHOWS: counts.SHOWS,
    QUALIFIEDSHOWS: qualifiedShows(counts),
    UNQUALIFIEDATAPPT: counts.UNQUALIFIEDATAPPT,
    HIRES: counts.HIRES,
    NOHIRES: counts.NOHIRES,
    FILED: counts.FILED,
    ...funnelRates(bases),
    RATEBASES: bases,
  };
}

/**
 * Whether a perspective's rates nest (every numerator part of its denominator, so each
 * rate is within 0–100%): the conversion perspective's do; the snapshot's need not.
 */
export function funnelRatesNest(type: 'rjPclc' | 'intakePCLC'): boolean {
  return type === 'intakePCLC';
}

export function funnelRates(bases: FunnelRateBases): FunnelRates {
  return {
    SETRATE: rateOf(bases.SETRATE),
    SHOWRATE: rateOf(bases.SHOWRATE),
    HIRERATE: rateOf(bases.HIRERATE),
    FILEDRATE: rateOf(bases.FILEDRATE),
  };
}

/** Several funnels' bases summed (a totals row): rates again from the sums, never averaged. */
export function sumRateBases(rows: readonly FunnelRateBases[]): FunnelRateBases {
  const sum = (name: FunnelRateName): RateBasis => ({
    numerator: rows.reduce((total, row) => total + row[name].numerator, 0),
    denominator: rows.reduce((total, row) => total + row[name].denominator, 0),
  });
  return {
    SETRATE: sum('SETRATE'),
    SHOWRATE: sum('SHOWRATE'),
    HIRERATE: sum('HIRERATE'),
    FILEDRATE: sum('FILEDRATE'),
  };
}

/**
 * What each rate divides, in words, for captions and tooltips (issue #30: "the screen
 * says which population each number counts").
 */
export const FUNNEL_RATE_POPULATIONS: Record<
  FunnelRateName,
  { name: string; numerator: string; denominator: string }
> = {
  SETRATE: { name: 'Set rate', numerator: 'sets', denominator: 'qualified leads' },
  SHOWRATE: { name: 'Show rate', numerator: 'shows (all)', denominator: 'sets' },
  HIRERATE: { name: 'Hire rate', numerator: 'hires', denominator: 'qualified shows' },
  FILEDRATE: { name: 'Filed rate', numerator: 'filed cases', denominator: 'hires' },
};

/**
 * The cohort (migration 0026): each later stage's transition also counts on the day of
 * the transition it follows, so a report can count a population's own outcomes ("the
 * hires of these consults", Team Reports). Stages without an entry are parents only
 * (new_lead, qualified, unqualified_at_lead).
 */
export const COHORT_PARENT_STAGE = {
  set: 'qualified',
  show: 'set',
  unqualified_at_appt: 'show',
  hire: 'show',
  no_hire: 'show',
  filed: 'hire',
} as const;
export type CohortStage = keyof typeof COHORT_PARENT_STAGE;
export const COHORT_STAGES = Object.keys(COHORT_PARENT_STAGE) as CohortStage[];

export function isCohortStage(stage: string): stage is CohortStage {
  return Object.prototype.hasOwnProperty.call(COHORT_PARENT_STAGE, stage);
}

/**
 * The day a transition counts on in the cohort: the day of the latest transition of its
 * parent stage at or before it (same contact), or null when it has none (then it counts
 * in no cohort: an outcome without its parent could only push a rate over 100%).
 */
export function cohortParentDay(
  stage: string,
  occurredAt: string,
  contactTransitions: readonly { stage: string; occurredAt: string; day: string }[],
): string | null {
  if (!isCohortStage(stage)) return null;
  const parent = COHORT_PARENT_STAGE[stage];
  let best: { occurredAt: string; day: string } | null = null;
  for (const t of contactTransitions) {
    if (t.stage !== parent || t.occurredAt > occurredAt) continue;
    if (!best || t.occurredAt >= best.occurredAt) best = t;
  }
  return best?.day ?? null;
}
