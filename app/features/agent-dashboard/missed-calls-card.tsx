import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCallSnapshot } from '@/app/calls/use-active-call';
import { useContactCalls } from '@/app/calls/use-contact-calls';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useLiveFeed } from '@/app/live/live-context';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { listMissedCalls } from '@/shared/api/call-tracking';
import type { ApiClient } from '@/shared/api/client';
import { MISSED_CALL_NOTIFICATION_TITLE, type TrackedCall } from '@/shared/contracts/call-tracking';
import { missedCallers } from '@/shared/domain/missed-callers';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { missedCallWhen } from './agent-summary-text';

// issue #28 "A call that cannot be shown is never silently dropped": the agent's missed
// calls (rang while they were on another call, offline or signed out; or left waiting), at
// the head of the agent dashboard's follow-ups, one row per caller (shared/domain/
// missed-callers.ts: "3 missed calls, the last Today 09:00 AM"), each with Call back. A call returned (a call
// placed to that number since, or the caller taken on a later call) leaves the list. It is
// asked again when a call of the agent's changes (a call-back placed, a waiting call rung
// out), when a "Missed call" notification arrives (a call rang while they were away from
// this screen's calls: another tab, the extension), and every 30 s.

export const MISSED_CALLS_TITLE = 'Missed calls to return';
export const NO_MISSED_CALLS = 'No missed calls';
export const UNKNOWN_CALLER = 'Unknown caller';
/** A caller who rang more than once is one row: how many times, before the latest's time. */
export const missedCallsCount = (count: number) => `${count} missed calls`;
/** The list is asked again this often while the dashboard is open (a call may ring out). */
const MISSED_CALLS_REFRESH_MS = 30_000;

export const missedCallsKey = (scope: QueryScope) => [...scope, 'missed-calls'] as const;

export function missedCallsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<TrackedCall[]> {
  return {
    queryKey: [...missedCallsKey(scope), workspaceId],
    queryFn: ({ signal }) => listMissedCalls(withSignal(api, signal), workspaceId),
    staleTime: 0,
    retry: false,
  };
}

/** The card, in a call-tracking workspace (nothing elsewhere); "No missed calls" when none is. */
export function MissedCallsCard() {
  const { api, session, calls } = useHost();
  const workspace = session.workspace;
  const scope = useQueryScope();
  const enabled = isCallTrackingEnabled(workspace);
  const missed = useDataQuery(
    enabled && workspace ? missedCallsQuery(scope, api, workspace.id) : null,
  );
  const contactCalls = useContactCalls();
  const queryClient = useQueryClient();
  // A call that ends (rang out, or the agent's call-back done) may change the list.
  const snapshot = useCallSnapshot(calls);
  const feed = useLiveFeed();
  const heldKey = `${snapshot.call?.callId ?? ''}:${snapshot.call?.endedAt ?? ''}:${snapshot.waiting?.call.callId ?? ''}`;
  const lastKey = useRef(heldKey);
  useEffect(() => {
    if (lastKey.current === heldKey) return;
    lastKey.current = heldKey;
    void queryClient.invalidateQueries({ queryKey: missedCallsKey(scope) });
  }, [heldKey, queryClient, scope]);

  useEffect(() => {
    if (!enabled || !feed) return;
    return feed.onArrival((notification) => {
      if (notification.title !== MISSED_CALL_NOTIFICATION_TITLE) return;
      void queryClient.invalidateQueries({ queryKey: missedCallsKey(scope) });
    });
  }, [enabled, feed, queryClient, scope]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: missedCallsKey(scope) }),
      MISSED_CALLS_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [enabled, queryClient, scope]);

  if (!enabled) return null;
  const list = missed.data ?? [];
  const timezone = workspace?.attributes.timezone ?? null;
  return (
    <Card
      title={MISSED_CALLS_TITLE}
      className="ic-missed-calls"
      aria-busy={missed.status === 'loading' || undefined}
      data-testid="missed-calls"
    >
      {missed.status === 'loading' ? <LoadingBlock label="Loading your missed calls…" /> : null}
      {missed.status === 'error' ? (
        <ErrorView onRetry={missed.retry} detail={missed.detail ?? undefined} />
      ) : null}
      {missed.status === 'loaded' && list.length === 0 ? (
        <p className="ic-missed-calls__empty">{NO_MISSED_CALLS}</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="ic-missed-calls__list" aria-label={MISSED_CALLS_TITLE}>
          {missedCallers(list).map(({ latest: call, count }) => {
            const name = call.leadName || UNKNOWN_CALLER;
            const number = formatInternationalUs(call.fromNumber);
            return (
              <li key={call.id} className="ic-missed-calls__item" data-call-id={call.id}>
                <span className="ic-missed-calls__icon" aria-hidden="true">
                  <Icon name="phone-off" size="sm" />
                </span>
                <div className="ic-missed-calls__text">
                  <p className="ic-missed-calls__name">{name}</p>
                  <p className="ic-missed-calls__meta">
                    <span>{number}</span>
                    <span aria-hidden="true"> · </span>
                    {count > 1 ? <span>{missedCallsCount(count)}, the last </span> : null}
                    <time dateTime={call.startedAt}>
                      {missedCallWhen(call.startedAt, timezone)}
                    </time>
                    {call.trackingNumber ? (
                      <>
                        <span aria-hidden="true"> · </span>
                        <span>on {formatInternationalUs(call.trackingNumber)}</span>
                      </>
                    ) : null}
                  </p>
                </div>
                {contactCalls.mayCall ? (
                  <Button
                    variant="primary"
                    // An unknown caller's call-back is named by its number, not "Unknown caller".
                    onClick={() => contactCalls.call(call.leadName || number, call.fromNumber)}
                    aria-label={`Call back ${name}, ${number}`}
                  >
                    <Icon name="phone" size="sm" />
                    Call back
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {contactCalls.dialogs}
    </Card>
  );
}
