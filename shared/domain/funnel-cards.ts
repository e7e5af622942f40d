import type { PclcData, PclcStat } from '@/shared/contracts/reports/pclc';
import type { PclcType } from '@/shared/contracts/reports/report-filters';
import {
  computeFiledRate,
  computeHireRate,
  computeSetRate,
  computeShowRate,
  qualifiedLeads,
  qualifiedShows,
} from './funnel-rates';

/**
 * The funnel report's stat cards and their rate tooltips (spec: dashboards 2.5): Qualified
 * Leads, Set Appointments, Qualified Shows, Hires, and Filed when the flag is on. Set rate
 * = sets / qualified leads; show rate = all shows / sets; hire rate = hires / qualified
 * shows; filed rate = filed / hires; qualified shows = SHOWS minus UNQUALIFIEDATAPPT.
 * The numbers come from shared/domain/funnel-rates, the same functions the server fills
 * the RATE fields with.
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

export const FUNNEL_CARD_LABELS: Record<PclcStat, string> = {
  LEADS: 'Qualified Leads',
  SETS: 'Set Appointments',
  SHOWS: 'Qualified Shows',
  HIRES: 'Hires',
  FILED: 'Filed',
};

/**
 * Why a rate can pass 100% (spec: dashboards 2.7): the snapshot perspective counts each
 * step when it happened in the range, so a later step holds people whose earlier step
 * fell before the range (a case filed this week for a client hired last month). The
 * conversion perspective follows the range's own leads, so its rates stay within 100%.
 */
const ABOVE_100: Record<'SETS' | 'SHOWS' | 'HIRES' | 'FILED', string> = {
  SETS: 'appointments set for leads that came in before the range',
  SHOWS: 'shows of appointments set before the range',
  HIRES: 'hires of people who showed before the range',
  FILED: 'cases filed for clients hired before the range',
};

function aboveHundredNote(stat: keyof typeof ABOVE_100, rate: number, snapshot: boolean): string {
  if (!snapshot || rate <= 100) return '';
  return ` Above 100% because the snapshot counts each step when it happened in the range: it includes ${ABOVE_100[stat]}.`;
}

/** A note after a formula that has no full stop of its own. */
const sentenceEnd = (note: string) => (note ? `.${note}` : '');

export interface FunnelCardOptions {
  showFiled: boolean;
  /** The report's perspective; default snapshot (rjPclc), the report's default type. */
  type?: PclcType;
}

export function funnelCards(data: PclcData, options: FunnelCardOptions): FunnelCard[] {
  const snapshot = (options.type ?? 'rjPclc') === 'rjPclc';
  const qualified = qualifiedLeads(data);
  const shows = qualifiedShows(data);
  const setRate = computeSetRate(data);
  const showRate = computeShowRate(data);
  const hireRate = computeHireRate(data);
  const filedRate = computeFiledRate(data);
  const n = (value: number) => number.format(value);
  const cards: FunnelCard[] = [
    {
      stat: 'LEADS',
      label: FUNNEL_CARD_LABELS.LEADS,
      value: qualified,
      caption: `of ${n(data.LEADS)} new leads`,
      formula: `Qualified leads = new leads − unqualified at lead = ${n(data.LEADS)} − ${n(data.UNQUALIFIEDATLEAD)} = ${n(qualified)}`,
    },
    {
      stat: 'SETS',
      label: FUNNEL_CARD_LABELS.SETS,
      value: data.SETS,
      caption: `Set rate ${percent(setRate)}`,
      formula:
        `Set rate = sets / qualified leads = ${n(data.SETS)} / ${n(qualified)} = ${percent(setRate)}` +
        sentenceEnd(aboveHundredNote('SETS', setRate, snapshot)),
    },
    {
      stat: 'SHOWS',
      label: FUNNEL_CARD_LABELS.SHOWS,
      value: shows,
      caption: `Show rate ${percent(showRate)}`,
      formula:
        `Show rate = all shows / sets = ${n(data.SHOWS)} / ${n(data.SETS)} = ${percent(showRate)}.` +
        aboveHundredNote('SHOWS', showRate, snapshot) +
        ' ' +
        `Qualified shows = shows − unqualified at appointment = ${n(data.SHOWS)} − ${n(data.UNQUALIFIEDATAPPT)} = ${n(shows)}`,
    },
    {
      stat: 'HIRES',
      label: FUNNEL_CARD_LABELS.HIRES,
      value: data.HIRES,
      caption: `Hire rate ${percent(hireRate)}`,
      formula:
        `Hire rate = hires / qualified shows = ${n(data.HIRES)} / ${n(shows)} = ${percent(hireRate)}` +
        sentenceEnd(aboveHundredNote('HIRES', hireRate, snapshot)),
    },
  ];
  if (options.showFiled) {
    cards.push({
      stat: 'FILED',
      label: FUNNEL_CARD_LABELS.FILED,
      value: data.FILED,
      caption: `Filed rate ${percent(filedRate)}`,
      formula:
        `Filed rate = filed / hires = ${n(data.FILED)} / ${n(data.HIRES)} = ${percent(filedRate)}` +
        sentenceEnd(aboveHundredNote('FILED', filedRate, snapshot)),
    });
  }
  return cards;
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
