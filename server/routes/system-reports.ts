import type { FastifyInstance } from 'fastify';
import { dateRangeSchema } from '@/shared/contracts/reports/report-filters';
import { systemPclcResponseSchema } from '@/shared/contracts/reports/pclc';
import type { ServerContext } from '../context';
import { assertReportRange, type ReportRateLimit } from '../http/report-guards';
import { parseInput, respondWith } from '../http/validate';
import { pclcData } from '../reports/funnel';
import { emptyStageCounts, stageCounts } from '../reports/pipeline-counts';
import {
  assertRangeNotInFuture,
  dateScope,
  loadLookupSet,
  workspaceToday,
} from '../reports/report-scope';
import { listWorkspaceIds } from '../repositories/workspace-repository';
import { assertFeatureAccess } from './report-route';

/**
 * GET system/reports/pclc?startDate=&endDate= (spec: dashboards 2.2 pclc-system-report,
 * 7): the snapshot funnel of every workspace, for the system role only (403 otherwise).
 * "Today" is the latest today of any workspace's timezone.
 */
export function registerSystemReportRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  rateLimit: ReportRateLimit,
): void {
  api.get('/system/reports/pclc', async (request) => {
    const principal = await ctx.authenticate(request);
    // Roles from the shared feature table (issue #9 item 5); no workspace is involved.
    assertFeatureAccess(principal, null, 'systemReports');
    rateLimit(principal);
    const range = parseInput(dateRangeSchema, request.query ?? {}, 'query');
    assertReportRange(range);
    const now = ctx.now();
    const ids = await listWorkspaceIds(ctx.db);
    const workspaces = await Promise.all(ids.map((id) => loadLookupSet(ctx.db, id)));
    const latestToday = workspaces
      .map((w) => workspaceToday(w, now))
      .reduce((a, b) => (a > b ? a : b), now.toISOString().slice(0, 10));
    assertRangeNotInFuture(range.endDate, latestToday);
    const rows = await Promise.all(
      workspaces.map(async (workspace) => {
        const today = workspaceToday(workspace, now);
        // A workspace whose today is earlier counts up to its own today.
        const endDate = range.endDate > today ? today : range.endDate;
        const scope = dateScope(
          workspace,
          { startDate: range.startDate > endDate ? endDate : range.startDate, endDate },
          now,
        );
        const counts =
          range.startDate > endDate ? emptyStageCounts() : await stageCounts(ctx.db, scope);
        return { WORKSPACEID: workspace.id, WORKSPACENAME: workspace.name, ...pclcData(counts) };
      }),
    );
    return respondWith(systemPclcResponseSchema, { data: rows });
  });
}
