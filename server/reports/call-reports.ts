import type {
  AgentComplianceRow,
  CallComplianceData,
} from '@/shared/contracts/reports/call-compliance';
import { ALL_AGENTS_NAME } from '@/shared/contracts/reports/call-compliance';
import type { CommunicationsData } from '@/shared/contracts/reports/cockpit-cards';
import type { InboundSalesResponse, OutboundSalesResponse } from '@/shared/contracts/reports/sales';
import type { ComplianceRow, StaffComplianceRow } from '@/shared/contracts/reports/team-compliance';
import { callCompliancePercent, staffCompliancePercent } from '@/shared/domain/compliance';
import { ratePercent } from '@/shared/domain/funnel-rates';
import { compareCodes, compareLabels } from '@/shared/domain/sorting';
import type { Db } from '../db/database';
import { ceilPercent, callSums, callTotal, type CallSums, emptyCallSums } from './call-sums';
import {
  effectiveComplianceMinimum,
  isBelowComplianceMinimum,
  outboundBelowMinimums,
  outboundMinimumsForDays,
} from '@/shared/domain/users-parameters';
import { daysBetween } from '../records/workspace-days';
import { badRequest } from '../http/errors';
import {
  agentIdsInOffices,
  loadAgentParameters,
} from '../repositories/users-parameters-repository';
import { countTransitions } from './pipeline-counts';
import { chosenIds, loose, type ReportScope } from './report-scope';

function complianceRow(
  id: string | null,
  name: string,
  inbound: CallSums,
  outbound: CallSums,
): AgentComplianceRow {
  return {
    AGENT_ID: id,
    AGENT_NAME: name,
    INBOUND_CONNECTED: inbound.connected,
    INBOUND_TOTAL: inbound.calls,
    INBOUND_PERCENT: callCompliancePercent(inbound.connected, inbound.calls),
    OUTBOUND_CONNECTED: outbound.connected,
    OUTBOUND_TOTAL: outbound.calls,
    OUTBOUND_PERCENT: callCompliancePercent(outbound.connected, outbound.calls),
  };
}

/** spec: dashboards 3 Call-compliance data — calls an agent took or was rung for. */
export async function callCompliance(db: Db, scope: ReportScope): Promise<CallComplianceData> {
  const [inbound, outbound] = await Promise.all([
    callTotal(db, scope, { direction: 'inbound', withAgent: true }),
    callTotal(db, scope, { direction: 'outbound', withAgent: true }),
  ]);
  const row = complianceRow(null, ALL_AGENTS_NAME, inbound, outbound);
  return {
    INBOUND_TOTAL: row.INBOUND_TOTAL,
    INBOUND_CONNECTED: row.INBOUND_CONNECTED,
    INBOUND_PERCENT: row.INBOUND_PERCENT,
    OUTBOUND_TOTAL: row.OUTBOUND_TOTAL,
    OUTBOUND_CONNECTED: row.OUTBOUND_CONNECTED,
    OUTBOUND_PERCENT: row.OUTBOUND_PERCENT,
  };
}

