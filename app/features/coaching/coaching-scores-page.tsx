import { MANAGERS } from '@/shared/domain/role-groups';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import { Page } from '@/app/components/page/page';
import { Pager } from '@/app/components/pager/pager';
import { FIGURE } from '@/app/components/figure/figure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_NUMBER, TableScroll } from '@/app/components/table/table-scroll';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { deleteCoachingScore } from '@/shared/api/coaching';
import type { CoachingScore, ScoreTrend } from '@/shared/contracts/coaching';
import { averageScore, formatDay, monthlyAverages, scoreTrend } from '@/shared/domain/coaching';
import {
  activeAgentsQuery,
  coachingReportKey,
  coachingScoresQuery,
  scoresKey,
  trainingTopicsQuery,
} from './coaching-queries';
import { ScoreForm } from './score-form';
import { ScoreTrendBadge } from './score-trend-badge';
import './coaching.css';

export const NO_SCORES_TEXT = 'No coaching scores yet.';
/** Rows per page of the scores table; the summary still covers every score of the filter. */
export const SCORES_PAGE_SIZE = 25;

/**
 * Deletes one score (through useMutateAndInvalidate): every agent's score list and every
 * range of the coaching report are made stale. The API client toasts a refusal.
 */
function useDeleteCoachingScore(workspaceId: string) {
  const host = useHost();
  const scope = useQueryScope();
  return useMutateAndInvalidate(
    (scoreId: string) => deleteCoachingScore(host.api, workspaceId, scoreId),
    {
      invalidates: () => [scoresKey(scope, workspaceId), coachingReportKey(scope, workspaceId)],
    },
  );
}

/**
 * Coaching → Scores (issue #16; spec: dashboards 2.2, 6): owners and admins enter scores
 * per agent and see anyone's; operators see their own. The trend compares the latest
 * month's average with the month before (shared/domain/coaching.ts scoreTrend).
 */
