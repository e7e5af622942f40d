import type { PclcData, PclcStat } from '@/shared/contracts/reports/pclc';
import type { PclcType } from '@/shared/contracts/reports/report-filters';
import {
  FUNNEL_RATE_NAMES,
  FUNNEL_RATE_POPULATIONS,
  type FunnelRateName,
  funnelRatesNest,
  rateOf,
} from './funnel-rates';

/**
 * The funnel report's stat cards and their rate tooltips (spec: dashboards 2.5): Qualified
 * Leads, Set Appointments, Qualified Shows, Hires, and Filed when the flag is on. Each
 * rate is its RATEBASES numerator over its denominator (shared/domain/funnel-rates, the
 * functions the server fills the RATE fields with). The caption beside a rate shows both
 * ("Show rate 63.51% · 47 / 74"), and the tooltip names what each counts, so a rate never
 * reads as a share of the card's own count when it is not one (issue #30: "Qualified
 * Shows 39 · Show rate 63.51%" divided all 47 shows by 74 sets without saying so).
 */
export interface FunnelCard {
  stat: PclcStat;
  label: string;
  value: number;
  /** The line under the value. */
  caption: string;
  /** The tooltip: the formula with this report's numbers. */
  formula: string;
}

const number = new Intl.NumberFormat('en-US');
const percent = (value: number) => `${number.format(value)}%`;
const n = (value: number) => number.format(value);

export const FUNNEL_CARD_LABELS: Record<PclcStat, string> = {
  LEADS: 'Qualified Leads',
  SETS: 'Set Appointments',
  SHOWS: 'Qualified Shows',
  HIRES: 'Hires',
  FILED: 'Filed',
};

/** "Show rate 63.51% · 47 / 74": the rate and the two counts it divides. */
export function rateCaption(name: FunnelRateName, data: Pick<PclcData, 'RATEBASES'>): string {
  const basis = data.RATEBASES[name];
  return `${FUNNEL_RATE_POPULATIONS[name].name} ${percent(rateOf(basis))} · ${n(basis.numerator)} / ${n(basis.denominator)}`;
}

/**
 * Why a snapshot rate can pass 100% (spec: dashboards 2.7): the snapshot counts each step
 * when it happened in the range, so a later step holds people whose earlier step fell
 * before the range (a case filed this week for a client hired last month). The conversion
 * perspective follows the range's own leads, so its rates stay within 100%.
 */
const EARLIER: Record<FunnelRateName, string> = {
  SETRATE: 'appointments set for leads qualified before the range',
  SHOWRATE: 'shows of appointments set before the range',
  HIRERATE: 'hires of people who showed before the range',
  FILEDRATE: 'cases filed for clients hired before the range',
};

/**
 * The rate's formula with this report's numbers, and which people both counts hold: in
 * the snapshot perspective what happened in the range (with why the rate is above 100%
 * when it is), in the conversion perspective the contacts that entered in the range.
 */
export function rateFormula(
  name: FunnelRateName,
  data: Pick<PclcData, 'RATEBASES'>,
  type: PclcType = 'rjPclc',
): string {
  const basis = data.RATEBASES[name];
  const words = FUNNEL_RATE_POPULATIONS[name];
  const rate = rateOf(basis);
  const formula =
    `${words.name} = ${words.numerator} / ${words.denominator} = ` +
    `${n(basis.numerator)} / ${n(basis.denominator)} = ${percent(rate)}.`;
  if (funnelRatesNest(type)) {
    return `${formula} Both count the contacts that entered the pipeline in the range.`;
  }
  const populations = ` Both count what happened in the range, so the ${words.numerator.replace(' (all)', '')} can include ${EARLIER[name]}.`;
  const above =
    rate > 100
      ? ' That is why this rate is above 100%; the Conversion perspective follows one group of contacts and stays within 100%.'
      : '';
  return formula + populations + above;
}

export interface FunnelCardOptions {
  showFiled: boolean;
  /** The report's perspective; default snapshot (rjPclc), the report's default type. */
  type?: PclcType;
}

export function funnelCards(data: PclcData, options: FunnelCardOptions): FunnelCard[] {
  const type = options.type ?? 'rjPclc';
  const where = funnelRatesNest(type) ? 'of the leads that entered in the range' : 'in the range';
  const cards: FunnelCard[] = [
    {
      stat: 'LEADS',
      label: FUNNEL_CARD_LABELS.LEADS,
      value: data.QUALIFIEDLEADS,
      caption: `of ${n(data.LEADS)} new leads`,
      formula:
        `Qualified leads = leads qualified ${where} = ${n(data.QUALIFIEDLEADS)}, the ` +
        `Qualified list. New leads: ${n(data.LEADS)}; unqualified at lead: ` +
        `${n(data.UNQUALIFIEDATLEAD)}; the rest are not decided yet.`,
    },
    {
      stat: 'SETS',
      label: FUNNEL_CARD_LABELS.SETS,
      value: data.SETS,
      caption: rateCaption('SETRATE', data),
      formula: rateFormula('SETRATE', data, type),
    },
    {
      stat: 'SHOWS',
      label: FUNNEL_CARD_LABELS.SHOWS,
      value: data.QUALIFIEDSHOWS,
      caption: rateCaption('SHOWRATE', data),
      formula:
        `${rateFormula('SHOWRATE', data, type)} Qualified shows = shows − unqualified at ` +
        `appointment = ${n(data.SHOWS)} − ${n(data.UNQUALIFIEDATAPPT)} = ` +
        `${n(data.QUALIFIEDSHOWS)}.`,
    },
    {
      stat: 'HIRES',
      label: FUNNEL_CARD_LABELS.HIRES,
      value: data.HIRES,
      caption: rateCaption('HIRERATE', data),
      formula: rateFormula('HIRERATE', data, type),
    },
  ];
  if (options.showFiled) {
    cards.push({
      stat: 'FILED',
      label: FUNNEL_CARD_LABELS.FILED,
      value: data.FILED,
      caption: rateCaption('FILEDRATE', data),
      formula: rateFormula('FILEDRATE', data, type),
    });
  }
  return cards;
}

