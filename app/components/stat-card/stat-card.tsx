import type { ReactNode } from 'react';
import { FIGURE_BOX, FIT_FIGURE } from '@/app/components/figure/figure';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import './stat-card.css';

export interface StatCardProps {
  label: string;
  /** The number, already formatted; null while unknown (shows a dash). */
  value: string | null;
  /** A line under the value: a rate, "of 120 new leads"... */
  caption?: ReactNode;
  selected: boolean;
  /** Not selectable now (no contacts, loading, error): shown, but the button is disabled. */
  disabled?: boolean;
  onSelect: () => void;
  /** An InfoTip or similar beside the button (never inside it: no nested buttons). */
  info?: ReactNode;
  /** Id of the detail region the card opens (aria-controls). */
  controls?: string;
}

/**
 * A caption's lines: "Set rate 77.78% · 77 / 99" shows the rate and its counts on lines of
 * their own, so a narrow card (the extension's panel) cuts neither (issue #30: "77 / …").
 */
export function captionLines(caption: string): string[] {
  return caption.split(' · ');
}

/**
 * A stat card of the funnel and conversion reports (spec: dashboards 2.5, 2.7): a toggle
 * button (aria-pressed) whose selection opens the card's contacts below.
 */
export function StatCard({
  label,
  value,
  caption,
  selected,
  disabled = false,
  onSelect,
  info,
  controls,
}: StatCardProps) {
  return (
    <div className="ic-stat-card" data-selected={selected || undefined}>
      <button
        type="button"
        className={`ic-stat-card__button ${FIGURE_BOX}`}
        aria-pressed={selected}
        aria-controls={selected ? controls : undefined}
        disabled={disabled}
        onClick={onSelect}
      >
        <span className="ic-stat-card__label">{label}</span>
        <span className={`ic-stat-card__value ${FIT_FIGURE}`}>{value ?? '–'}</span>
        <span className="ic-stat-card__caption">
          {typeof caption === 'string'
            ? captionLines(caption).map((line, index) => (
                <span key={index} className="ic-stat-card__caption-line">
                  {/* Read as one caption ("Set rate 50%, 60 / 120"), shown as two lines. */}
                  {index > 0 ? <VisuallyHidden>, </VisuallyHidden> : null}
                  {line}
                </span>
              ))
            : (caption ?? '\u00a0')}
        </span>
      </button>
      {info ? <span className="ic-stat-card__info">{info}</span> : null}
    </div>
  );
}
