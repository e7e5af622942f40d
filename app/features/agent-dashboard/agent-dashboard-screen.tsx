import { useEffect, useId, useMemo, useState } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { FIGURE } from '@/app/components/figure/figure';
import { countOf } from '@/app/reports/table/report-format';
import { useLookup } from '@/app/query/use-lookup';
import { useHost } from '@/app/host/host';
import {
  AGENT_SUMMARY_PERIODS,
  type AgentCallCounts,
  type AgentSummary,
  type AgentSummaryPeriod,
  type FollowUpKind,
} from '@/shared/contracts/reports/agent-summary';
import { complianceBar } from '@/shared/domain/compliance';
import { followUpFigures } from '@/shared/domain/follow-ups';
import { MANAGERS } from '@/shared/domain/role-groups';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import { ordinalText, shortDayText } from './agent-summary-text';
import { useAgentSummary, useAgentSummaryFollowsLive } from './use-agent-summary';
import '@/app/components/field/field.css';
import './agent-dashboard-screen.css';

const PERIOD_LABELS: Record<AgentSummaryPeriod, string> = { day: 'Today', week: 'This week' };
const FOLLOW_UP_LABELS: Record<FollowUpKind, string> = {
  callback: 'Callback',
  relationship: 'Relationship call',
  collection: 'Collection call',
};
const number = new Intl.NumberFormat('en-US');

export interface AgentDashboardScreenProps {
  /** The period it opens on (default today). */
  initialPeriod?: AgentSummaryPeriod;
}

/**
 * The Agent dashboard (spec: dashboards 2.1 /app/dashboards/agent, the operators' landing;
 * docs/agent-dashboard.md): the signed-in agent's day or week at a glance — calls and
 * compliance, their funnel, their follow-ups and their place in the team. Owners and
 * admins choose whose dashboard to read. The same screen is the <intake-agent> widget in
 * the CRM side panel, so it lays out by its own width (container queries).
 */
