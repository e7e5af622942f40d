import type { SalesPerformanceData } from '@/shared/contracts/reports/cockpit-cards';
import type { Db } from '../db/database';
import { addDays } from '../records/workspace-days';
import { callSums, emptyCallSums } from './call-sums';
import { pclcData } from './funnel';
import {
  attributedRows,
  countTransitions,
  dimensionConditions,
  stageCounts,
} from './pipeline-counts';
import { filtersBeyondLeadSource, loose, type ReportScope } from './report-scope';

/**
 * Appointments scheduled on the days of a range: from the appointments_daily rollup when
 * only lead sources filter, else from the records, which carry their contact's attribution
 * (migration 0015; its index holds every column read here).
 */
async function appointmentCounts(
  db: Db,
  scope: ReportScope,
  range: { startDate: string; endDate: string },
): Promise<{ all: number; filled: number }> {
  const { dims } = scope;
  if (!filtersBeyondLeadSource(dims)) {
    const rollup = await loose(db)
      .selectFrom('appointments_daily as t')
      .where('t.workspace_id', '=', scope.workspace.id)
      .where('t.day', '>=', range.startDate)
      .where('t.day', '<=', range.endDate)
      .where((eb) => eb.and(dimensionConditions(eb, dims, { sentinel: true, withAgents: false })))
      .select((eb) => [
        eb.fn.sum<number>('t.count').as('all'),
        eb.fn
          .sum<number>(
            eb.case().when('t.status', '=', 'cancelled').then(0).else(eb.ref('t.count')).end(),
          )
          .as('filled'),
      ])
      .executeTakeFirst();
    return { all: Number(rollup?.all ?? 0), filled: Number(rollup?.filled ?? 0) };
  }
  const row = await attributedRows(db, scope, 'appointments', 'scheduled_day', range)
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn
        .sum<number>(eb.case().when('t.status', '=', 'cancelled').then(0).else(1).end())
        .as('filled'),
    ])
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), filled: Number(row?.filled ?? 0) };
}

/** The Sales Performance card (spec: dashboards 2.3, 3 Sales performance response). */
export async function salesPerformance(db: Db, scope: ReportScope): Promise<SalesPerformanceData> {
  const tomorrow = addDays(scope.today, 1);
  const [byConsultant, outboundCalls, outboundSets, inRange, scheduledTomorrow, counts] =
    await Promise.all([
      countTransitions(db, scope, { groupBy: 'consultant_id', stages: ['show', 'hire'] }),
      callSums(db, scope, {
        direction: 'outbound',
        category: 'sales',
        withAgent: true,
        groupBy: 'agent_id',
      }),
      countTransitions(db, scope, { groupBy: 'agent_id', stages: ['set'], channel: 'outbound' }),
      appointmentCounts(db, scope, scope),
      appointmentCounts(db, scope, { startDate: tomorrow, endDate: tomorrow }),
      stageCounts(db, scope),
    ]);
  const consultants = scope.workspace.consultants.filter((c) => c.active || byConsultant.has(c.id));
  const agents = scope.workspace.agents.filter(
    (a) =>
      (a.active || outboundCalls.has(a.id) || outboundSets.has(a.id)) &&
      (!scope.dims.agentIds || scope.dims.agentIds.includes(a.id)),
  );
  return {
    CID_SALESPERFORMANCE: {
      CID_HIRES: consultants.map((c) => ({
        id: c.id,
        name: c.name,
        consults: byConsultant.get(c.id)?.show ?? 0,
        hires: byConsultant.get(c.id)?.hire ?? 0,
      })),
      CID_OUTBOUNDSALES: agents.map((a) => {
        const calls = outboundCalls.get(a.id) ?? emptyCallSums();
        return {
          id: a.id,
          name: a.name,
          outboundSales: calls.calls,
          answered: calls.answered,
          sets: outboundSets.get(a.id)?.set ?? 0,
        };
      }),
      CID_APPOINTMENTINVENTORYTARGETS: {
        scheduledTomorrow: scheduledTomorrow.filled,
        spotsFilled: inRange.filled,
        appointmentsInRange: inRange.all,
      },
    },
    // The funnel's set rate (one definition, shared/domain/funnel-rates.ts).
    SETRATE: pclcData(counts).SETRATE,
  };
}
