/**
 * Colours of charts and metric cards (spec: dashboards 4 "Colour rule for chart and metric
 * cards"; 9 palettes). Pure: the screens map the names to theme colours. The progress-bar
 * and doughnut rules of spec 4 live in progress-colours.ts.
 */

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
 * spec: dashboards 9 — the Total Leads doughnut's fixed 4-colour palette: the top three
 * sources, then Other (a neutral grey, so "Other" never reads as a source of its own).
 */
export const TOTAL_LEADS_PALETTE = ['#0091D0', '#12B76A', '#F79009', '#98A2B3'] as const;

/** spec: dashboards 9 — the chart palette of 5 named colours. */
export const CHART_PALETTE = {
  skyblue: '#2FB3F3',
  green: '#12B76A',
  red: '#D84444',
  orange: '#F79009',
  purple: '#7A5AF8',
} as const;

/** Hex values of the colour names, for canvases (which cannot read CSS variables by name). */
export const METRIC_COLOUR_HEX: Record<MetricColour | 'blue', string> = {
  green: '#12B76A',
  orange: '#F79009',
  red: '#D84444',
  blue: '#0091D0',
};
