import { Button } from '@/app/components/button/button';
import './pager.css';

export interface PagerProps {
  /** How many items the whole list has (the server's meta.total). */
  total: number;
  offset: number;
  pageSize: number;
  /** A page is loading: both buttons wait. */
  busy?: boolean;
  onOffsetChange(offset: number): void;
  /** The buttons' words; lists newest first read "Newer" / "Older". */
  previousLabel?: string;
  nextLabel?: string;
  /** Names the navigation for screen readers ("Execution history pages"). */
  label: string;
}

/**
 * Previous / "Page n of m" / next under a server-paged list; nothing when everything fits
 * on one page.
 */
export function Pager({
  total,
  offset,
  pageSize,
  busy = false,
  onOffsetChange,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  label,
}: PagerProps) {
  if (total <= pageSize) return null;
  return (
    <nav className="ic-pager" aria-label={label}>
      <Button
        disabled={offset === 0 || busy}
        onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
      >
        {previousLabel}
      </Button>
      <span>
        Page {Math.floor(offset / pageSize) + 1} of {Math.ceil(total / pageSize)}
      </span>
      <Button
        disabled={offset + pageSize >= total || busy}
        onClick={() => onOffsetChange(offset + pageSize)}
      >
        {nextLabel}
      </Button>
    </nav>
  );
}
