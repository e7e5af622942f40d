import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  asyncFailureListQuerySchema,
  asyncFailureListResponseSchema,
  asyncFailureResponseSchema,
  retryAllResponseSchema,
  simulatedCrmResponseSchema,
  simulatedCrmUpdateSchema,
} from '@/shared/contracts/async-errors';
import { idSchema } from '@/shared/contracts/common';
import { closedRecordProblem } from '@/shared/domain/async-errors';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { hasAsyncRecordResolution } from '@/shared/domain/workspace-features';
import { assertRole } from '../auth/access';
import {
  dismissFailure,
  findFailure,
  listFailures,
  type FailureWriter,
  retryAllFailures,
  retryFailure,
  simulatedCrmWriter,
} from '../call-center/async-record-failures';
import type { ServerContext } from '../context';
import type { CrmOutbox } from '../crm/crm-outbox';
import { forbidden, HttpError, notFound } from '../http/errors';
import { pageWindow } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import {
  endSimulatedCrmOutage,
  findSimulatedCrmOutage,
  startSimulatedCrmOutage,
} from '../repositories/simulated-crm-repository';
import { createLoadedWorkspaceScope } from './workspace-scope';

// Settings > Async error resolution (issue #16): the CRM writes of the async-records
// pipeline that the CRM refused (server/call-center/async-record-failures.ts), for owners,
// admins and the system role, in workspaces with asynchronous lead generation (spec:
// dashboards 6, the menu's rule). docs/async-error-resolution.md has the endpoint table.

const failureParams = z.object({ id: idSchema, failureId: idSchema });

/** The page's list size by default (the page asks for 25 at a time). */
const DEFAULT_PAGE = 25;

export const ASYNC_LEAD_GENERATION_REQUIRED =
  'Async error resolution is only for workspaces with asynchronous lead generation or a connected CRM.';

export function registerAsyncErrorRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  crmOutbox: CrmOutbox,
): void {
  const { db } = ctx;
  const loadedScope = createLoadedWorkspaceScope(ctx);
  const simulated = simulatedCrmWriter(db);
  // A record a real CRM refused is sent there again (issue #33); the others to the
  // simulated CRM, as before.
  const write: FailureWriter = async (failure, now) => {
    const resent = await crmOutbox.resend(failure.workspace, failure.id);
    if (!resent) return simulated(failure, now);
    return { id: resent.crmId ?? failure.id };
  };

  /** 401, 400 id, 403 foreign workspace, 404 missing, 403 role, 403 without async lead generation. */
  async function managerScope(request: FastifyRequest) {
    const scope = await loadedScope(request);
    assertRole(scope.principal, MANAGERS_AND_SYSTEM);
    if (!hasAsyncRecordResolution(scope.workspace)) {
      throw forbidden(ASYNC_LEAD_GENERATION_REQUIRED);
    }
    return scope;
  }

  /** An open record of the workspace (404 for another workspace's id, 409 once closed). */
  async function openFailure(workspaceId: string, request: FastifyRequest) {
    const { failureId } = parseInput(failureParams, request.params, 'params');
    const failure = await findFailure(db, workspaceId, failureId);
    if (!failure) throw notFound('Failed record not found.');
    const problem = closedRecordProblem(failure.status);
    if (problem) throw new HttpError(409, problem);
    return failure;
  }

  api.get('/workspaces/:id/async-errors', async (request) => {
    const { workspaceId } = await managerScope(request);
    const { status } = parseInput(asyncFailureListQuerySchema, request.query ?? {}, 'query');
    const page = await listFailures(
      db,
      workspaceId,
      status,
      pageWindow(request.query, DEFAULT_PAGE),
    );
    return respondWith(asyncFailureListResponseSchema, page);
  });

  api.post('/workspaces/:id/async-errors/retry-all', async (request) => {
    const { principal, workspaceId } = await managerScope(request);
    const result = await retryAllFailures(
      db,
      workspaceId,
      principal.sub,
      () => ctx.now().toISOString(),
      write,
    );
    return respondWith(retryAllResponseSchema, { data: result });
  });

  api.post('/workspaces/:id/async-errors/:failureId/retry', async (request) => {
    const { principal, workspaceId } = await managerScope(request);
    const failure = await openFailure(workspaceId, request);
    await retryFailure(db, failure, principal.sub, ctx.now().toISOString(), write);
    const saved = await findFailure(db, workspaceId, failure.id);
    if (!saved) throw notFound('Failed record not found.');
    return respondWith(asyncFailureResponseSchema, { data: saved });
  });

  api.post('/workspaces/:id/async-errors/:failureId/dismiss', async (request) => {
    const { principal, workspaceId } = await managerScope(request);
    const failure = await openFailure(workspaceId, request);
    await dismissFailure(db, failure.id, principal.sub, ctx.now().toISOString());
    const saved = await findFailure(db, workspaceId, failure.id);
    if (!saved) throw notFound('Failed record not found.');
    return respondWith(asyncFailureResponseSchema, { data: saved });
  });

  api.get('/workspaces/:id/simulated-crm', async (request) => {
    const { workspaceId } = await loadedScope(request, ['system']);
    return respondWith(simulatedCrmResponseSchema, {
      data: await findSimulatedCrmOutage(db, workspaceId),
    });
  });

  api.put('/workspaces/:id/simulated-crm', async (request) => {
    const { principal, workspaceId } = await loadedScope(request, ['system']);
    const { outage } = parseInput(simulatedCrmUpdateSchema, request.body, 'body');
    if (outage) {
      await startSimulatedCrmOutage(db, workspaceId, principal.sub, ctx.now().toISOString());
    } else {
      await endSimulatedCrmOutage(db, workspaceId);
    }
    return respondWith(simulatedCrmResponseSchema, {
      data: await findSimulatedCrmOutage(db, workspaceId),
    });
  });
}
