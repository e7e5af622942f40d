import { useId, useState, type ReactNode } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { useCompact } from '@/app/host/compact';
import { formatDisplayDay } from '@/shared/domain/date-range';
import './filter-disclosure.css';

/**
 * What a filter applies, in one line: "11/22/2026 – 11/28/2026 · All lead sources".
 * `leadSources` is the number chosen (none: all); undefined when the filter has none.
 */
export function filterSummary(range: { startDate: string; endDate: string }, leadSources?: number) {
  const dates = `${formatDisplayDay(range.startDate)} – ${formatDisplayDay(range.endDate)}`;
  if (leadSources === undefined) return dates;
  const sources =
    leadSources === 0
      ? 'All lead sources'
      : `${leadSources} lead ${leadSources === 1 ? 'source' : 'sources'}`;
  return `${dates} · ${sources}`;
}

/**
 * A screen's filters. In full (the app, the script-tag embed) they show as they are; in
 * a compact host (the CRM panel, app/host/compact.ts) they fold behind a button that
 * names the screen's filter and what it applies, and open on a press (a disclosure:
 * `aria-expanded`, the fields kept while folded, so nothing typed is lost).
 */
export function FilterDisclosure({
  label,
  summary,
  children,
}: {
  /** Whose filters: "Compliance filters". */
  label: string;
  summary: string;
  children: ReactNode;
}) {
  const compact = useCompact();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!compact) return <>{children}</>;
  return (
    <div className="ic-filter-disclosure" data-open={open}>
      <button
        type="button"
        className="ic-filter-disclosure__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="ic-filter-disclosure__label">{label}</span>
        <span className="ic-filter-disclosure__summary">{summary}</span>
        <Icon name={open ? 'chevron-down' : 'chevron-right'} size="sm" />
      </button>
      <div id={id} className="ic-filter-disclosure__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
