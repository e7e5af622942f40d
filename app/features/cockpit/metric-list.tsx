import type { ReactNode } from 'react';
import { FIGURE } from '@/app/components/figure/figure';
import type { GoalPair } from '@/shared/domain/cockpit-goals';
import { METRIC_COLOUR_TEXT, type MetricColour } from '@/shared/domain/colour-rule';
import './metric-list.css';
import '@/app/components/visually-hidden/visually-hidden.css';

export interface MetricItem {
  label: string;
  value: ReactNode;
  /** The warning style (spec: dashboards 2.3 "the value takes a warning style below the min"). */
  alert?: boolean;
  /** Words for the warning style, for screen readers ("below minimum"). */
  alertText?: string;
  /** A line under the value: min and goal, an allowance... */
  detail?: ReactNode;
  /**
   * The value against its goal (spec: dashboards 4 Colour rule for metric cards, through
   * goalPairColour): green, orange or red, with its words for screen readers.
   */
  colour?: MetricColour | null;
}

const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A goal value, or 'N/A' when unset (spec: dashboards 2.3). */
export function goalText(value: number | null | undefined, unit = ''): string {
  return typeof value === 'number' ? `${numberText.format(value)}${unit}` : 'N/A';
}

export function formatCount(value: number): string {
  return numberText.format(value);
}

/** "Min 300 · Goal 400", 'N/A' for unset values. */
export function GoalDetail({ pair }: { pair: GoalPair }) {
  return (
    <>
      <span>Min {goalText(pair.min)}</span>
      <span aria-hidden="true"> · </span>
      <span>Goal {goalText(pair.goal)}</span>
    </>
  );
}

/** Labelled figures as a description list: label, value (warning style), detail. */
export function MetricList({ items }: { items: readonly MetricItem[] }) {
  return (
    <dl className="ic-metric-list">
      {items.map((item) => (
        <div
          key={item.label}
          className="ic-metric"
          data-alert={item.alert || undefined}
          data-colour={item.colour ?? undefined}
        >
          <dt className="ic-metric__label">{item.label}</dt>
          <dd className={`ic-metric__value ${FIGURE}`}>
            {item.value}
            {item.alert || item.colour ? (
              <span className="ic-visually-hidden ic-metric__alert-text">{` (${
                item.alert
                  ? (item.alertText ?? 'below minimum')
                  : METRIC_COLOUR_TEXT[item.colour as MetricColour]
              })`}</span>
            ) : null}
          </dd>
          {item.detail ? <dd className="ic-metric__detail">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
