import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  checkFeatureAccess,
  type ReportFeature,
  reportFeatureFor,
} from '@/shared/domain/feature-access';
import type { Workspace } from '@/shared/contracts/workspace';
import type { Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { forbidden } from '../http/errors';
import { assertReportRange, type ReportRateLimit } from '../http/report-guards';
import { parseInput, respondWith } from '../http/validate';
import { loadLookupSet, type WorkspaceLookupSet } from '../reports/report-scope';
import { createLoadedWorkspaceScope } from './workspace-scope';

/** What a report handler gets: the checked input, the workspace's lookups, the clock. */
export interface ReportCall<I> {
  input: I;
  workspace: WorkspaceLookupSet;
  principal: Principal;
  request: FastifyRequest;
  now: Date;
}

/**
 * 403 unless the principal's role, the workspace's edition and its settings allow the
 * feature (shared/domain/feature-access.ts, the table the client's guards read too).
 */
export function assertFeatureAccess(
  principal: Principal,
  workspace: Workspace | null,
  feature: ReportFeature,
): void {
  const access = checkFeatureAccess(feature, principal.role, workspace);
  if (!access.allowed) throw forbidden(access.message);
}

/**
 * Registers workspace report routes the same way: token (401), workspace access (403),
 * existing workspace (404), role / edition / workspace module for the route's feature
 * (403, issue #9 item 5), the user's report budget (429), input checked by its zod contract (400 naming each field) and its date range bounded (400),
 * answer checked by its response contract (a mismatch is our bug: 500).
 */
export function createReportRouter(
  api: FastifyInstance,
  ctx: ServerContext,
  rateLimit: ReportRateLimit,
) {
  const workspaceScope = createLoadedWorkspaceScope(ctx);

  function register<I extends z.ZodType, O extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    input: I,
    output: O,
    handler: (call: ReportCall<z.output<I>>) => Promise<z.input<O>>,
  ) {
    const feature = reportFeatureFor(path);
    // Fail at start-up, not at request time: a report without an entry in the table would
    // otherwise be readable by every role.
    if (!feature) throw new Error(`Report route "${path}" has no entry in REPORT_ROUTE_FEATURES.`);
    api.route({
      method,
      url: `/workspaces/:id/reports/${path}`,
      handler: async (request) => {
        const { principal, workspaceId, workspace: settings } = await workspaceScope(request);
        rateLimit(principal);
        assertFeatureAccess(principal, settings, feature);
        const parsed = parseInput(
          input,
          method === 'GET' ? (request.query ?? {}) : (request.body ?? {}),
          method === 'GET' ? 'query' : 'body',
        );
        assertReportRange(parsed);
        const workspace = await loadLookupSet(ctx.db, workspaceId);
        const payload = await handler({
          input: parsed,
          workspace,
          principal,
          request,
          now: ctx.now(),
        });
        return respondWith(output, payload);
      },
    });
  }

  return {
    get: <I extends z.ZodType, O extends z.ZodType>(
      path: string,
      input: I,
      output: O,
      handler: (call: ReportCall<z.output<I>>) => Promise<z.input<O>>,
    ) => register('GET', path, input, output, handler),
    post: <I extends z.ZodType, O extends z.ZodType>(
      path: string,
      input: I,
      output: O,
      handler: (call: ReportCall<z.output<I>>) => Promise<z.input<O>>,
    ) => register('POST', path, input, output, handler),
  };
}
