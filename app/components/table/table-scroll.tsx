import {
  useCallback,
  useEffect,
  useState,
  type ReactNode,
  type Ref,
  type UIEventHandler,
} from 'react';
import '@/app/components/figure/figure.css';
import './table.css';
import '@/app/components/visually-hidden/visually-hidden.css';

/** The classes of a table in a TableScroll (table.css). */
export const TABLE = 'ic-table';
/** A figure cell or header (right-aligned; the cell also wears FIGURE). */
export const TABLE_NUMBER = 'ic-table__number';
/** The cell of a row's buttons. */
export const TABLE_ACTIONS = 'ic-table__actions';
/** A table's caption, read by screen readers, not shown. */
export const TABLE_CAPTION = 'ic-visually-hidden';

export interface TableScrollProps {
  /** The region's accessible name (the table's caption or heading). */
  label?: string;
  /** Or the id of the element that names it. */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
  /** The box element (a screen that moves focus to a row's button, say). */
  ref?: Ref<HTMLDivElement>;
  /** The box scrolled (a long list that renders only the rows in view). */
  onScroll?: UIEventHandler<HTMLDivElement>;
}

/** Whether the box's content overflows it: sideways (x), or down when its height is capped (y). */
function useOverflow(box: HTMLElement | null): { x: boolean; y: boolean } {
  // Without ResizeObserver (old test DOMs) assume it may scroll: focusable is the safe side.
  const unknown = typeof ResizeObserver === 'undefined';
  const [overflow, setOverflow] = useState({ x: unknown, y: false });
  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const x = box.scrollWidth > box.clientWidth + 1;
      const y = box.scrollHeight > box.clientHeight + 1;
      setOverflow((current) => (current.x === x && current.y === y ? current : { x, y }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return overflow;
}

/**
 * The box every table sits in (table.css): it scrolls sideways when the table is wider
 * than the screen allows, with the first column kept in view (and down, where a screen
 * caps its height). While it scrolls it is a focusable region, so a keyboard can scroll it
 * too; when everything fits it is no tab stop.
 */
export function TableScroll({
  label,
  labelledBy,
  className,
  children,
  ref,
  onScroll,
}: TableScrollProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const overflow = useOverflow(box);
  const boxRef = useCallback(
    (node: HTMLDivElement | null) => {
      setBox(node);
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <div
      ref={boxRef}
      className={className ? `ic-table-scroll ${className}` : 'ic-table-scroll'}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={overflow.x || overflow.y ? 0 : undefined}
      data-scrolls={overflow.x || undefined}
      onScroll={onScroll}
    >
      {children}
    </div>
  );
}
