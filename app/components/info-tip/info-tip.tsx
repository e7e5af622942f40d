import { useId, useState, type ReactNode } from 'react';
import { Icon } from '@/app/components/icon/icon';
import './info-tip.css';

export interface InfoTipProps {
  /** The accessible name of the trigger, e.g. "How the set rate is computed". */
  label: string;
  children: ReactNode;
  /** Which side of the trigger the bubble opens towards (default below, aligned right). */
  align?: 'start' | 'end';
}

/**
 * An (i) button with a tooltip: shown on hover and on keyboard focus, hidden with Escape
 * or when focus leaves; the bubble is the button's description (aria-describedby), so a
 * screen reader reads it on focus.
 */
export function InfoTip({ label, children, align = 'end' }: InfoTipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span
      className="ic-info-tip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="ic-info-tip__button"
        aria-label={label}
        aria-describedby={`${id}-tip`}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Icon name="info" size="sm" />
      </button>
      <span
        id={`${id}-tip`}
        role="tooltip"
        className={`ic-info-tip__bubble ic-info-tip__bubble--${align}`}
        hidden={!open}
      >
        {children}
      </span>
    </span>
  );
}
