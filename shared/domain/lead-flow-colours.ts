/** spec: dashboards 9 "Lead Flow colours" and bar thickness. */
export const LEAD_FLOW_COLOURS = {
  blue: '#0091D0',
  selectedBlue: '#2FB3F3',
  red: '#D84444',
  selectedRed: '#FF3232',
  goal: '#E5E5E5',
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
