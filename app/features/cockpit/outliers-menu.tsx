import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { FIGURE } from '@/app/components/figure/figure';
import './outliers-menu.css';

export interface OutlierItem {
  id: string;
  name: string;
  /** The figure the list is sorted by, as shown. */
  value: string;
}

export interface OutliersMenuProps {
  /** The button's text: "Agents", "Consultants", "Agents/Calls". */
  label: string;
  /** What the list holds, for its heading and the button's name. */
  description: string;
  items?: readonly OutlierItem[];
  /** spec: dashboards 2.3 — some outlier dropdowns are shown disabled. */
  disabled?: boolean;
}

/**
 * An outliers dropdown (spec: dashboards 2.3, 9 "the 5 lowest"): a button that discloses
 * the list. Closes on Escape (focus back on the button) and on a press outside, also
 * inside a shadow root (it reads the event's composed path).
 */
export function OutliersMenu({
  label,
  description,
  items = [],
  disabled = false,
}: OutliersMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root && !event.composedPath().includes(root)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="ic-outliers" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="ic-outliers__button"
        aria-expanded={disabled ? undefined : open}
        aria-controls={disabled ? undefined : `${id}-list`}
        aria-label={`${label}: ${description}`}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <Icon name="chevron-down" size="sm" />
      </button>
      {open && !disabled ? (
        <div className="ic-outliers__panel" id={`${id}-list`}>
          <p className="ic-outliers__title">{description}</p>
          {items.length === 0 ? (
            <p className="ic-outliers__empty">Nobody to show.</p>
          ) : (
            <ol className="ic-outliers__list">
              {items.map((item) => (
                <li key={item.id} className="ic-outliers__item">
                  <span className="ic-outliers__name">{item.name}</span>
                  <span className={`ic-outliers__value ${FIGURE}`}>{item.value}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
}