/** The by-agent list: first the all-agent totals, then each agent with calls, by name. */
export async function callComplianceByAgent(
  db: Db,
  scope: ReportScope,
): Promise<AgentComplianceRow[]> {
  const [inbound, outbound] = await Promise.all([
    callSums(db, scope, { direction: 'inbound', withAgent: true, groupBy: 'agent_id' }),
    callSums(db, scope, { direction: 'outbound', withAgent: true, groupBy: 'agent_id' }),
  ]);
  const names = new Map(scope.workspace.agents.map((a) => [a.id, a.name]));
  const ids = [...new Set([...inbound.keys(), ...outbound.keys()])];
  const rows = ids
    .map((id) =>
      complianceRow(
        id,
        names.get(id) ?? id,
        inbound.get(id) ?? emptyCallSums(),
        outbound.get(id) ?? emptyCallSums(),
      ),
    )
    .sort(
      (a, b) =>
        compareLabels(a.AGENT_NAME, b.AGENT_NAME) ||
        compareCodes(String(a.AGENT_ID), String(b.AGENT_ID)),
    );
  const sum = (pick: (r: AgentComplianceRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
  const totals = complianceRow(
    null,
    ALL_AGENTS_NAME,
    {
      ...emptyCallSums(),
      calls: sum((r) => r.INBOUND_TOTAL),
      connected: sum((r) => r.INBOUND_CONNECTED),
    },
    {
      ...emptyCallSums(),
      calls: sum((r) => r.OUTBOUND_TOTAL),
      connected: sum((r) => r.OUTBOUND_CONNECTED),
    },
  );
  return [totals, ...rows];
}

interface TaskCounts {
  due: number;
  made: number;
}

/**
 * Relationship or collection calls due in the range (and made), per agent or in all: from
 * outbound_tasks_daily (migration 0018), where an unassigned task's agent is ''.
 */
async function outboundTasks(
  db: Db,
  scope: ReportScope,
  kind: 'relationship' | 'collection',
  options: { range?: { startDate: string; endDate: string }; byAgent?: boolean } = {},
): Promise<Map<string, TaskCounts>> {
  const range = options.range ?? { startDate: scope.startDate, endDate: scope.endDate };
  let query = loose(db)
    .selectFrom('outbound_tasks_daily as t')
    .where('t.workspace_id', '=', scope.workspace.id)
    .where('t.kind', '=', kind)
    .where('t.day', '>=', range.startDate)
    .where('t.day', '<=', range.endDate);
  if (scope.dims.agentIds) query = query.where('t.agent_id', 'in', chosenIds(scope.dims.agentIds));
  const rows = await query
    .select((eb) => [
      eb.fn.sum<number>('t.due').as('due'),
      eb.fn.sum<number>('t.made').as('made'),
      ...(options.byAgent ? [eb.ref('t.agent_id').as('agent_id')] : []),
    ])
    .$if(options.byAgent === true, (qb) => qb.groupBy('t.agent_id'))
    .execute();
  return new Map(
    rows.map((row) => [
      options.byAgent ? String(row.agent_id ?? '') : '',
      { due: Number(row.due), made: Number(row.made) },
    ]),
  );
}

/** Callbacks requested in the range and how many were returned, from callbacks_daily (0018). */
async function callbacks(
  db: Db,
  scope: ReportScope,
  byAgent = false,
): Promise<Map<string, { requested: number; returned: number }>> {
  let query = loose(db)
    .selectFrom('callbacks_daily as t')
    .where('t.workspace_id', '=', scope.workspace.id)
    .where('t.day', '>=', scope.startDate)
    .where('t.day', '<=', scope.endDate);
  if (scope.dims.agentIds) query = query.where('t.agent_id', 'in', chosenIds(scope.dims.agentIds));
  const rows = await query
    .select((eb) => [
      eb.fn.sum<number>('t.requested').as('requested'),
      eb.fn.sum<number>('t.returned').as('returned'),
      ...(byAgent ? [eb.ref('t.agent_id').as('agent_id')] : []),
    ])
    .$if(byAgent, (qb) => qb.groupBy('t.agent_id'))
    .execute();
  return new Map(
    rows.map((row) => [
      byAgent ? String(row.agent_id ?? '') : '',
      { requested: Number(row.requested), returned: Number(row.returned) },
    ]),
  );
}

/** The Communications card (spec: dashboards 2.3, 3 Communications response). */
export async function communications(db: Db, scope: ReportScope): Promise<CommunicationsData> {
  const today = { startDate: scope.today, endDate: scope.today };
  const [byCategory, relationship, collection, relationshipToday, collectionToday, promises] =
    await Promise.all([
      callSums(db, scope, { direction: 'inbound', groupBy: 'category' }),
      outboundTasks(db, scope, 'relationship'),
      outboundTasks(db, scope, 'collection'),
      outboundTasks(db, scope, 'relationship', { range: today }),
      outboundTasks(db, scope, 'collection', { range: today }),
      callbacks(db, scope),
    ]);
  const category = (name: string) => byCategory.get(name) ?? emptyCallSums();
  const all = [...byCategory.values()].reduce(
    (t, s) => ({
      calls: t.calls + s.calls,
      missed: t.missed + s.missed,
      abandoned: t.abandoned + s.abandoned,
      wait: t.wait + s.waitSeconds,
    }),
    { calls: 0, missed: 0, abandoned: 0, wait: 0 },
  );
  const tasks = (due: Map<string, TaskCounts>, todays: Map<string, TaskCounts>) => ({
    callsMade: due.get('')?.made ?? 0,
    callsDue: due.get('')?.due ?? 0,
    callsDueToday: todays.get('')?.due ?? 0,
  });
  return {
    CID_COMMUNICATIONS: {
      CID_INBOUNDVOLUME: {
        client: category('client').calls,
        other: category('other').calls,
        sales: category('sales').calls,
        totalCalls: all.calls,
      },
      CID_INBOUNDCOVERAGE: {
        missedCalls: all.missed,
        abandonedCalls: all.abandoned,
        averageWaitTime: (all.calls > 0 ? all.wait / all.calls : 0).toFixed(2),
      },
      CID_RELATIONSHIPCALLS: tasks(relationship, relationshipToday),
      CID_COLLECTIONCALLS: tasks(collection, collectionToday),
      CID_KEEPINGPROMISES: {
        callBackRequested: promises.get('')?.requested ?? 0,
        callsReturned: promises.get('')?.returned ?? 0,
      },
    },
  };
}

/** Agents to list: the active ones, plus any with activity. */
function agentsWith(scope: ReportScope, active: Iterable<string>) {
  const ids = new Set(active);
  return scope.workspace.agents.filter(
    (a) =>
      (a.active || ids.has(a.id)) && (!scope.dims.agentIds || scope.dims.agentIds.includes(a.id)),
  );
}

export async function inboundSales(
  db: Db,
  scope: ReportScope,
): Promise<InboundSalesResponse['data']> {
  const [calls, sets] = await Promise.all([
    callSums(db, scope, {
      direction: 'inbound',
      category: 'sales',
      withAgent: true,
      groupBy: 'agent_id',
    }),
    countTransitions(db, scope, { groupBy: 'agent_id', stages: ['set'], channel: 'inbound' }),
  ]);
  const agents = agentsWith(scope, [...calls.keys(), ...sets.keys()]).map((agent) => {
    const c = calls.get(agent.id) ?? emptyCallSums();
    const s = sets.get(agent.id)?.set ?? 0;
    return {
      id: agent.id,
      name: agent.name,
      calls: c.calls,
      connected: c.connected,
      sets: s,
      setRate: ratePercent(s, c.connected),
    };
  });
  const total = (pick: (a: (typeof agents)[number]) => number) =>
    agents.reduce((t, a) => t + pick(a), 0);
  const totals = {
    calls: total((a) => a.calls),
    connected: total((a) => a.connected),
    sets: total((a) => a.sets),
  };
  return { totals: { ...totals, setRate: ratePercent(totals.sets, totals.connected) }, agents };
}

export async function outboundSales(
  db: Db,
  scope: ReportScope,
): Promise<OutboundSalesResponse['data']> {
  const [calls, sets] = await Promise.all([
    callSums(db, scope, {
      direction: 'outbound',
      category: 'sales',
      withAgent: true,
      groupBy: 'agent_id',
    }),
    countTransitions(db, scope, { groupBy: 'agent_id', stages: ['set'], channel: 'outbound' }),
  ]);
  const parameters = await loadAgentParameters(db, scope.workspace.id);
  const days = daysBetween(scope.startDate, scope.endDate) + 1;
  const row = (c: CallSums, s: number) => ({
    calls: c.calls,
    answered: c.answered,
    sets: s,
    answerRate: ratePercent(c.answered, c.calls),
    setRate: ratePercent(s, c.answered),
  });
  const agents = agentsWith(scope, [...calls.keys(), ...sets.keys()]).map((agent) => ({
    id: agent.id,
    name: agent.name,
    ...row(calls.get(agent.id) ?? emptyCallSums(), sets.get(agent.id)?.set ?? 0),
    ...withOutboundMinimums(
      calls.get(agent.id) ?? emptyCallSums(),
      sets.get(agent.id)?.set ?? 0,
      outboundMinimumsForDays(parameters.get(agent.id)?.minimums, days),
    ),
  }));
  const totals = agents.reduce(
    (t, a) => ({
      ...t,
      calls: t.calls + a.calls,
      answered: t.answered + a.answered,
      set: t.set + a.sets,
    }),
    { ...emptyCallSums(), set: 0 },
  );
  return { totals: row(totals, totals.set), agents };
}

/** POST reports/compliance: each agent's promises due in the range and kept. */
export async function teamCompliance(db: Db, scope: ReportScope): Promise<ComplianceRow[]> {
  const [promises, relationship, collection] = await Promise.all([
    callbacks(db, scope, true),
    outboundTasks(db, scope, 'relationship', { byAgent: true }),
    outboundTasks(db, scope, 'collection', { byAgent: true }),
  ]);
  const asked = scope.dims.agentIds;
  const withWork = new Set([...promises.keys(), ...relationship.keys(), ...collection.keys()]);
  return scope.workspace.agents
    .filter((a) => (asked ? asked.includes(a.id) : withWork.has(a.id)))
    .map((agent) => {
      const p = promises.get(agent.id) ?? { requested: 0, returned: 0 };
      const r = relationship.get(agent.id) ?? { due: 0, made: 0 };
      const c = collection.get(agent.id) ?? { due: 0, made: 0 };
      const due = p.requested + r.due + c.due;
      const done = p.returned + r.made + c.made;
      return {
        AGENT_ID: agent.id,
        AGENT_NAME: agent.name,
        CALLBACKS_REQUESTED: p.requested,
        CALLBACKS_RETURNED: p.returned,
        RELATIONSHIP_DUE: r.due,
        RELATIONSHIP_MADE: r.made,
        COLLECTION_DUE: c.due,
        COLLECTION_MADE: c.made,
        COMPLIANCE_PERCENT: staffCompliancePercent(done, due),
      };
    });
}

/**
 * GET reports/staff-compliance: per active agent (every agent with inactiveUsers), rates
 * rounded up (spec: dashboards 9).
 */
export async function staffCompliance(
  db: Db,
  wholeScope: ReportScope,
  inactiveUsers = false,
  officeIds: readonly string[] = [],
): Promise<StaffComplianceRow[]> {
  const scope = await officeAgentsScope(db, wholeScope, officeIds);
  const [inbound, outbound, promises, relationship, collection, parameters] = await Promise.all([
    callSums(db, scope, { direction: 'inbound', withAgent: true, groupBy: 'agent_id' }),
    callSums(db, scope, { direction: 'outbound', withAgent: true, groupBy: 'agent_id' }),
    callbacks(db, scope, true),
    outboundTasks(db, scope, 'relationship', { byAgent: true }),
    outboundTasks(db, scope, 'collection', { byAgent: true }),
    loadAgentParameters(db, scope.workspace.id),
  ]);
  const everyone = inactiveUsers ? scope.workspace.agents.map((a) => a.id) : [];
  return agentsWith(scope, everyone).map((agent) => {
    const i = inbound.get(agent.id) ?? emptyCallSums();
    const o = outbound.get(agent.id) ?? emptyCallSums();
    const p = promises.get(agent.id) ?? { requested: 0, returned: 0 };
    const r = relationship.get(agent.id) ?? { due: 0, made: 0 };
    const c = collection.get(agent.id) ?? { due: 0, made: 0 };
    const overallRate = ceilPercent(
      i.connected + o.connected + p.returned + r.made + c.made,
      i.calls + o.calls + p.requested + r.due + c.due,
    );
    // The agent's own minimum (Settings > Users parameters), else the workspace default.
    const minimumPercent = effectiveComplianceMinimum(parameters.get(agent.id)?.minimums);
    return {
      agentId: agent.id,
      agentName: agent.name,
      inboundRate: ceilPercent(i.connected, i.calls),
      outboundRate: ceilPercent(o.connected, o.calls),
      callbackRate: ceilPercent(p.returned, p.requested),
      relationshipRate: ceilPercent(r.made, r.due),
      collectionRate: ceilPercent(c.made, c.due),
      overallRate,
      minimumPercent,
      belowMinimum: isBelowComplianceMinimum(overallRate, minimumPercent),
    };
  });
}

/**
 * The office filter of an agent report: only the agents whose Users parameters office is
 * one of these (docs/users-parameters.md); none chosen = every agent. 400 on an unknown one.
 */
async function officeAgentsScope(
  db: Db,
  scope: ReportScope,
  officeIds: readonly string[],
): Promise<ReportScope> {
  if (officeIds.length === 0) return scope;
  const known = new Set(scope.workspace.offices.map((o) => o.id));
  const unknown = officeIds.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw badRequest(`offices: unknown office ${unknown.slice(0, 5).join(', ')}`);
  const inOffices = new Set(await agentIdsInOffices(db, scope.workspace.id, officeIds));
  const agentIds = (scope.dims.agentIds ?? scope.workspace.agents.map((a) => a.id)).filter((id) =>
    inOffices.has(id),
  );
  return { ...scope, dims: { ...scope.dims, agentIds } };
}

/** The agent's outbound minimums for the range and which figures are under them. */
function withOutboundMinimums(
  calls: CallSums,
  sets: number,
  minimums: ReturnType<typeof outboundMinimumsForDays>,
) {
  return {
    minimums,
    belowMinimum: outboundBelowMinimums(
      { calls: calls.calls, answers: calls.answered, sets },
      minimums,
    ),
  };
}
