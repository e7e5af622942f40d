import type { FastifyInstance } from 'fastify';
import {
  markNotificationsReadSchema,
  notificationResponseSchema,
  notificationSchema,
  notificationsReadResponseSchema,
  sendNotificationSchema,
} from '@/shared/contracts/notification';
import { SYSTEM_ONLY } from '@/shared/domain/role-groups';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { listResponder } from '../http/list-response';
import { parseInput, respondWith } from '../http/validate';
import type { NotificationService } from '../notifications/notification-service';
import { findUserById } from '../repositories/user-repository';
import { workspaceExists } from '../repositories/workspace-repository';
import { isWorkspaceMember } from '../repositories/workspace-user-repository';
import { createWorkspaceScope } from './workspace-scope';

/**
 * The notification centre's calls (shared/contracts/notification.ts, issue 12):
 * - GET workspaces/{id}/notifications: the signed-in user's, in that workspace;
 * - PUT workspaces/{id}/notifications/read: marks some or all of them read;
 * - POST system/notifications: a system user sends one to a workspace or to one of its
 *   users (201).
 */
export function registerNotificationRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  notifications: NotificationService,
): void {
  const workspaceScope = createWorkspaceScope(ctx);
  const respondList = listResponder(notificationSchema);

  api.get('/workspaces/:id/notifications', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    return respondList(request.query, await notifications.list(workspaceId, principal.sub));
  });

  api.put('/workspaces/:id/notifications/read', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    const body = parseInput(markNotificationsReadSchema, request.body ?? {}, 'body');
    return respondWith(notificationsReadResponseSchema, {
      data: await notifications.markRead(workspaceId, principal.sub, body),
    });
  });

  api.post('/system/notifications', async (request, reply) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, SYSTEM_ONLY);
    const input = parseInput(sendNotificationSchema, request.body ?? {}, 'body');
    if (!(await workspaceExists(ctx.db, input.workspaceId))) {
      throw notFound(`Workspace ${input.workspaceId} not found.`);
    }
    if (input.userId !== undefined) {
      if (!(await findUserById(ctx.db, input.userId))) {
        throw notFound(`User ${input.userId} not found.`);
      }
      const member = await isWorkspaceMember(ctx.db, input.userId, input.workspaceId);
      if (!member) {
        throw badRequest(
          `userId: user ${input.userId} does not belong to workspace ${input.workspaceId}`,
        );
      }
    }
    const sent = await notifications.send({
      workspaceId: input.workspaceId,
      userId: input.userId ?? null,
      title: input.title,
      description: input.description,
      actionRequired: input.actionRequired,
      path: input.path ?? null,
    });
    // Manual notifications carry no dedupe key, so the insert cannot be refused.
    if (!sent) throw new Error('A manual notification was refused as a duplicate.');
    return reply.code(201).send(respondWith(notificationResponseSchema, { data: sent }));
  });
}
