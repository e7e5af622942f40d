import { useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { Pager } from '@/app/components/pager/pager';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import {
  dismissAsyncFailure,
  retryAllAsyncFailures,
  retryAsyncFailure,
} from '@/shared/api/async-errors';
import type { AsyncFailureStatus, AsyncRecordFailure } from '@/shared/contracts/async-errors';
import type { Workspace } from '@/shared/contracts/workspace';
import { RETRY_ALL_LIMIT, retryAllSummary } from '@/shared/domain/async-errors';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { hasAsyncRecordResolution } from '@/shared/domain/workspace-features';
import { asyncFailuresKey } from '@/shared/query/settings-queries';
import { TransportError } from '@/shared/transport/transport';
import { failureContact } from './failure-format';
import { FailedRecordsTable } from './failed-records-table';
import { ASYNC_FAILURES_PAGE_SIZE, useAsyncFailures } from './use-async-failures';
import './async-error-resolution-page.css';
import '@/app/components/visually-hidden/visually-hidden.css';

export const PAGE_DESCRIPTION =
  'CRM records that asynchronous lead generation could not write to the CRM. Retry them once the cause is fixed, or dismiss them; nothing is deleted.';

export const NOT_ASYNC_TEXT =
  'This workspace does not use asynchronous lead generation. Its call flows write to the CRM while the call goes on, and the agent sees any CRM error at once, so there are no failed records to resolve here.';

export const EMPTY_TEXTS: Record<AsyncFailureStatus, { title: string; body: string }> = {
  open: {
    title: 'No failed records',
    body: 'This page lists the CRM records that asynchronous lead generation could not write to the CRM (a required field missing, a duplicate e-mail, a CRM outage). Every record has reached the CRM: there is nothing to resolve.',
  },
  resolved: {
    title: 'No resolved records',
    body: 'Records that a retry wrote to the CRM are listed here, with the CRM id they got.',
  },
  dismissed: {
    title: 'No dismissed records',
    body: 'Records you dismiss are kept here, with who dismissed them and when.',
  },
};

const FILTERS: { status: AsyncFailureStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'dismissed', label: 'Dismissed' },
];

const serverWords = (error: unknown) =>
  error instanceof TransportError ? error.serverMessage : null;

/**
 * Settings → Async Error Resolution (spec: dashboards 2.2 menu, 6 "needs asynchronous lead
 * generation"; issue #16): the CRM writes of the async-records pipeline that the CRM
 * refused, to retry one by one or all at once, or to dismiss. Owners and admins (and the
 * system user) of workspaces with asynchronous lead generation; the server checks again.
 */
export function AsyncErrorResolutionPage() {
  const { session } = useHost();
  const workspace = session.workspace;
  const role = session.user?.role;
  const allowed = role !== undefined && MANAGERS_AND_SYSTEM.includes(role);

  return (
    <Page eyebrow="Settings" title="Async Error Resolution" description={PAGE_DESCRIPTION}>
      {!workspace ? (
        <p className="ic-async-errors__notice" role="status">
          Choose a workspace first: failed records belong to one workspace.
        </p>
      ) : !allowed ? (
        <p className="ic-async-errors__notice" role="status">
          Async error resolution is for owners and admins.
        </p>
      ) : !hasAsyncRecordResolution(workspace) ? (
        <Card title="Not used in this workspace">
          <p className="ic-async-errors__notice" role="status">
            {NOT_ASYNC_TEXT}
          </p>
        </Card>
      ) : (
        <FailedRecords key={workspace.id} workspace={workspace} />
      )}
    </Page>
  );
}

type RetryAllState =
  | { status: 'idle' }
  | { status: 'running'; count: number }
  | { status: 'done'; summary: string; failed: boolean };

/**
 * The page's writes (retry one, dismiss one, retry all), each through
 * useMutateAndInvalidate: every page of the workspace's failed records (all statuses, the
 * counts) is made stale, and the page on screen loaded again before the write resolves.
 * Each is silent: the page says what happened. A write that fails invalidates nothing; the
 * page reloads itself (the record may have changed meanwhile).
 */
