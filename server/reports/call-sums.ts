import type { Db } from '../db/database';
import { chosenIds, loose, type ReportScope } from './report-scope';

/**
 * Call counts from the calls_daily rollup (kept on write with every call). Call reports
 * honour the date range, lead sources (of the caller's contact; calls without a contact
 * are kept unless lead sources are chosen) and agents; Test-source calls never count.
 */
export interface CallSums {
  calls: number;
  answered: number;
  connected: number;
  missed: number;
  abandoned: number;
  waitSeconds: number;
}

export const emptyCallSums = (): CallSums => ({
  calls: 0,
  answered: 0,
  connected: 0,
  missed: 0,
  abandoned: 0,
  waitSeconds: 0,
});

export interface CallSumOptions {
  groupBy?: 'agent_id' | 'category' | 'day' | 'direction';
  direction?: 'inbound' | 'outbound';
  category?: 'sales' | 'client' | 'other';
  /** Only calls an agent took or was rung for. */
  withAgent?: boolean;
  range?: { startDate: string; endDate: string };
}

export async function callSums(
  db: Db,
  scope: ReportScope,
  options: CallSumOptions = {},
): Promise<Map<string, CallSums>> {
  const range = options.range ?? { startDate: scope.startDate, endDate: scope.endDate };
  const { dims } = scope;
  let query = loose(db)
    .selectFrom('calls_daily as t')
    .where('t.workspace_id', '=', scope.workspace.id)
    .where('t.day', '>=', range.startDate)
    .where('t.day', '<=', range.endDate);
  if (dims.hiddenSourceIds.length > 0)
    query = query.where('t.lead_source_id', 'not in', dims.hiddenSourceIds);
  if (dims.leadSourceIds)
    query = query.where('t.lead_source_id', 'in', chosenIds(dims.leadSourceIds));
  if (dims.agentIds) query = query.where('t.agent_id', 'in', chosenIds(dims.agentIds));
  if (options.withAgent) query = query.where('t.agent_id', '!=', '');
  if (options.direction) query = query.where('t.direction', '=', options.direction);
  if (options.category) query = query.where('t.category', '=', options.category);
  const group = options.groupBy ? `t.${options.groupBy}` : null;
  const rows = await query
    .select((eb) => [
      eb.fn.sum<number>('t.calls').as('calls'),
      eb.fn.sum<number>('t.answered').as('answered'),
      eb.fn.sum<number>('t.connected').as('connected'),
      eb.fn.sum<number>('t.missed').as('missed'),
      eb.fn.sum<number>('t.abandoned').as('abandoned'),
      eb.fn.sum<number>('t.wait_seconds').as('wait_seconds'),
      ...(group ? [eb.ref(group).as('group_key')] : []),
    ])
    .$if(group !== null, (qb) => qb.groupBy(group!))
    .execute();
  const result = new Map<string, CallSums>();
  for (const row of rows) {
    if (row.calls === null) continue;
    result.set(group ? String(row.group_key ?? '') : '', {
      calls: Number(row.calls),
      answered: Number(row.answered),
      connected: Number(row.connected),
      missed: Number(row.missed),
      abandoned: Number(row.abandoned),
      waitSeconds: Number(row.wait_seconds),
    });
  }
  return result;
}

export async function callTotal(db: Db, scope: ReportScope, options: CallSumOptions = {}) {
  return (await callSums(db, scope, options)).get('') ?? emptyCallSums();
}

/** A whole percent rounded up (spec: dashboards 9 staff compliance), null without a whole. */
export function ceilPercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.min(100, Math.ceil((part / whole) * 100 - 1e-9)) : null;
}
