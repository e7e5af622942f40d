import { BRAND_COLOURS } from './brand-colours';

/** spec: dashboards 9 "Lead Flow colours" and bar thickness. */
export const LEAD_FLOW_COLOURS = {
  blue: BRAND_COLOURS.blue,
  selectedBlue: BRAND_COLOURS.skyBlue,
  red: BRAND_COLOURS.red,
  selectedRed: BRAND_COLOURS.brightRed,
  goal: BRAND_COLOURS.goalGrey,
} as const;

export const LEAD_FLOW_BAR_THICKNESS = 12;

/** spec: dashboards 4 — below the source's minimum; a source without a minimum never is. */
export function isBelowLeadMinimum(leads: number, min: number | null | undefined): boolean {
  return typeof min === 'number' && leads < min;
}

/**
 * spec: dashboards 4 "Lead Flow bar": red if leads are below the source's minimum, else
 * blue; the selected bar takes the lighter blue or the brighter red.
 */
export function leadFlowBarColour(
  leads: number,
  min: number | null | undefined,
  selected: boolean,
): string {
  if (isBelowLeadMinimum(leads, min)) {
    return selected ? LEAD_FLOW_COLOURS.selectedRed : LEAD_FLOW_COLOURS.red;
  }
  return selected ? LEAD_FLOW_COLOURS.selectedBlue : LEAD_FLOW_COLOURS.blue;
}