export function CoachingScoresPage() {
  const host = useHost();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const role = host.session.user?.role ?? null;
  const manages = role != null && MANAGERS.includes(role);
  const workspaceId = host.session.workspace?.id ?? '';
  const [agentId, setAgentId] = useState('');
  const [offset, setOffset] = useState(0);
  const tableRef = useRef<HTMLDivElement>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const deleteScore = useDeleteCoachingScore(workspaceId);

  const topics = useDataQuery(trainingTopicsQuery(scope, host.api));
  const agents = useDataQuery(
    manages && workspaceId ? activeAgentsQuery(scope, host.api, workspaceId) : null,
  );
  const scores = useDataQuery(
    workspaceId ? coachingScoresQuery(scope, host.api, workspaceId, manages ? agentId : '') : null,
  );
  const topicName = useMemo(() => {
    const names = new Map((topics.data ?? []).map((topic) => [topic.id, topic.name]));
    return (id: string) => names.get(id) ?? id;
  }, [topics.data]);
  // One agent's scores: the operator's own, or the agent a manager picked.
  const oneAgent = !manages || agentId !== '';
  const summary = useMemo(() => {
    if (!oneAgent || !scores.data || scores.data.length === 0) return null;
    return {
      average: averageScore(scores.data.map((s) => s.score)),
      trend: scoreTrend(monthlyAverages(scores.data)),
      count: scores.data.length,
    };
  }, [oneAgent, scores.data]);
  // The whole filtered list is loaded (the summary needs it); the table shows one page of it.
  // A delete that empties the last page falls back to the page before.
  const total = scores.data?.length ?? 0;
  const pageOffset =
    total === 0
      ? 0
      : Math.min(offset, Math.floor((total - 1) / SCORES_PAGE_SIZE) * SCORES_PAGE_SIZE);
  const pageRows = (scores.data ?? []).slice(pageOffset, pageOffset + SCORES_PAGE_SIZE);

  function changePage(next: number) {
    setOffset(next);
    tableRef.current?.scrollIntoView?.({ block: 'nearest' });
  }

  async function remove(score: CoachingScore) {
    const answer = await confirm({
      icon: 'danger',
      title: 'Delete this score?',
      subtitle: `${score.agentName} · ${formatDay(score.date)} · ${score.score}`,
      submitText: 'Delete',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    setDeletingId(score.id);
    try {
      await deleteScore.mutate(score.id);
      host.notify('success', 'Score deleted.');
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Page
      eyebrow="Coaching"
      title={manages ? 'Scores' : 'My Scores'}
      description={
        manages
          ? 'Coaching scores per agent, from 0 to 100, and how they trend month to month.'
          : 'The coaching scores your managers gave you, and how they trend month to month.'
      }
    >
      {manages && workspaceId ? (
        agents.status === 'error' || topics.status === 'error' ? (
          <Card title="Enter a score">
            <ErrorView
              onRetry={() => {
                agents.retry();
                topics.retry();
              }}
              detail={agents.detail ?? topics.detail ?? undefined}
            />
          </Card>
        ) : agents.status !== 'loaded' || topics.status !== 'loaded' ? (
          <Card title="Enter a score">
            <LoadingBlock label="Loading agents and topics…" />
          </Card>
        ) : (
          <ScoreForm
            workspaceId={workspaceId}
            agents={agents.data ?? []}
            topics={topics.data ?? []}
            agentId={agentId}
          />
        )
      ) : null}
      <Card title={manages ? 'Scores' : 'My scores'}>
        {manages ? (
          <AgentPicker
            agents={agents.data ?? []}
            agentId={agentId}
            onChange={(id) => {
              setAgentId(id);
              setOffset(0);
            }}
          />
        ) : null}
        {!workspaceId ? (
          <p className="ic-coaching__notice" role="status">
            Sign in to a workspace to see coaching scores.
          </p>
        ) : scores.status === 'error' ? (
          <ErrorView onRetry={scores.retry} detail={scores.detail ?? undefined} />
        ) : scores.status !== 'loaded' || !scores.data ? (
          <LoadingBlock label="Loading scores…" />
        ) : scores.data.length === 0 ? (
          <p className="ic-coaching__empty" role="status">
            {NO_SCORES_TEXT}
          </p>
        ) : (
          <>
            <ScoreSummary summary={summary} />
            <ScoresTable
              rows={pageRows}
              total={total}
              offset={pageOffset}
              manages={manages}
              topicName={topicName}
              deletingId={deletingId}
              onDelete={(score) => void remove(score)}
              tableRef={tableRef}
            />
            <Pager
              total={total}
              offset={pageOffset}
              pageSize={SCORES_PAGE_SIZE}
              onOffsetChange={changePage}
              previousLabel="Newer"
              nextLabel="Older"
              label="Score pages"
            />
          </>
        )}
      </Card>
    </Page>
  );
}

/** One agent's average, trend and count; a hint while all agents are shown. */
function ScoreSummary({
  summary,
}: {
  summary: { average: number | null; trend: ScoreTrend; count: number } | null;
}) {
  return summary ? (
    <dl className="ic-coaching__summary" aria-label="Summary">
      <div>
        <dt>Average</dt>
        <dd>{summary.average}</dd>
      </div>
      <div>
        <dt>Trend</dt>
        <dd>
          <ScoreTrendBadge trend={summary.trend} />
        </dd>
      </div>
      <div>
        <dt>Scores</dt>
        <dd>{summary.count}</dd>
      </div>
    </dl>
  ) : (
    <p className="ic-coaching__notice ic-coaching__hint">
      Choose an agent to see their average and trend.
    </p>
  );
}

/** One page of the scores, newest first; managers get a Delete per row. */
function ScoresTable({
  rows,
  total,
  offset,
  manages,
  topicName,
  deletingId,
  onDelete,
  tableRef,
}: {
  rows: readonly CoachingScore[];
  total: number;
  offset: number;
  manages: boolean;
  topicName: (id: string) => string;
  deletingId: string | null;
  onDelete: (score: CoachingScore) => void;
  tableRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <TableScroll label="Coaching scores" ref={tableRef}>
      <table className={`${TABLE} ic-coaching__table`}>
        <caption>
          {total > SCORES_PAGE_SIZE
            ? `Scores ${offset + 1}–${offset + rows.length} of ${total}, newest first`
            : `${total} ${total === 1 ? 'score' : 'scores'}, newest first`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {manages ? <th scope="col">Agent</th> : null}
            <th scope="col">Topic</th>
            <th scope="col" className={TABLE_NUMBER}>
              Score
            </th>
            <th scope="col">Note</th>
            {manages ? (
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((score) => (
            <tr key={score.id}>
              <td>{formatDay(score.date)}</td>
              {manages ? <td>{score.agentName}</td> : null}
              <td>{topicName(score.categoryId)}</td>
              <td className={`${FIGURE} ${TABLE_NUMBER}`}>{score.score}</td>
              <td>{score.note}</td>
              {manages ? (
                <td className="ic-coaching__row-actions">
                  <Button
                    variant="ghost"
                    onClick={() => onDelete(score)}
                    disabled={deletingId === score.id}
                    aria-label={`Delete the score of ${score.agentName} on ${formatDay(score.date)}`}
                  >
                    {deletingId === score.id ? 'Deleting…' : 'Delete'}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Whose scores a manager sees: all agents, or one. */
function AgentPicker({
  agents,
  agentId,
  onChange,
}: {
  agents: readonly { id: string; name: string }[];
  agentId: string;
  onChange: (agentId: string) => void;
}) {
  const agentPicker = useId();
  return (
    <div className="ic-coaching__picker">
      <div className="ic-field">
        <label className="ic-field__label" htmlFor={agentPicker}>
          Show scores of
        </label>
        <select
          id={agentPicker}
          className={fieldClassNames.select}
          value={agentId}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
