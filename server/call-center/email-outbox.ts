import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendEmailRequestSchema } from '@/shared/contracts/call-flow';
import {
  callCenterAckSchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  SEND_EMAIL_PATH,
} from '@/shared/contracts/call-flow-api';
import { assertRole } from '../auth/access';
import type { ServerContext } from '../context';
import { forbidden } from '../http/errors';
import { newestFirstPage, pageWindow } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import { callFlowScope } from './call-flow-access';

// spec: session 7 Call flow — POST {service-processes}/sendEmail, here the literal path
// service-processes/sendEmail. The reference server sends no mail: e-mails land in the
// outbox table, which system users read (GET service-processes/outbox).

const recipientsSchema = z.array(z.string());

export function registerEmailOutboxRoutes(api: FastifyInstance, ctx: ServerContext): void {
  // E-mails come from call-flow triggers: the caller must be able to run call flows in
  // their workspace (system users take no calls and have no workspace).
  api.post(`/${SEND_EMAIL_PATH}`, async (request) => {
    const body = parseInput(sendEmailRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const workspaceId = principal.workspace;
    if (workspaceId === null) throw forbidden('Only users of a workspace send call-flow e-mails.');
    await callFlowScope(ctx, principal, workspaceId, 'run');
    const id = randomUUID();
    await ctx.db
      .insertInto('email_outbox')
      .values({
        id,
        workspace_id: workspaceId,
        created_by: principal.sub,
        recipients: JSON.stringify(body.destinations.to),
        subject: body.subject,
        html_body: body.body.htmlBody,
        text_body: body.body.textBody,
        created_at: ctx.now().toISOString(),
      })
      .execute();
    return respondWith(callCenterAckSchema, { id });
  });

  api.get('/service-processes/outbox', async (request) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, ['system']);
    const { workspace } = parseInput(outboxListQuerySchema, request.query ?? {}, 'query');
    let base = ctx.db.selectFrom('email_outbox');
    if (workspace) base = base.where('workspace_id', '=', workspace);
    const { rows, meta } = await newestFirstPage(base, pageWindow(request.query));
    return respondWith(outboxListResponseSchema, {
      data: rows.map((r) => ({
        id: r.id,
        workspace: r.workspace_id,
        userId: r.created_by,
        to: recipientsSchema.parse(JSON.parse(r.recipients)),
        subject: r.subject,
        htmlBody: r.html_body,
        textBody: r.text_body,
        createdAt: r.created_at,
      })),
      meta,
    });
  });
}