function useFailureWrites(workspaceId: string) {
  const { api } = useHost();
  const scope = useQueryScope();
  const invalidates = () => [asyncFailuresKey(scope, workspaceId)];
  const retry = useMutateAndInvalidate(
    (id: string) => retryAsyncFailure(api, workspaceId, id, { silent: true }),
    { invalidates },
  );
  const dismiss = useMutateAndInvalidate(
    (id: string) => dismissAsyncFailure(api, workspaceId, id, { silent: true }),
    { invalidates },
  );
  const retryAll = useMutateAndInvalidate(
    () => retryAllAsyncFailures(api, workspaceId, { silent: true }),
    { invalidates },
  );
  return {
    retry: retry.mutate,
    dismiss: dismiss.mutate,
    retryAll: () => retryAll.mutate(undefined),
  };
}

function FailedRecords({ workspace }: { workspace: Workspace }) {
  const { notify } = useHost();
  const confirm = useConfirm();
  const [filter, setFilter] = useState<AsyncFailureStatus>('open');
  const [offset, setOffset] = useState(0);
  const { load, list, reload } = useAsyncFailures(workspace.id, filter, offset);
  const writes = useFailureWrites(workspace.id);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [retryAll, setRetryAll] = useState<RetryAllState>({ status: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const counts = list?.meta.counts ?? null;
  const rows = list?.data ?? [];
  const total = list?.meta.total ?? 0;
  const running = retryAll.status === 'running';
  const timeZone = workspace.attributes.timezone;

  function choose(status: AsyncFailureStatus) {
    setFilter(status);
    setOffset(0);
    setAnnouncement('');
    // The last Retry all summary is about the open records: it goes with their view.
    if (!running) setRetryAll({ status: 'idle' });
  }

  /** The row whose button had focus is gone: focus goes back to the list's heading. */
  function afterRowLeft(message: string) {
    setAnnouncement(message);
    headingRef.current?.focus();
    // The page may now be past the end (the last record of the last page left).
    // (The write's invalidation already loaded this page again.)
    if (rows.length === 1 && offset > 0) setOffset(Math.max(0, offset - ASYNC_FAILURES_PAGE_SIZE));
  }

  async function retry(failure: AsyncRecordFailure) {
    const contact = failureContact(failure);
    setPendingId(failure.id);
    try {
      const after = await writes.retry(failure.id);
      if (after.status === 'resolved') {
        notify('success', `${contact}: synced to the CRM.`);
        afterRowLeft(`${contact}: the record was synced to the CRM.`);
      } else {
        const message = `${contact}: the CRM refused the record again. ${after.error.message}`;
        notify('danger', message);
        setAnnouncement(message);
      }
    } catch (error) {
      const message =
        serverWords(error) ?? 'The retry could not be sent. Check the connection and try again.';
      notify('danger', message);
      setAnnouncement(message);
      reload();
    } finally {
      setPendingId(null);
    }
  }

  async function dismiss(failure: AsyncRecordFailure) {
    const contact = failureContact(failure);
    const answer = await confirm({
      icon: 'warning',
      title: 'Dismiss this failed record?',
      subtitle: contact,
      body: 'It will not be retried or written to the CRM. It stays readable under Dismissed, with your name and the time.',
      cancelText: 'Cancel',
      submitText: 'Dismiss',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setPendingId(failure.id);
    try {
      await writes.dismiss(failure.id);
      notify('success', 'Record dismissed.');
      afterRowLeft(`${contact}: the record was dismissed.`);
    } catch (error) {
      const message = serverWords(error) ?? 'The record could not be dismissed. Try again.';
      notify('danger', message);
      setAnnouncement(message);
      reload();
    } finally {
      setPendingId(null);
    }
  }

  async function runRetryAll() {
    setRetryAll({ status: 'running', count: Math.min(counts?.open ?? 0, RETRY_ALL_LIMIT) });
    setAnnouncement('');
    try {
      const result = await writes.retryAll();
      const summary = retryAllSummary(result);
      setRetryAll({ status: 'done', summary, failed: result.failed > 0 });
      notify(result.failed > 0 ? 'info' : 'success', summary);
    } catch (error) {
      const summary = serverWords(error) ?? 'Retry all could not be sent. Try again.';
      setRetryAll({ status: 'done', summary, failed: true });
      notify('danger', summary);
      reload();
    }
    setOffset(0);
  }

  const empty = load.status === 'loaded' && rows.length === 0;
  const first = offset + 1;
  const caption = `${FILTERS.find((f) => f.status === filter)?.label} records ${first}–${offset + rows.length} of ${total}, newest first`;

  return (
    <Card
      className="ic-async-errors__card"
      aria-busy={load.status === 'loading' || running || undefined}
    >
      <div className="ic-async-errors__toolbar">
        <h2 ref={headingRef} tabIndex={-1} className="ic-async-errors__heading">
          Failed records
        </h2>
        <FilterButtons filter={filter} counts={counts} onChoose={choose} />
        {filter === 'open' ? (
          <Button
            variant="primary"
            className="ic-async-errors__retry-all"
            disabled={running || pendingId !== null || !counts || counts.open === 0}
            onClick={() => void runRetryAll()}
          >
            {running ? 'Retrying…' : 'Retry all'}
          </Button>
        ) : null}
      </div>

      <RetryAllStatus retryAll={retryAll} announcement={announcement} />

      {load.status === 'loading' && !list ? <LoadingBlock label="Loading failed records…" /> : null}
      {load.status === 'error' ? (
        <ErrorView onRetry={reload} detail={load.detail ?? undefined} />
      ) : null}
      {empty ? <EmptyRecords filter={filter} /> : null}
      {load.status !== 'error' && rows.length > 0 ? (
        <FailedRecordsTable
          rows={rows}
          filter={filter}
          caption={caption}
          timeZone={timeZone}
          pendingId={pendingId}
          locked={running}
          onRetry={(failure) => void retry(failure)}
          onDismiss={(failure) => void dismiss(failure)}
        />
      ) : null}
      <Pager
        label="Failed record pages"
        total={total}
        offset={offset}
        pageSize={ASYNC_FAILURES_PAGE_SIZE}
        busy={load.status === 'loading'}
        onOffsetChange={setOffset}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </Card>
  );
}

/** What Retry all is doing or did, and what the last row action did (for screen readers). */
function RetryAllStatus({
  retryAll,
  announcement,
}: {
  retryAll: RetryAllState;
  announcement: string;
}) {
  return (
    <div className="ic-async-errors__live" role="status" aria-live="polite">
      {retryAll.status === 'running' ? (
        <p className="ic-async-errors__progress">
          <span className="ic-spinner" aria-hidden="true" />
          Retrying {retryAll.count} failed record{retryAll.count === 1 ? '' : 's'}, oldest first…
        </p>
      ) : retryAll.status === 'done' ? (
        <p
          className={
            retryAll.failed
              ? 'ic-async-errors__summary ic-async-errors__summary--failed'
              : 'ic-async-errors__summary'
          }
        >
          <strong>Retry all: </strong>
          {retryAll.summary}
        </p>
      ) : null}
      {announcement ? <p className="ic-visually-hidden">{announcement}</p> : null}
    </div>
  );
}

/** Open, Resolved, Dismissed: which records the list shows, each with its count. */
function FilterButtons({
  filter,
  counts,
  onChoose,
}: {
  filter: AsyncFailureStatus;
  counts: Record<AsyncFailureStatus, number> | null;
  onChoose: (status: AsyncFailureStatus) => void;
}) {
  return (
    <div className="ic-async-errors__filters" role="group" aria-label="Show records">
      {FILTERS.map(({ status, label }) => (
        <Button
          key={status}
          variant={filter === status ? 'primary' : 'secondary'}
          aria-pressed={filter === status}
          onClick={() => onChoose(status)}
        >
          {label}
          {counts ? ` (${counts[status]})` : ''}
        </Button>
      ))}
    </div>
  );
}

/** What an empty list of this status means. */
function EmptyRecords({ filter }: { filter: AsyncFailureStatus }) {
  return (
    <div className="ic-async-errors__empty">
      <h3>{EMPTY_TEXTS[filter].title}</h3>
      <p>{EMPTY_TEXTS[filter].body}</p>
    </div>
  );
}
