import type { PeopleData } from '@/shared/contracts/reports/people';
import type { PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import { rateOf, ratePercent } from '@/shared/domain/funnel-rates';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { addDays, eachDay } from '../records/workspace-days';
import { callSums, emptyCallSums } from './call-sums';
import {
  countTransitions,
  emptyStageCounts,
  groupedCounts,
  outcomePerspective,
  type StageCounts,
  stageCounts,
} from './pipeline-counts';
import type { Perspective } from '../records/rollups';
import type { ReportScope } from './report-scope';

/** GET reports/relationships/agents: open and recent relationship calls per agent. */
export async function relationshipAgents(db: Db, scope: ReportScope, includePerson: boolean) {
  const since = addDays(scope.today, -29);
  // Two narrow reads of the (workspace_id, kind, made_day, due_day) index: the open calls
  // (never made, due by today) and those made in the last 30 days. One pass with CASE
  // sums read every relationship call the workspace ever had.
  const relationshipCalls = () =>
    db
      .selectFrom('outbound_tasks as t')
      .where('t.workspace_id', '=', scope.workspace.id)
      .where('t.kind', '=', 'relationship')
      .select((eb) => ['t.agent_id', eb.fn.countAll<number>().as('n')])
      .groupBy('t.agent_id');
  const [open, made] = await Promise.all([
    relationshipCalls()
      .where('t.made_day', 'is', null)
      .where('t.due_day', '<=', scope.today)
      .execute(),
    relationshipCalls().where('t.made_day', '>=', since).execute(),
  ]);
  const perAgent = (rows: { agent_id: string | null; n: number }[]) =>
    new Map(rows.map((r) => [String(r.agent_id), Number(r.n)]));
  const openByAgent = perAgent(open);
  const madeByAgent = perAgent(made);
  const personIds = scope.workspace.agents.flatMap((a) => (a.personId ? [a.personId] : []));
  const persons =
    includePerson && personIds.length > 0
      ? await db
          .selectFrom('persons')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', 'in', personIds)
          .execute()
      : [];
  const personById = new Map(persons.map((p) => [p.id, p]));
  return scope.workspace.agents.map((agent) => {
    const person = agent.personId ? personById.get(agent.personId) : undefined;
    return {
      id: agent.id,
      name: agent.name,
      active: agent.active,
      openRelationshipCalls: openByAgent.get(agent.id) ?? 0,
      relationshipCallsMade30Days: madeByAgent.get(agent.id) ?? 0,
      ...(includePerson
        ? {
            person: person
              ? {
                  id: person.id,
                  firstName: person.first_name,
                  lastName: person.last_name,
                  email: person.email,
                }
              : null,
          }
        : {}),
    };
  });
}

/**
 * An agent's figures: `counts` in the range, `cohort` the sets of the leads qualified in
 * it (the set rate's numerator, shared/domain/funnel-rates.ts).
 */
function performance(
  counts: StageCounts | undefined,
  cohort: StageCounts | undefined,
  inbound = emptyCallSums(),
  outbound = emptyCallSums(),
) {
  const c = counts ?? emptyStageCounts();
  const setRateBasis = { numerator: cohort?.set ?? 0, denominator: c.qualified };
  return {
    leads: c.new_lead,
    sets: c.set,
    setRate: rateOf(setRateBasis),
    setRateBasis,
    inboundCalls: inbound.calls,
    inboundConnected: inbound.connected,
    outboundCalls: outbound.calls,
    outboundAnswered: outbound.answered,
  };
}

/**
 * Per-agent counts of a few stages (the team tab), one query per stage. With the stages in one IN list,
 * SQLite (no sqlite_stat1: the server does not ANALYZE) walks pipeline_daily_people's
 * (perspective, agent_id) index over every stage and day to spare the GROUP BY its sort;
 * one stage at a time it reads that stage's days from the (perspective, stage, day)
 * index: about a third of the rows at a million contacts. The same counts either way.
 */
async function countsByAgent(
  db: Db,
  scope: ReportScope,
  stages: readonly PipelineStage[],
  perspective?: Perspective,
): Promise<Map<string, StageCounts>> {
  const perStage = await Promise.all(
    stages.map((stage) =>
      countTransitions(db, scope, { groupBy: 'agent_id', stages: [stage], perspective }),
    ),
  );
  const result = new Map<string, StageCounts>();
  perStage.forEach((counts, i) => {
    for (const [agent, stageCounts] of counts) {
      let entry = result.get(agent);
      if (!entry) {
        entry = emptyStageCounts();
        result.set(agent, entry);
      }
      entry[stages[i]] += stageCounts[stages[i]];
    }
  });
  return result;
}

/** POST reports/people/{tab} (spec: dashboards 7 people tabs). */
export async function peopleTab(
  db: Db,
  scope: ReportScope,
  tab: 'team' | 'consultants' | 'agent',
  options: { inactiveUsers: boolean; agent?: string; limit: number; offset: number },
): Promise<PeopleData> {
  // One page of a tab's people, in name order (the lookups are sorted by name).
  const paged = <T>(rows: T[]) => ({
    rows: rows.slice(options.offset, options.offset + options.limit),
    page: { total: rows.length, limit: options.limit, offset: options.offset },
  });
  const stages = ['new_lead', 'qualified', 'set'] as const;
  const cohortPerspective = outcomePerspective(scope.perspective);
  if (tab === 'team') {
    const [counts, cohort, inbound, outbound] = await Promise.all([
      countsByAgent(db, scope, stages),
      countsByAgent(db, scope, ['set'], cohortPerspective),
      callSums(db, scope, { direction: 'inbound', withAgent: true, groupBy: 'agent_id' }),
      callSums(db, scope, { direction: 'outbound', withAgent: true, groupBy: 'agent_id' }),
    ]);
    return {
      tab,
      ...paged(
        scope.workspace.agents
          .filter((a) => a.active || options.inactiveUsers)
          .map((a) => ({
            id: a.id,
            name: a.name,
            active: a.active,
            ...performance(
              counts.get(a.id),
              cohort.get(a.id),
              inbound.get(a.id),
              outbound.get(a.id),
            ),
          })),
      ),
    };
  }
  if (tab === 'consultants') {
    // The consults of the range and, counted by their consult's day, what became of them.
    const [consults, outcomes] = await Promise.all([
      countTransitions(db, scope, { groupBy: 'consultant_id', stages: ['show'] }),
      countTransitions(db, scope, {
        groupBy: 'consultant_id',
        stages: ['unqualified_at_appt', 'hire', 'no_hire'],
        perspective: cohortPerspective,
      }),
    ]);
    return {
      tab,
      ...paged(
        scope.workspace.consultants
          .filter((c) => c.active || options.inactiveUsers)
          .map((c) => {
            const shown = consults.get(c.id)?.show ?? 0;
            const n = outcomes.get(c.id) ?? emptyStageCounts();
            const qualifiedConsults = Math.max(0, shown - n.unqualified_at_appt);
            return {
              id: c.id,
              name: c.name,
              active: c.active,
              consults: shown,
              qualifiedConsults,
              hires: n.hire,
              noHires: n.no_hire,
              hireRate: ratePercent(n.hire, qualifiedConsults),
            };
          }),
      ),
    };
  }
  const agent = scope.workspace.agents.find((a) => a.id === options.agent);
  if (!options.agent) throw badRequest('agent: agent is required for the agent tab');
  if (!agent) throw badRequest(`agent: unknown agent ${options.agent}`);
  const agentScope: ReportScope = { ...scope, dims: { ...scope.dims, agentIds: [agent.id] } };
  const [byDay, cohort, calls] = await Promise.all([
    groupedCounts(db, agentScope, { groupBy: 'day', stages }),
    stageCounts(db, agentScope, { stages: ['set'], perspective: cohortPerspective }),
    callSums(db, agentScope, { withAgent: true, groupBy: 'day' }),
  ]);
  const total = emptyStageCounts();
  const perDay = new Map(byDay.map((row) => [row.keys[0], row.counts]));
  for (const row of byDay) for (const stage of stages) total[stage] += row.counts[stage];
  const [inbound, outbound] = await Promise.all([
    callSums(db, agentScope, { direction: 'inbound', withAgent: true }),
    callSums(db, agentScope, { direction: 'outbound', withAgent: true }),
  ]);
  return {
    tab,
    agent: { id: agent.id, name: agent.name, active: agent.active },
    totals: performance(total, cohort, inbound.get(''), outbound.get('')),
    days: eachDay(scope.startDate, scope.endDate).map((day) => ({
      day,
      leads: perDay.get(day)?.new_lead ?? 0,
      sets: perDay.get(day)?.set ?? 0,
      calls: calls.get(day)?.calls ?? 0,
    })),
  };
}
