import { useState } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Pager } from '@/app/components/pager/pager';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import type { PageRequest } from '@/shared/api/call-flow';
import type { ProcessDefinition, Variables } from '@/shared/contracts/call-flow';
import { CALL_FLOWS_PATHS } from './call-flows-nav';
import {
  EXECUTION_STATUS_LABELS,
  formatDuration,
  formatWhen,
  processWithVersion,
} from './history-format';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { executionHistoryQuery } from './call-flow-queries';
import { changedVariables, fieldsByName, humanizeName } from './value-text';
import { type ValueRow, VariableValues } from './variable-value';
import './call-flows-area.css';

function rowsOf(
  vars: Variables,
  names: string[],
  definition: ProcessDefinition | null,
): ValueRow[] {
  const fields = fieldsByName(definition);
  return names.map((name) => {
    const field = fields.get(name);
    return { name, label: field?.label ?? humanizeName(name), value: vars[name], field };
  });
}

/** Step histories per page of the detail (the server answers at most STEP_HISTORY_PAGE_LIMIT). */
export const STEPS_PAGE_SIZE = 20;

/**
 * The page to ask for to show the steps from `first`: one step more before them, so the
 * first one shown can say what changed since the step before (issue #29: the steps come a
 * page at a time; STEPS_PAGE_SIZE + 1 stays within STEP_HISTORY_PAGE_LIMIT).
 */
function stepsPage(first: number): PageRequest {
  return first === 0
    ? { limit: STEPS_PAGE_SIZE, offset: 0 }
    : { limit: STEPS_PAGE_SIZE + 1, offset: first - 1 };
}

/**
 * One execution history (issue 11): who ran it, when, its status, and each step history —
 * who, when, direction, step — with the answers given since the step before, then every
 * value the execution holds. Labels come from the process definition when it still knows
 * the field. The steps show STEPS_PAGE_SIZE at a time (issue #29).
 */
export function ExecutionHistoryDetail({ historyId }: { historyId: string }) {
  const { api, session } = useHost();
  const workspace = session.workspace;
  const timeZone = workspace?.attributes.timezone;
  const scope = useQueryScope();
  const [first, setFirst] = useState(0);
  const load = useDataQuery(
    workspace ? executionHistoryQuery(scope, api, workspace.id, historyId, stepsPage(first)) : null,
  );

  if (load.status === 'error')
    return <ErrorView onRetry={load.retry} detail={load.detail ?? undefined} />;
  if (!load.data) return <LoadingBlock label="Loading the execution history…" />;
  const { history, meta, definition } = load.data;
  const duration = formatDuration(history.startTime, history.endTime);
  const projects = Object.keys(history.executionHistory.processVariables);
  // The step before the page, when asked for, only says what the first one changed.
  const before = first > 0 ? (history.stepHistories[0] ?? null) : null;
  const shown = first > 0 ? history.stepHistories.slice(1) : history.stepHistories;

  return (
    <div className="ic-call-flows-area__detail">
      <p>
        <HostLink to={CALL_FLOWS_PATHS.histories}>← All execution histories</HostLink>
      </p>
      <Card title={processWithVersion(history.processName, history.processVersion)}>
        <dl className="ic-call-flows-area__summary">
          <div>
            <dt>Status</dt>
            <dd>
              <span
                className={`ic-call-flows-area__status ic-call-flows-area__status--${history.status}`}
              >
                {EXECUTION_STATUS_LABELS[history.status]}
              </span>
            </dd>
          </div>
          <div>
            <dt>Agent</dt>
            <dd>{history.agentName}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatWhen(history.startTime, timeZone)}</dd>
          </div>
          <div>
            <dt>Ended</dt>
            <dd>{history.endTime ? formatWhen(history.endTime, timeZone) : 'Not ended'}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{duration ?? '—'}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Step histories">
        {shown.length === 0 ? (
          <p className="ic-call-flows-area__empty">No step was recorded.</p>
        ) : (
          <ol className="ic-call-flows-area__steps" start={first + 1}>
            {shown.map((entry, index) => {
              const previous =
                index > 0 ? shown[index - 1].variableState : (before?.variableState ?? null);
              const changed = changedVariables(previous, entry.variableState);
              return (
                <li key={entry.id} className="ic-call-flows-area__step">
                  <h3 className="ic-call-flows-area__step-title">
                    <span
                      className={`ic-call-flows-area__direction ic-call-flows-area__direction--${entry.direction}`}
                    >
                      {entry.direction === 'forward' ? 'Forward' : 'Back'}
                    </span>{' '}
                    {entry.currentStepName}
                  </h3>
                  <p className="ic-call-flows-area__step-meta">
                    {entry.agentName} · {formatWhen(entry.executedOn, timeZone)}
                  </p>
                  <VariableValues
                    rows={rowsOf(entry.variableState, changed, definition)}
                    empty={first + index === 0 ? 'No values yet.' : 'No new answers.'}
                  />
                </li>
              );
            })}
          </ol>
        )}
        <Pager
          label="Step history pages"
          total={meta.total}
          offset={first}
          pageSize={STEPS_PAGE_SIZE}
          onOffsetChange={setFirst}
          previousLabel="Earlier steps"
          nextLabel="Later steps"
        />
      </Card>

      <Card title="Values given">
        {projects.length === 0 ? (
          <p className="ic-call-flows-area__empty">No values were kept.</p>
        ) : (
          projects.map((project) => {
            const vars = history.executionHistory.processVariables[project];
            return (
              <section
                key={project}
                aria-label={
                  project === definition?.prj_id ? 'Main process' : `Sub-process ${project}`
                }
              >
                {projects.length > 1 ? (
                  <h3 className="ic-call-flows-area__project">
                    {project === definition?.prj_id ? 'Main process' : `Sub-process ${project}`}
                  </h3>
                ) : null}
                <VariableValues
                  rows={rowsOf(vars, Object.keys(vars), definition)}
                  empty="No values."
                />
              </section>
            );
          })
        )}
      </Card>
    </div>
  );
}
