import { Button } from '@/app/components/button/button';
import { FIGURE } from '@/app/components/figure/figure';
import { TABLE, TABLE_NUMBER, TableScroll } from '@/app/components/table/table-scroll';
import type { AsyncFailureStatus, AsyncRecordFailure } from '@/shared/contracts/async-errors';
import { recordTypeLabel } from '@/shared/domain/async-errors';
import { failureContact, formatWhen, payloadLines } from './failure-format';

export interface FailedRecordsTableProps {
  rows: readonly AsyncRecordFailure[];
  filter: AsyncFailureStatus;
  caption: string;
  timeZone: string | null;
  /** The record whose Retry or Dismiss is on its way (its buttons wait). */
  pendingId: string | null;
  /** Retry all is running: every row's buttons wait. */
  locked: boolean;
  onRetry(failure: AsyncRecordFailure): void;
  onDismiss(failure: AsyncRecordFailure): void;
}

/**
 * The failed records of one status: contact, record, the CRM's error, when it failed and
 * how often it was tried; open records get Retry and Dismiss, the others say what became
 * of them. Each row's details show exactly what a retry writes.
 */
export function FailedRecordsTable({
  rows,
  filter,
  caption,
  timeZone,
  pendingId,
  locked,
  onRetry,
  onDismiss,
}: FailedRecordsTableProps) {
  const outcomeHeading =
    filter === 'open' ? 'Actions' : filter === 'resolved' ? 'Synced' : 'Dismissed';
  return (
    <TableScroll label={caption}>
      <table className={`${TABLE} ic-async-errors__table`}>
        <caption className="ic-async-errors__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Contact</th>
            <th scope="col">Record</th>
            <th scope="col">Error</th>
            <th scope="col">Failed</th>
            <th scope="col" className={TABLE_NUMBER}>
              Attempts
            </th>
            <th scope="col">{outcomeHeading}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((failure) => {
            const contact = failureContact(failure);
            const busy = locked || pendingId !== null;
            const pending = pendingId === failure.id;
            return (
              <tr key={failure.id}>
                <th scope="row" className="ic-async-errors__contact">
                  {contact}
                </th>
                <td>{recordTypeLabel(failure.type)}</td>
                <td className="ic-async-errors__error">
                  <p>{failure.error.message}</p>
                  <details className="ic-async-errors__details">
                    <summary>Details</summary>
                    <dl>
                      <dt>What a retry writes</dt>
                      <dd>
                        {payloadLines(failure).map((line) => (
                          <span key={line} className="ic-async-errors__line">
                            {line}
                          </span>
                        ))}
                      </dd>
                      <dt>Last attempt</dt>
                      <dd>{formatWhen(failure.lastAttemptAt, timeZone)}</dd>
                      <dt>Execution history</dt>
                      <dd className="ic-async-errors__mono">
                        {failure.processExecutionHistoryId ?? 'No longer available'}
                      </dd>
                    </dl>
                  </details>
                </td>
                <td className="ic-async-errors__when">{formatWhen(failure.createdAt, timeZone)}</td>
                <td className={`${FIGURE} ${TABLE_NUMBER}`}>{failure.attempts}</td>
                <td>
                  {failure.status === 'open' ? (
                    <div className="ic-async-errors__actions">
                      <Button
                        variant="primary"
                        disabled={busy}
                        aria-label={`Retry the ${recordTypeLabel(failure.type).toLowerCase()} record of ${contact}`}
                        onClick={() => onRetry(failure)}
                      >
                        {pending ? 'Working…' : 'Retry'}
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Dismiss the ${recordTypeLabel(failure.type).toLowerCase()} record of ${contact}`}
                        onClick={() => onDismiss(failure)}
                      >
                        Dismiss
                      </Button>
                    </div>
                  ) : failure.status === 'resolved' ? (
                    <span>
                      {failure.resolvedAt ? formatWhen(failure.resolvedAt, timeZone) : '—'}
                      {failure.resolvedBy ? ` by ${failure.resolvedBy.name}` : ''}
                      {failure.crmRecordId ? (
                        <span className="ic-async-errors__line ic-async-errors__mono">
                          CRM id {failure.crmRecordId}
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <span>
                      {failure.dismissedAt ? formatWhen(failure.dismissedAt, timeZone) : '—'}
                      {failure.dismissedBy ? ` by ${failure.dismissedBy.name}` : ''}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
