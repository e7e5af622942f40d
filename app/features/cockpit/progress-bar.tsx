import type { GoalPair } from '@/shared/domain/cockpit-goals';
import { progressBarVerdict, progressPercent } from '@/shared/domain/progress-colours';
import { formatCount, goalText } from './metric-list';
import './progress-bar.css';
import { FIGURE } from '@/app/components/figure/figure';

/**
 * A progress bar of APPOINTMENT INVENTORY (spec: dashboards 2.3 "percentage, no
 * markers"; 4 "fill blue when value is at least min, otherwise red; a warning event when
 * value is below goal"): how far the value is toward its goal, in percent (the text says
 * 150% past the goal; the bar fills to the end).
 */
export function ProgressBar({
  label,
  value,
  pair,
}: {
  label: string;
  value: number;
  pair: GoalPair;
}) {
  const verdict = progressBarVerdict(value, pair.min, pair.goal);
  const percent = progressPercent(value, pair.goal);
  const fill = Math.min(100, percent);
  const valueText = `${formatCount(value)} of goal ${goalText(pair.goal)} (${percent}%)${
    verdict.colour === 'red' ? ', below minimum' : ''
  }`;
  return (
    <div className="ic-progress" data-colour={verdict.colour}>
      <div className="ic-progress__top">
        <span className="ic-progress__label">{label}</span>
        <span className={`ic-progress__percent ${FIGURE}`}>{percent}%</span>
      </div>
      <div
        className="ic-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fill}
        aria-valuetext={valueText}
      >
        <div className="ic-progress__fill" style={{ width: `${fill}%` }} />
      </div>
      <div className="ic-progress__detail">
        <span>
          <strong className={FIGURE}>{formatCount(value)}</strong> · Min {goalText(pair.min)} · Goal{' '}
          {goalText(pair.goal)}
        </span>
        {verdict.warning ? <span className="ic-progress__tag">Below goal</span> : null}
      </div>
    </div>
  );
}
