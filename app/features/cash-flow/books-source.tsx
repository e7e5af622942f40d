import type { CashFlowBooks } from '@/shared/contracts/reports/cash-flow';
import { formatDisplayDateTime } from '@/shared/domain/date-range';

const PROBLEMS: Record<NonNullable<CashFlowBooks['problem']>, string> = {
  reconnect:
    'QuickBooks ended the connection: these are the figures as last read, until the owner connects it again (Settings > QuickBooks Connection).',
  'sync-failed':
    'The last reading of the books failed: these are the figures as last read (Settings > QuickBooks Connection says why).',
};

/**
 * Which books a cash-flow screen shows (issue #33): the QuickBooks Online company and when
 * the copy kept here was last read, so nobody takes a figure for live when it is not;
 * nothing for the workspace's own (demo) books.
 */
export function BooksSource({ books }: { books: CashFlowBooks | undefined }) {
  if (!books) return null;
  const company = books.companyName ? ` (${books.companyName})` : '';
  const when = books.readAt ? `read ${formatDisplayDateTime(books.readAt)}` : 'not read yet';
  return (
    <p
      className={
        books.problem ? 'ic-cash-flow__books ic-cash-flow__books--problem' : 'ic-cash-flow__books'
      }
    >
      From QuickBooks Online{company}, {when}.{books.problem ? ` ${PROBLEMS[books.problem]}` : null}
    </p>
  );
}
