import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorizationStatusRequestSchema } from '@/shared/contracts/authorization-status';
import { idSchema, itemResponseSchema } from '@/shared/contracts/common';
import { authorizationSchema } from '@/shared/contracts/user';
import { MANAGERS_AND_SYSTEM } from '@/shared/domain/role-groups';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import { notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { findAuthorization, listAuthorizations } from '../repositories/user-repository';
import { checkAuthorizationStatusChange, setUserStatus } from './users-administration';
import { createWorkspaceScope } from './workspace-scope';

const paramsSchema = z.object({ id: idSchema, authorizationId: idSchema });
const authorizationItem = itemResponseSchema(authorizationSchema);

/**
 * Deactivation by authorization id (issue 9 item 8; Settings > Users administration uses
 * PATCH workspaces/{id}/users/{userId}, issue #16, with the same rules and effects).
 * Owners and admins of the workspace and the system role may set an authorization of
 * that workspace active or inactive, under the rules of shared/domain/
 * user-administration.ts (not yourself, an admin never an owner, never the last active
 * owner); made inactive, every refresh-token family of the user is revoked, which also
 * ends their access tokens and sockets at once (server/socket/socket-server.ts), not 15
 * minutes later.
 */
export function registerAuthorizationRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  api.patch('/workspaces/:id/authorizations/:authorizationId', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    assertRole(principal, MANAGERS_AND_SYSTEM);
    const { authorizationId } = parseInput(paramsSchema, request.params, 'params');
    const { status } = parseInput(authorizationStatusRequestSchema, request.body, 'body');

    const authorization = await findAuthorization(db, authorizationId);
    // Another workspace's authorization is as unknown here as one that does not exist.
    if (!authorization || authorization.workspaceId !== workspaceId)
      throw notFound('Authorization not found.');

    await checkAuthorizationStatusChange(ctx, principal, workspaceId, authorization.userId, status);
    await setUserStatus(
      ctx,
      { userId: authorization.userId, authorizationId, workspaceId },
      status,
    );

    const updated = (await listAuthorizations(db, authorization.userId)).find(
      (a) => a.id === authorizationId,
    );
    if (!updated) throw notFound('Authorization not found.');
    return respondWith(authorizationItem, { data: updated });
  });
}
