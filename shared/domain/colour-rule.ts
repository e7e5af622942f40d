/**
 * Colours of charts and metric cards (spec: dashboards 4 "Colour rule for chart and metric
 * cards"; 9 palettes). Pure: the screens map the names to theme colours. The progress-bar
 * and doughnut rules of spec 4 live in progress-colours.ts.
 */
import { BRAND_COLOURS } from './brand-colours';

export type MetricColour = 'green' | 'orange' | 'red';

/** Chart card data's attributes.colorRanges (spec: dashboards 3 Chart card data). */
export interface ColourRanges {
  green: number;
  yellow: number;
  positiveResult: 'increasing' | 'decreasing';
}

/**
 * spec: dashboards 4 — if dataTotal is at least the green threshold: green when
 * positiveResult is increasing, orange otherwise. Between the yellow and green thresholds
 * with increasing: orange. Everything else red. With no data: green.
 */
export function metricColour(
  dataTotal: number | null | undefined,
  ranges: ColourRanges,
): MetricColour {
  if (dataTotal === null || dataTotal === undefined || Number.isNaN(dataTotal)) return 'green';
  const increasing = ranges.positiveResult === 'increasing';
  if (dataTotal >= ranges.green) return increasing ? 'green' : 'orange';
  if (dataTotal >= ranges.yellow && increasing) return 'orange';
  return 'red';
}

/**
 * A figure measured against its goal pair (a weekly minimum and goal, scaled to the range)
 * as a metric card's colour (spec: dashboards 4 Colour rule; 3 Chart card data): the goal
 * is the green threshold, the minimum the yellow one, and more is better — green at or
 * above the goal, orange from the minimum up to it, red below the minimum. With one of the
 * two unset, the other is both thresholds; with neither, there is nothing to colour (null).
 */
export function goalPairColour(
  value: number,
  pair: { min: number | null; goal: number | null },
): MetricColour | null {
  const green = pair.goal ?? pair.min;
  const yellow = pair.min ?? pair.goal;
  if (green === null || yellow === null) return null;
  return metricColour(value, { green, yellow, positiveResult: 'increasing' });
}

/** Words for a metric colour, so colour is never the only cue (screen readers, tooltips). */
export const METRIC_COLOUR_TEXT: Record<MetricColour, string> = {
  green: 'at or above goal',
  orange: 'below goal',
  red: 'below minimum',
};

/**
 * spec: dashboards 9 — the Total Leads doughnut's fixed 4-colour palette: the top three
 * sources, then Other (a neutral grey, so "Other" never reads as a source of its own).
 */
export const TOTAL_LEADS_PALETTE = [
  BRAND_COLOURS.blue,
  BRAND_COLOURS.green,
  BRAND_COLOURS.orange,
  BRAND_COLOURS.otherGrey,
] as const;

/** spec: dashboards 9 — the chart palette of 5 named colours. */
export const CHART_PALETTE = {
  skyblue: BRAND_COLOURS.skyBlue,
  green: BRAND_COLOURS.green,
  red: BRAND_COLOURS.red,
  orange: BRAND_COLOURS.orange,
  purple: BRAND_COLOURS.purple,
} as const;

/**
 * Classic Trends' eight series of one perspective (New, Qualified and Unqualified Leads;
 * Sets; Qualified and Unqualified Shows; Hires; Filed), each in a colour of its own (issue
 * #30: sixteen lines over five colours read as a tangle). The spec's five first (dashboards
 * 9), then three that read apart from them and on the light and the dark surface alike;
 * each series also keeps a point style of its own, so colour is never the only cue.
 */
export const TREND_SERIES_COLOURS = [
  CHART_PALETTE.skyblue,
  CHART_PALETTE.green,
  CHART_PALETTE.red,
  CHART_PALETTE.orange,
  CHART_PALETTE.purple,
  '#9C755F',
  '#E04F9E',
  '#0E9384',
] as const;
