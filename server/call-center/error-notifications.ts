import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorNotificationRequestSchema } from '@/shared/contracts/call-flow';
import {
  callCenterAckSchema,
  errorNotificationListResponseSchema,
  outboxListQuerySchema,
} from '@/shared/contracts/call-flow-api';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import { newestFirstPage, pageWindow } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';

// spec: session 7 Call flow — POST error-notification with subject and body (spec 8: the
// call-flow error e-mail, sent once per session). Stored in error_notifications, which
// system users read (GET error-notification).

export function registerErrorNotificationRoutes(api: FastifyInstance, ctx: ServerContext): void {
  // spec 8: any screen's failure may notify, so any signed-in user may send one.
  api.post('/error-notification', async (request) => {
    const body = parseInput(errorNotificationRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const id = randomUUID();
    await ctx.db
      .insertInto('error_notifications')
      .values({
        id,
        workspace_id: principal.workspace,
        created_by: principal.sub,
        subject: body.subject,
        body: body.body,
        created_at: ctx.now().toISOString(),
      })
      .execute();
    return respondWith(callCenterAckSchema, { id });
  });

  api.get('/error-notification', async (request) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, ['system']);
    const { workspace } = parseInput(outboxListQuerySchema, request.query ?? {}, 'query');
    let base = ctx.db.selectFrom('error_notifications');
    if (workspace) base = base.where('workspace_id', '=', workspace);
    const { rows, meta } = await newestFirstPage(base, pageWindow(request.query));
    return respondWith(errorNotificationListResponseSchema, {
      data: rows.map((r) => ({
        id: r.id,
        workspace: r.workspace_id,
        userId: r.created_by,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at,
      })),
      meta,
    });
  });
}
