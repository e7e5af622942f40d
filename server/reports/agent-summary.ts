import {
  OPEN_FOLLOW_UP_DAYS,
  type AgentCallCounts,
  type AgentSummary,
  type AgentSummaryPeriod,
} from '@/shared/contracts/reports/agent-summary';
import { summariseOpenFollowUps, type OpenFollowUps } from '@/shared/domain/follow-ups';
import {
  effectiveComplianceMinimum,
  outboundMinimumsForDays,
} from '@/shared/domain/users-parameters';
import type { Db } from '../db/database';
import { addDays, daysBetween, weekdayIndex } from '../records/workspace-days';
import { agentParametersOf } from '../repositories/users-parameters-repository';
import { teamCompliance } from './call-reports';
import { callCompliancePercent } from '@/shared/domain/compliance';
import { callSums, emptyCallSums, type CallSums } from './call-sums';
import { countTransitions } from './pipeline-counts';
import { dateScope, loose, workspaceToday, type WorkspaceLookupSet } from './report-scope';

/** The days of a period: today, or this calendar week from Monday to today. */
export function agentPeriodRange(
  period: AgentSummaryPeriod,
  today: string,
): { startDate: string; endDate: string } {
  const startDate = period === 'day' ? today : addDays(today, -weekdayIndex(today));
  return { startDate, endDate: today };
}

export interface TeamPlace {
  position: number;
  of: number;
  sharedWith: number;
  best: number;
}

/**
 * Standard competition ranking ("1224"): the place is one more than the number of agents
 * with strictly more; agents with as many share it.
 */
export function teamPlace(mine: number, everyone: readonly number[]): TeamPlace {
  return {
    position: 1 + everyone.filter((value) => value > mine).length,
    of: everyone.length,
    sharedWith: everyone.filter((value) => value === mine).length,
    best: everyone.reduce((max, value) => Math.max(max, value), 0),
  };
}

function callCounts(sums: CallSums): AgentCallCounts {
  return {
    total: sums.calls,
    connected: sums.connected,
    percent: callCompliancePercent(sums.connected, sums.calls),
  };
}

/** Callbacks not returned and tasks not made, due in the last OPEN_FOLLOW_UP_DAYS days. */
async function openFollowUps(
  db: Db,
  workspaceId: string,
  agentId: string,
  today: string,
): Promise<OpenFollowUps> {
  const since = addDays(today, -(OPEN_FOLLOW_UP_DAYS - 1));
  const [callbacks, tasks] = await Promise.all([
    loose(db)
      .selectFrom('callbacks as t')
      .leftJoin('contacts as c', 'c.id', 't.contact_id')
      .where('t.workspace_id', '=', workspaceId)
      .where('t.agent_id', '=', agentId)
      .where('t.returned_day', 'is', null)
      .where('t.requested_day', '>=', since)
      .where('t.requested_day', '<=', today)
      .select(['t.requested_day as due_day', 't.requested_at as at', 'c.first_name', 'c.last_name'])
      .execute(),
    loose(db)
      .selectFrom('outbound_tasks as t')
      .leftJoin('contacts as c', 'c.id', 't.contact_id')
      .where('t.workspace_id', '=', workspaceId)
      .where('t.agent_id', '=', agentId)
      .where('t.made_day', 'is', null)
      .where('t.due_day', '>=', since)
      .where('t.due_day', '<=', today)
      .select(['t.kind', 't.due_day', 'c.first_name', 'c.last_name'])
      .execute(),
  ]);
  const name = (row: { first_name: unknown; last_name: unknown }) =>
    row.first_name === null && row.last_name === null
      ? null
      : `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim();
  // Listed and counted by one rule (issue #30: the figures and the list agree).
  return summariseOpenFollowUps(
    [
      ...callbacks.map((row) => ({
        kind: 'callback' as const,
        contactName: name(row),
        dueDay: String(row.due_day),
        order: String(row.at),
      })),
      ...tasks.map((row) => ({
        kind: row.kind === 'collection' ? ('collection' as const) : ('relationship' as const),
        contactName: name(row),
        dueDay: String(row.due_day),
        order: String(row.due_day),
      })),
    ],
    today,
  );
}

/**
 * One agent's period (docs/agent-dashboard.md): the same sums the team reports use
 * (calls_daily, pipeline transitions by agent, callbacks and outbound tasks), cut to the
 * agent, and their place among the team by sets. Test lead sources never count.
 */
export async function agentSummary(
  db: Db,
  workspace: WorkspaceLookupSet,
  agent: { id: string; name: string },
  period: AgentSummaryPeriod,
  now: Date,
): Promise<AgentSummary> {
  const today = workspaceToday(workspace, now);
  const range = agentPeriodRange(period, today);
  const scope = dateScope(workspace, range, now);
  const mine = { ...scope, dims: { ...scope.dims, agentIds: [agent.id] } };
  const [inbound, outbound, transitions, promises, open, parameters] = await Promise.all([
    callSums(db, mine, { direction: 'inbound', withAgent: true }),
    callSums(db, mine, { direction: 'outbound', withAgent: true }),
    countTransitions(db, scope, {
      groupBy: 'agent_id',
      stages: ['new_lead', 'set', 'show', 'hire'],
    }),
    teamCompliance(db, mine),
    openFollowUps(db, workspace.id, agent.id, today),
    agentParametersOf(db, workspace.id, agent.id),
  ]);
  const outboundMinimums = outboundMinimumsForDays(
    parameters.minimums,
    daysBetween(range.startDate, range.endDate) + 1,
  );
  const inSums = inbound.get('') ?? emptyCallSums();
  const outSums = outbound.get('') ?? emptyCallSums();
  const counts = transitions.get(agent.id);
  const promise = promises[0];

  // The team: active agents, any agent with a transition in the period, and this agent.
  const team = new Set(workspace.agents.filter((a) => a.active).map((a) => a.id));
  for (const [id] of transitions) if (id) team.add(id);
  team.add(agent.id);
  const sets = [...team].map((id) => transitions.get(id)?.set ?? 0);
  const place = teamPlace(counts?.set ?? 0, sets);

  return {
    agent: { id: agent.id, name: agent.name },
    period,
    ...range,
    calls: {
      inbound: callCounts(inSums),
      outbound: callCounts(outSums),
      all: callCounts({
        ...emptyCallSums(),
        calls: inSums.calls + outSums.calls,
        connected: inSums.connected + outSums.connected,
      }),
    },
    funnel: {
      leads: counts?.new_lead ?? 0,
      sets: counts?.set ?? 0,
      shows: counts?.show ?? 0,
      hires: counts?.hire ?? 0,
    },
    followUps: {
      callbacks: {
        due: promise?.CALLBACKS_REQUESTED ?? 0,
        done: promise?.CALLBACKS_RETURNED ?? 0,
      },
      relationship: {
        due: promise?.RELATIONSHIP_DUE ?? 0,
        done: promise?.RELATIONSHIP_MADE ?? 0,
      },
      collection: {
        due: promise?.COLLECTION_DUE ?? 0,
        done: promise?.COLLECTION_MADE ?? 0,
      },
    },
    open,
    rank: { metric: 'sets', ...place },
    minimums: {
      compliancePercent: effectiveComplianceMinimum(parameters.minimums),
      outboundCalls: outboundMinimums.calls,
      outboundAnswers: outboundMinimums.answers,
      outboundSets: outboundMinimums.sets,
    },
  };
}
