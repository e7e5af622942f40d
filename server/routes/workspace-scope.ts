import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import { assertRole, assertWorkspaceAccess, type Principal } from '../auth/access';
import type { Role } from '@/shared/contracts/roles';
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
 * exist gets 403 like any other foreign id, so ids cannot be probed. Given `roles`, a user
 * of another role gets 403 last (after the 404), as every route of the spec answers.
 */
export function createWorkspaceScope(ctx: ServerContext) {
  return async function workspaceScope(
    request: FastifyRequest,
    roles?: readonly Role[],
  ): Promise<{ principal: Principal; workspaceId: string }> {
    const { principal, id } = await checkedWorkspaceId(ctx, request);
    if (!(await workspaceExists(ctx.db, id))) throw notFound('Workspace not found.');
    if (roles) assertRole(principal, roles);
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
    roles?: readonly Role[],
  ): Promise<{ principal: Principal; workspaceId: string; workspace: Workspace }> {
    const { principal, id } = await checkedWorkspaceId(ctx, request);
    const workspace = await findWorkspace(ctx.db, id);
    if (!workspace) throw notFound('Workspace not found.');
    if (roles) assertRole(principal, roles);
    return { principal, workspaceId: id, workspace };
  };
}

async function checkedWorkspaceId(ctx: ServerContext, request: FastifyRequest) {
  const principal = await ctx.authenticate(request);
  const { id } = parseInput(workspaceParamsSchema, request.params, 'params');
  assertWorkspaceAccess(principal, id);
  return { principal, id };
}