/**
 * The footnote of a table of funnels (Lead Source Pipeline, the PCLC system report),
 * where counts and rates sit side by side (issue #30): what each rate divides, and in the
 * snapshot why one can pass 100%. `offersConversion`: the screen has the Conversion
 * perspective to point to.
 */
export function funnelRatesNote(type: PclcType, offersConversion: boolean): string {
  const rates =
    'Set rate = sets / qualified leads, show rate = all shows / sets, hire rate = hires / ' +
    'qualified shows (shows less those unqualified at the appointment), filed rate = filed / hires.';
  if (funnelRatesNest(type)) {
    return `${rates} Conversion: every count follows the contacts that entered the pipeline in the range, so each rate stays within 100%.`;
  }
  return (
    `${rates} Snapshot: every count is what happened in the range, and a later step can ` +
    'belong to people whose earlier step came before it, so a rate can pass 100% (a case ' +
    'filed this week for a client hired last month).' +
    (offersConversion
      ? ' The Conversion perspective follows the contacts that entered in the range and stays within 100%.'
      : '')
  );
}

/**
 * The note under the funnel's cards when one of their rates passes 100% (issue #30: a
 * child stage larger than its parent only where the definition allows it, and then the
 * screen says why): the snapshot's reason, in words beside the cards rather than only in
 * a card's tooltip. Null when every rate shown is within 100%.
 */
export function funnelCardsAboveNote(
  data: Pick<PclcData, 'RATEBASES'>,
  options: FunnelCardOptions,
): string | null {
  const above = ratesAbove100(data, options);
  if (above.length === 0) return null;
  return (
    `${funnelCardsAboveSummary(data, options)}: the snapshot counts every step when it happened in the range, so ` +
    `a later step can belong to people whose earlier step came before it (${above
      .map((name) => EARLIER[name])
      .join('; ')}). The Conversion perspective follows the leads that entered in the range ` +
    'and stays within 100%.'
  );
}

/** The rates shown above 100% where the perspective allows it (none: every rate nests). */
function ratesAbove100(data: Pick<PclcData, 'RATEBASES'>, options: FunnelCardOptions) {
  const type = options.type ?? 'rjPclc';
  if (funnelRatesNest(type)) return [];
  const shown = FUNNEL_RATE_NAMES.filter((name) => name !== 'FILEDRATE' || options.showFiled);
  return shown.filter((name) => rateOf(data.RATEBASES[name]) > 100);
}

/**
 * The note's first words ("Show rate above 100%"), what the CRM panel shows in a line with
 * the whole note one press away (issue #30: the owner's panel fits within two screens);
 * null when no note is due.
 */
export function funnelCardsAboveSummary(
  data: Pick<PclcData, 'RATEBASES'>,
  options: FunnelCardOptions,
): string | null {
  const above = ratesAbove100(data, options);
  if (above.length === 0) return null;
  return `${above.map((name) => FUNNEL_RATE_POPULATIONS[name].name).join(', ')} above 100%`;
}

/** The toggle filters under a card (spec: dashboards 2.5); blank (none pressed) = all. */
export const FUNNEL_COLLECTION_LABELS: Record<
  PclcStat,
  readonly { value: string; label: string }[]
> = {
  LEADS: [
    { value: 'NEW', label: 'New Leads' },
    { value: 'QUALIFIED', label: 'Qualified' },
    { value: 'UNQUALIFIED', label: 'Unqualified' },
  ],
  SETS: [],
  SHOWS: [
    { value: 'ALL', label: 'All Shows' },
    { value: 'QUALIFIED', label: 'Qualified' },
    { value: 'UNQUALIFIED', label: 'Unqualified' },
  ],
  HIRES: [
    { value: 'HIRES', label: 'Hires' },
    { value: 'NOHIRES', label: 'No Hires' },
  ],
  FILED: [],
};

/**
 * The toggle whose contacts are listed: blank lists what the first toggle names (the
 * server reads blank as New Leads, All Shows, Hires), so that one shows pressed and the
 * agent always sees which list is open (issue #30). Null for a card without toggles.
 */
export function shownCollection(stat: PclcStat, collection: string | null): string | null {
  return collection ?? FUNNEL_COLLECTION_LABELS[stat][0]?.value ?? null;
}

/** Pressing the pressed toggle goes back to blank (all). */
export function toggleCollection(current: string | null, value: string): string | null {
  return current === value ? null : value;
}