export function AgentDashboardScreen({ initialPeriod = 'day' }: AgentDashboardScreenProps) {
  const host = useHost();
  const { user, workspace, agent: ownAgent } = host.session;
  const isManager = user ? MANAGERS.includes(user.role) : false;
  const callTracking = isCallTrackingEnabled(workspace);
  const agents = useLookup('agents', isManager && callTracking);
  const [period, setPeriod] = useState<AgentSummaryPeriod>(initialPeriod);
  const [chosenAgent, setChosenAgent] = useState<string | null>(null);
  const activeAgents = useMemo(() => agents.items.filter((a) => a.active), [agents.items]);

  // A manager without an agent record of their own starts on the first active agent.
  useEffect(() => {
    if (isManager && !ownAgent && chosenAgent === null && activeAgents.length > 0) {
      setChosenAgent(activeAgents[0]!.id);
    }
  }, [isManager, ownAgent, chosenAgent, activeAgents]);

  const agentId = isManager ? (chosenAgent ?? ownAgent?.id ?? null) : null;
  const hasAgent = isManager ? agentId !== null : ownAgent !== null;
  const report = useAgentSummary(period, agentId, callTracking && hasAgent);
  useAgentSummaryFollowsLive(callTracking && hasAgent);
  const periodGroup = useId();
  const agentSelect = useId();

  if (!callTracking) {
    return (
      <p className="ic-agent-dashboard__notice">
        Call tracking is not enabled for this workspace, so there is no agent dashboard to show.
      </p>
    );
  }

  return (
    <div className="ic-agent-dashboard">
      <div className="ic-agent-dashboard__controls">
        <div
          className="ic-agent-dashboard__periods"
          role="radiogroup"
          aria-labelledby={periodGroup}
        >
          <span id={periodGroup} className="ic-agent-dashboard__control-label">
            Period
          </span>
          {AGENT_SUMMARY_PERIODS.map((value) => (
            <label key={value} className="ic-agent-dashboard__period">
              <input
                type="radio"
                name={periodGroup}
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
              />
              <span>{PERIOD_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {isManager && activeAgents.length > 0 ? (
          <div className="ic-agent-dashboard__agent">
            <label htmlFor={agentSelect} className="ic-agent-dashboard__control-label">
              Agent
            </label>
            <select
              id={agentSelect}
              className="ic-field-input ic-agent-dashboard__select"
              value={agentId ?? ''}
              onChange={(event) => setChosenAgent(event.target.value)}
            >
              {ownAgent && !activeAgents.some((a) => a.id === ownAgent.id) ? (
                <option value={ownAgent.id}>{ownAgent.name} (you)</option>
              ) : null}
              {activeAgents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.id === ownAgent?.id ? `${a.name} (you)` : a.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      <section
        className="ic-agent-dashboard__body"
        aria-label={`${PERIOD_LABELS[period]} for ${report.data?.agent.name ?? 'the agent'}`}
        aria-busy={report.status === 'loading'}
      >
        {!hasAgent ? (
          <p className="ic-agent-dashboard__notice">
            {isManager && agents.loading
              ? 'Loading agents…'
              : isManager
                ? 'This workspace has no active agents yet.'
                : 'Your user is not linked to an agent in this workspace yet, so there are no calls or leads of yours to show. Ask your admin to link you.'}
          </p>
        ) : report.status === 'error' ? (
          <Card>
            <ErrorView onRetry={report.retry} detail={report.detail ?? undefined} />
          </Card>
        ) : report.status === 'loaded' && report.data ? (
          <AgentSummaryView summary={report.data} />
        ) : (
          <Card>
            <LoadingBlock label="Loading Agent Dashboard..." />
          </Card>
        )}
      </section>
    </div>
  );
}

function isQuiet(summary: AgentSummary): boolean {
  const { calls, funnel, followUps, open } = summary;
  return (
    calls.all.total === 0 &&
    open.total === 0 &&
    funnel.leads + funnel.sets + funnel.shows + funnel.hires === 0 &&
    followUps.callbacks.due + followUps.relationship.due + followUps.collection.due === 0
  );
}

function AgentSummaryView({ summary }: { summary: AgentSummary }) {
  const range =
    summary.startDate === summary.endDate
      ? shortDayText(summary.endDate)
      : `${shortDayText(summary.startDate)} – ${shortDayText(summary.endDate)}`;
  return (
    <div className="ic-agent-dashboard__summary">
      <p className="ic-agent-dashboard__range">
        <strong>{summary.agent.name}</strong> · {range}
      </p>
      {isQuiet(summary) ? (
        <p className="ic-agent-dashboard__empty" role="status">
          {summary.period === 'day'
            ? 'No calls, leads or follow-ups of yours yet today. They show here as they happen.'
            : 'No calls, leads or follow-ups of yours yet this week. They show here as they happen.'}
        </p>
      ) : null}
      <div className="ic-agent-dashboard__grid">
        <CallsCard summary={summary} />
        <FunnelCard summary={summary} />
        <FollowUpsCard summary={summary} />
        <RankCard summary={summary} />
      </div>
    </div>
  );
}

function CallsCard({ summary }: { summary: AgentSummary }) {
  const { calls } = summary;
  const bar = complianceBar(calls.all.percent, summary.minimums?.compliancePercent);
  return (
    <Card title="Calls" aria-label="Calls" className="ic-agent-dashboard__card">
      <dl className="ic-agent-dashboard__tiles ic-agent-dashboard__tiles--two">
        <CallTile label="In" counts={calls.inbound} />
        <CallTile label="Out" counts={calls.outbound} />
      </dl>
      <OutboundMinimum summary={summary} />
      <div className="ic-agent-dashboard__compliance">
        <div className="ic-agent-dashboard__compliance-head">
          <span>Compliance</span>
          <strong className={FIGURE}>{bar.percent}%</strong>
        </div>
        <div
          className="ic-agent-dashboard__track"
          role="progressbar"
          aria-label="Call compliance"
          aria-valuemin={0}
          aria-valuemax={bar.goal}
          aria-valuenow={bar.percent}
          aria-valuetext={`${bar.percent}% (${calls.all.connected} of ${countOf(calls.all.total, 'call')} connected), minimum ${bar.min}%`}
        >
          <div
            className={`ic-agent-dashboard__fill ic-agent-dashboard__fill--${bar.colour}`}
            style={{ width: `${bar.percent}%` }}
          />
          <div className="ic-agent-dashboard__marker" style={{ left: `${bar.min}%` }} />
        </div>
        <p className="ic-agent-dashboard__caption">
          {calls.all.total === 0
            ? `No calls yet · minimum ${bar.min}%`
            : bar.percent < bar.min
              ? `Below the minimum of ${bar.min}% · ${calls.all.connected} of ${countOf(calls.all.total, 'call')} connected`
              : `Minimum ${bar.min}% · ${calls.all.connected} of ${countOf(calls.all.total, 'call')} connected`}
        </p>
      </div>
    </Card>
  );
}

/**
 * The agent's weekly outbound minimums scaled to the period (Settings > Users parameters,
 * docs/users-parameters.md), under the Out tile; nothing when none is set. Calls and
 * answered are compared with the Out tile's figures; sets are only stated (the summary's
 * sets are not split by direction).
 */
function OutboundMinimum({ summary }: { summary: AgentSummary }) {
  const minimums = summary.minimums;
  if (!minimums) return null;
  const { outboundCalls, outboundAnswers, outboundSets } = minimums;
  const parts: string[] = [];
  if (outboundCalls !== null) parts.push(countOf(outboundCalls, 'call'));
  if (outboundAnswers !== null) parts.push(`${number.format(outboundAnswers)} answered`);
  if (outboundSets !== null) parts.push(countOf(outboundSets, 'set'));
  if (parts.length === 0) return null;
  const below: string[] = [];
  if (outboundCalls !== null && summary.calls.outbound.total < outboundCalls) below.push('calls');
  if (outboundAnswers !== null && summary.calls.outbound.connected < outboundAnswers) {
    below.push('answered');
  }
  const when = summary.period === 'day' ? 'today' : 'this week';
  return (
    <p
      className={
        below.length > 0
          ? 'ic-agent-dashboard__caption ic-agent-dashboard__caption--below'
          : 'ic-agent-dashboard__caption'
      }
    >
      {`Outbound minimum ${when}: ${parts.join(' · ')}`}
      {below.length > 0 ? ` · below on ${below.join(' and ')}` : ''}
    </p>
  );
}

function CallTile({ label, counts }: { label: string; counts: AgentCallCounts }) {
  return (
    <div className="ic-agent-dashboard__tile">
      <dt>{label}</dt>
      <dd>
        <span className={`ic-agent-dashboard__value ${FIGURE}`}>{number.format(counts.total)}</span>
        <span className="ic-agent-dashboard__detail">
          {counts.connected} connected · {counts.percent}%
        </span>
      </dd>
    </div>
  );
}

function FunnelCard({ summary }: { summary: AgentSummary }) {
  const { funnel } = summary;
  const tiles: [string, number][] = [
    ['Leads handled', funnel.leads],
    ['Sets', funnel.sets],
    ['Shows', funnel.shows],
    ['Hires', funnel.hires],
  ];
  return (
    <Card title="Your funnel" aria-label="Your funnel" className="ic-agent-dashboard__card">
      <dl className="ic-agent-dashboard__tiles ic-agent-dashboard__tiles--four">
        {tiles.map(([label, value]) => (
          <div key={label} className="ic-agent-dashboard__tile">
            <dt>{label}</dt>
            <dd>
              <span className={`ic-agent-dashboard__value ${FIGURE}`}>{number.format(value)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The period's promises per kind, each with what of its kind is overdue now: the figures
 * and the "Open now" list come from the same open follow-ups (shared/domain/follow-ups.ts,
 * issue #30), so "none due today" never sits beside an overdue callback unsaid.
 */
function FollowUpsCard({ summary }: { summary: AgentSummary }) {
  const { open } = summary;
  return (
    <Card title="Follow-ups" aria-label="Follow-ups" className="ic-agent-dashboard__card">
      <dl className="ic-agent-dashboard__promises">
        {followUpFigures(summary).map((figure) => (
          <div
            key={figure.kind}
            className="ic-agent-dashboard__promise"
            data-overdue={figure.overdue > 0 || undefined}
          >
            <dt>{figure.label}</dt>
            <dd>
              {figure.periodText}
              {figure.overdueText ? (
                <span className="ic-agent-dashboard__overdue"> · {figure.overdueText}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="ic-agent-dashboard__subtitle">
        Open now <span className="ic-agent-dashboard__count">({number.format(open.total)})</span>
      </h3>
      {open.total === 0 ? (
        <p className="ic-agent-dashboard__caption">Nothing due: every callback and task is done.</p>
      ) : (
        <>
          {/* A scrolling list: focusable, so a keyboard can scroll it too. */}
          <div
            className="ic-agent-dashboard__open-scroll"
            tabIndex={0}
            role="region"
            aria-label="Open follow-ups, oldest first"
          >
            <ul className="ic-agent-dashboard__open">
              {open.items.map((item, index) => (
                <li
                  key={`${item.kind}-${item.dueDay}-${index}`}
                  className="ic-agent-dashboard__open-item"
                  data-overdue={item.overdue}
                >
                  <span className="ic-agent-dashboard__open-kind">
                    {FOLLOW_UP_LABELS[item.kind]}
                  </span>
                  <span className="ic-agent-dashboard__open-name">
                    {item.contactName ?? 'No contact named'}
                  </span>
                  <span className="ic-agent-dashboard__open-due">
                    {item.overdue ? `Overdue since ${shortDayText(item.dueDay)}` : 'Due today'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          {open.total > open.items.length ? (
            <p className="ic-agent-dashboard__caption">
              and {countOf(open.total - open.items.length, 'more', 'more')}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function RankCard({ summary }: { summary: AgentSummary }) {
  const { rank, funnel } = summary;
  const tied = rank.sharedWith > 1;
  return (
    <Card title="Team rank" aria-label="Team rank" className="ic-agent-dashboard__card">
      <p className="ic-agent-dashboard__rank">
        <span className={`ic-agent-dashboard__value ${FIGURE}`}>{ordinalText(rank.position)}</span>
        <span className="ic-agent-dashboard__detail">of {countOf(rank.of, 'agent')} by sets</span>
      </p>
      <p className="ic-agent-dashboard__caption">
        {countOf(funnel.sets, 'set')}
        {tied ? `, as many as ${countOf(rank.sharedWith - 1, 'other agent')}` : ''}
        {rank.position > 1 ? ` · the top has ${countOf(rank.best, 'set')}` : ''}
      </p>
    </Card>
  );
}
