/**
 * The progress-bar and doughnut rules of spec: dashboards 4. Both answer a colour name
 * the components map to their palette, and whether the value raises a warning event.
 */
export type GaugeColour = 'blue' | 'red';

export interface GaugeVerdict {
  colour: GaugeColour;
  /** The component raises a warning event (the card turns it into a banner warning). */
  warning: boolean;
}

const isSet = (value: number | null | undefined): value is number => typeof value === 'number';

/**
 * Progress bar: fill blue when the value is at least the min, otherwise red; a warning
 * event when the value is below the goal. An unset min paints blue, an unset goal warns of
 * nothing.
 */
export function progressBarVerdict(
  value: number,
  min: number | null | undefined,
  goal: number | null | undefined,
): GaugeVerdict {
  return {
    colour: isSet(min) && value < min ? 'red' : 'blue',
    warning: isSet(goal) && value < goal,
  };
}

/**
 * How far a value is toward its goal: value / goal as a whole percent (above 100 past
 * the goal; the bar itself fills to 100 at most). Without a goal: 100 for any value, else 0.
 */
export function progressPercent(value: number, goal: number | null | undefined): number {
  if (!isSet(goal) || goal <= 0) return value > 0 ? 100 : 0;
  return Math.max(0, Math.round((value / goal) * 100));
}

/**
 * Doughnut: blue when the value is at least half of the total, else red; a warning when
 * the value is below the min.
 */
export function doughnutVerdict(
  value: number,
  total: number,
  min: number | null | undefined,
): GaugeVerdict {
  return {
    colour: value >= total / 2 ? 'blue' : 'red',
    warning: isSet(min) && value < min,
  };
}

/** A metric row's value takes the warning style below its min (spec: dashboards 2.3). */
export function isBelowMin(value: number, min: number | null | undefined): boolean {
  return isSet(min) && value < min;
}

/** For allowances (missed, abandoned calls, wait time): the warning style above them. */
export function isAboveAllowance(value: number, allowance: number | null | undefined): boolean {
  return isSet(allowance) && value > allowance;
}
