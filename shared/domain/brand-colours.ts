/**
 * The product's fixed colours, named once (issue #10 item 5). Spec dashboards 9 gives
 * the Lead Flow colours (#0091D0, #2FB3F3, #D84444, #FF3232, goal #E5E5E5) and the chart
 * palette (skyblue, green, red, orange, purple); canvases (chart.js) need them as values,
 * CSS reads the same ones as --ic-brand-* tokens from app/styles/tokens.css
 * (tests/shared/domain/brand-colours.test.ts keeps the two in step).
 */
export const BRAND_COLOURS = {
  /** The product blue: brand marks, Lead Flow bars, doughnuts at or above half. */
  blue: '#0091D0',
  /** The lighter blue of a selected bar; the palette's skyblue. */
  skyBlue: '#2FB3F3',
  red: '#D84444',
  /** The brighter red of a selected bar below its minimum. */
  brightRed: '#FF3232',
  /** The Lead Flow goal bar. */
  goalGrey: '#E5E5E5',
  green: '#12B76A',
  orange: '#F79009',
  purple: '#7A5AF8',
  /** "Other" in the Total Leads doughnut: neutral, so it never reads as a source. */
  otherGrey: '#98A2B3',
} as const;
