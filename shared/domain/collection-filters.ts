import {
  CONVERSION_ROW,
  type ConversionContactRow,
  type ConversionData,
} from '@/shared/contracts/reports/conversion';

/**
 * The contact-lead conversion report's cards and collection filters (spec: dashboards 2.7,
 * 4 "Conversion report collection filter" and "Selected funnel stat").
 */
export const CONVERSION_STATS = ['LEADS', 'SHOWS', 'HIRES', 'FILED', 'NOHIRES'] as const;
export type ConversionStat = (typeof CONVERSION_STATS)[number];

/**
 * The collection toggles under a card: the blank default first (label only), then the
 * statuses to filter by. Only LEADS and SHOWS have toggles.
 */
export const CONVERSION_COLLECTIONS: Record<
  ConversionStat,
  readonly { value: string | null; label: string }[]
> = {
  LEADS: [
    { value: null, label: 'New Leads' },
    { value: 'Qualified', label: 'Qualified' },
    { value: 'Unqualified', label: 'Unqualified' },
  ],
  SHOWS: [
    { value: null, label: 'All Shows' },
    { value: 'Qualified', label: 'Qualified' },
    { value: 'Unqualified', label: 'Unqualified' },
  ],
  HIRES: [],
  FILED: [],
  NOHIRES: [],
};

const LISTS: Record<ConversionStat, keyof ConversionData> = {
  LEADS: 'LEADSCONTACTS',
  SHOWS: 'SHOWSCONTACTS',
  HIRES: 'HIRESCONTACTS',
  FILED: 'FILEDCONTACTS',
  NOHIRES: 'NOHIRESCONTACTS',
};

/** Every row behind a card, before any collection filter. */
export function conversionList(data: ConversionData, stat: ConversionStat): ConversionContactRow[] {
  return data[LISTS[stat]] as ConversionContactRow[];
}

/**
 * spec: dashboards 4 — for LEADS an empty collection shows new leads only, otherwise the
 * leads whose status equals the chosen one; for SHOWS an empty collection shows all,
 * otherwise filtered by status; NOHIRES uses its own list (as do HIRES and FILED).
 */
export function conversionContacts(
  data: ConversionData,
  stat: ConversionStat,
  collection: string | null,
): ConversionContactRow[] {
  const rows = conversionList(data, stat);
  if (stat === 'LEADS') {
    return collection
      ? rows.filter((row) => row[CONVERSION_ROW.status] === collection)
      : rows.filter((row) => row[CONVERSION_ROW.newLead] === 'true');
  }
  if (stat === 'SHOWS' && collection) {
    return rows.filter((row) => row[CONVERSION_ROW.status] === collection);
  }
  return rows;
}

/**
 * spec: dashboards 4 — only a card with at least one contact can be selected, and only
 * when the report is neither loading nor in error.
 */
export function canSelectConversionCard(
  data: ConversionData | null,
  stat: ConversionStat,
  status: 'loading' | 'error' | 'loaded' | 'idle',
): boolean {
  if (status !== 'loaded' || !data) return false;
  return conversionList(data, stat).length > 0;
}

/** Selecting a selected card deselects it (spec: dashboards 4 "selecting again deselects"). */
export function toggleConversionCard(
  current: ConversionStat | null,
  stat: ConversionStat,
  selectable: boolean,
): ConversionStat | null {
  if (current === stat) return null;
  return selectable ? stat : current;
}

/** spec: dashboards 2.7 — the FILED card only for Bankruptcy as the primary practice area. */
export function isBankruptcyPracticeArea(primaryPracticeArea: string | null | undefined): boolean {
  return (primaryPracticeArea ?? '').trim().toLowerCase() === 'bankruptcy';
}
