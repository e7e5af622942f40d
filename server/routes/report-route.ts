import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { parseInput } from '../http/validate';
import { respondWith } from '../http/validate';
import { loadLookupSet, type WorkspaceLookupSet } from '../reports/report-scope';
import { createWorkspaceScope } from './workspace-scope';

/** What a report handler gets: the checked input, the workspace's lookups, the clock. */
export interface ReportCall<I> {
  input: I;
  workspace: WorkspaceLookupSet;
  principal: Principal;
  request: FastifyRequest;
  now: Date;
}

/**
 * Registers workspace report routes the same way: token (401), workspace access (403),
 * existing workspace (404), input checked by its zod contract (400 naming each field),
 * answer checked by its response contract (a mismatch is our bug: 500).
 */
export function createReportRouter(api: FastifyInstance, ctx: ServerContext) {
  const workspaceScope = createWorkspaceScope(ctx);

  function register<I extends z.ZodType, O extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    input: I,
    output: O,
    handler: (call: ReportCall<z.output<I>>) => Promise<z.input<O>>,
  ) {
    api.route({
      method,
      url: `/workspaces/:id/reports/${path}`,
      handler: async (request) => {
        const { principal, workspaceId } = await workspaceScope(request);
        const parsed = parseInput(
          input,
          method === 'GET' ? (request.query ?? {}) : (request.body ?? {}),
          method === 'GET' ? 'query' : 'body',
        );
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
