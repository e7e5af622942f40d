import { useId, useMemo, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import type { ProcessSummary } from '@/shared/contracts/call-flow-api';
import { automatedIntakePath, type IncomingCallPayload } from '@/app/calls/incoming-call';
import { StartCallDialog } from './start-call-dialog';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { groupByPracticeAreas } from '@/shared/domain/call-flow-practice-areas';
import { ownAgentParametersQuery, processesQuery } from './call-flow-queries';
import './process-list.css';

export interface ProcessListProps {
  /**
   * Starts the flow in place (the <intake-call-flow> widget); default: the app's
   * automated intake for it.
   */
  onStart?: (payload: IncomingCallPayload) => void;
  /** Where the caller dialog renders (a widget's shadow root); default the body. */
  dialogContainer?: Element | null;
}

/** The workspace's processes, each startable by hand (issue 11: walk-in or call-back). */
export function ProcessList({ onStart, dialogContainer }: ProcessListProps = {}) {
  const { api, session, navigate } = useHost();
  const workspaceId = session.workspace?.id ?? null;
  const scope = useQueryScope();
  const processes = useDataQuery(workspaceId ? processesQuery(scope, api, workspaceId) : null);
  // The agent's own practice areas (Users parameters) put their flows first; no agent
  // record or no answer (null) = the usual order. Waited for, so nothing jumps.
  const own = useDataQuery(workspaceId ? ownAgentParametersQuery(scope, api, workspaceId) : null);
  const [starting, setStarting] = useState<ProcessSummary | null>(null);
  const headingId = useId();
  const list = processes.data?.data;
  const practiceAreaIds = own.data?.practiceAreaIds;
  const groups = useMemo(
    () => (list ? groupByPracticeAreas(list, practiceAreaIds ?? []) : null),
    [list, practiceAreaIds],
  );
  const loading = processes.status === 'loading' || own.status === 'loading';
  const renderItems = (items: readonly ProcessSummary[], labelledBy?: string) => (
    <ul className="ic-process-list" aria-labelledby={labelledBy}>
      {items.map((process) => (
        <li key={process.id} className="ic-process-list__item">
          <span className="ic-process-list__icon" aria-hidden="true">
            <Icon name="call-flow" size="md" />
          </span>
          <div className="ic-process-list__text">
            <h3 className="ic-process-list__name">{process.name}</h3>
            {process.description ? (
              <p className="ic-process-list__description">{process.description}</p>
            ) : null}
            <p className="ic-process-list__meta">
              {process.formStepCount === 1 ? '1 form' : `${process.formStepCount} forms`}
            </p>
          </div>
          <Button
            variant="primary"
            onClick={() => setStarting(process)}
            aria-label={`Start ${process.name}`}
          >
            Start
          </Button>
        </li>
      ))}
    </ul>
  );

  return (
    <Card title="Start a call flow" aria-busy={loading || undefined}>
      {loading ? <LoadingBlock label="Loading the call flows…" /> : null}
      {processes.status === 'error' ? (
        <ErrorView onRetry={processes.retry} detail={processes.detail ?? undefined} />
      ) : null}
      {!loading && processes.status === 'loaded' && processes.data?.data.length === 0 ? (
        <p className="ic-process-list__empty">
          This workspace has no call flows yet. Ask your administrator to add one.
        </p>
      ) : null}
      {!loading && processes.status === 'loaded' && groups && groups.yours.length > 0 ? (
        <>
          <p className="ic-process-list__group" id={`${headingId}-yours`}>
            Your practice areas
          </p>
          {renderItems(groups.yours, `${headingId}-yours`)}
          {groups.others.length > 0 ? (
            <>
              <p className="ic-process-list__group" id={`${headingId}-others`}>
                Other call flows
              </p>
              {renderItems(groups.others, `${headingId}-others`)}
            </>
          ) : null}
        </>
      ) : null}
      {!loading &&
      processes.status === 'loaded' &&
      groups?.yours.length === 0 &&
      groups.others.length > 0
        ? renderItems(groups.others)
        : null}
      {starting ? (
        <StartCallDialog
          processName={starting.name}
          onCancel={() => setStarting(null)}
          container={dialogContainer}
          onStart={(caller) => {
            setStarting(null);
            const payload = { ...caller, process: starting.id };
            if (onStart) onStart(payload);
            else navigate(automatedIntakePath(payload));
          }}
        />
      ) : null}
    </Card>
  );
}
