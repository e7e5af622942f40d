import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import { assertWorkspaceAccess, type Principal } from '../auth/access';
import type { ServerContext } from '../context';
import { notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import type { Workspace } from '@/shared/contracts/workspace';
import { findWorkspace, workspaceExists } from '../repositories/workspace-repository';

export const workspaceParamsSchema = z.object({ id: idSchema });

/**
 * The checks every `workspaces/{id}/...` route makes, in this order: a valid token (401),
 * a well-formed id (400), a workspace the token belongs to (403; system reads any), an
 * existing workspace (404). A non-system user asking for a workspace that does not
 * exist gets 403 like any other foreign id, so ids cannot be probed.
 */
export function createWorkspaceScope(ctx: ServerContext) {
  return async function workspaceScope(
    request: FastifyRequest,
  ): Promise<{ principal: Principal; workspaceId: string }> {
    const { principal, id } = await checkedWorkspaceId(ctx, request);
    if (!(await workspaceExists(ctx.db, id))) throw notFound('Workspace not found.');
    return { principal, workspaceId: id };
  };
}

/**
 * The same checks, answering the workspace itself: for routes that go on to read its
 * settings (report and goal routes check the feature table against them), so the row is
 * read once per request.
 */
export function createLoadedWorkspaceScope(ctx: ServerContext) {
  return async function loadedWorkspaceScope(
    request: FastifyRequest,
  ): Promise<{ principal: Principal; workspaceId: string; workspace: Workspace }> {
    const { principal, id } = await checkedWorkspaceId(ctx, request);
    const workspace = await findWorkspace(ctx.db, id);
    if (!workspace) throw notFound('Workspace not found.');
    return { principal, workspaceId: id, workspace };
  };
}

async function checkedWorkspaceId(ctx: ServerContext, request: FastifyRequest) {
  const principal = await ctx.authenticate(request);
  const { id } = parseInput(workspaceParamsSchema, request.params, 'params');
  assertWorkspaceAccess(principal, id);
  return { principal, id };
}
